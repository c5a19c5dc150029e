import Foundation
import Testing

/// The demo site, hostile samples included, opened in headless Chromium: no payload runs, search and shake work with
/// JavaScript, every page shows its content without it, and no link is broken. Pages are served on 127.0.0.1 as
/// plain files, without the server's security headers, so what is checked is the pages' own escaping.
@Suite(.serialized, .enabled(if: Chromium.isInstalled, "chromium is not installed: `make test-deps` (or apt-get install chromium) installs it"))
struct SiteInBrowserTests {
    /// Script that lists what a payload would leave in the DOM: handler attributes, script URLs, elements only a
    /// payload would add, scripts not from the site, JSON-LD cut short, a hidden body.
    static let payloadTraces = """
        (() => {
          const found = [];
          const show = (element) => element.outerHTML.slice(0, 200);
          const urlAttributes = ["href", "src", "action", "formaction", "poster", "srcset", "data", "xlink:href", "background"];
          for (const element of document.querySelectorAll("*")) {
            for (const attribute of element.attributes) {
              const name = attribute.name.toLowerCase();
              if (name.startsWith("on")) found.push("event handler attribute: " + show(element));
              const value = attribute.value.replace(/[\\u0000-\\u0020]/g, "").toLowerCase();
              if (urlAttributes.includes(name) && /^(javascript|data|vbscript):/.test(value)) found.push("script or data URL: " + show(element));
            }
          }
          const foreign = "iframe, frame, object, embed, base, math, isindex, link[rel~=import], meta[http-equiv=refresh i]";
          for (const element of document.querySelectorAll(foreign)) found.push("element from a payload: " + show(element));
          for (const script of document.scripts) {
            if (script.type === "application/ld+json") {
              try { JSON.parse(script.textContent); } catch (error) { found.push("JSON-LD that does not parse: " + script.textContent.slice(0, 200)); }
            } else if (script.textContent.includes("alert") || (script.src && new URL(script.src).origin !== location.origin)) {
              found.push("script from a payload: " + show(script));
            }
          }
          for (const style of document.querySelectorAll("style")) {
            if (/display\\s*:\\s*none/.test(style.textContent)) found.push("style from a payload: " + show(style));
          }
          if (getComputedStyle(document.body).display === "none") found.push("the page's body is hidden");
          return found;
        })()
        """

    /// The payloads of the hostile samples, as readers must see them: text, not markup.
    static let visiblePayloads = [
        #"Hostil <script>alert("xss-title-1")</script>"#,
        #"Hostil Club <script>alert("xss-venue-1")</script>"#,
        #"Hostil Noche <script>alert("xss-night-1")</script>"#,
    ]

    @Test func noHostilePayloadRunsOnAnyPageThatShowsHostileData() throws {
        let built = try BuiltSite.shared.get()
        let hostile = built.pages().filter { built.text(of: $0).localizedCaseInsensitiveContains("hostil") }
        #expect(hostile.count >= 40, "only \(hostile.count) pages show the hostile samples: \(hostile)")
        // Every Spanish page; the English ones are the same templates over the same data, so one of each kind.
        var kinds = Set<String>()
        let opened = hostile.filter { page in
            !page.hasPrefix("en/") || kinds.insert(page.split(separator: "/").dropFirst().first.map(String.init) ?? page).inserted
        }
        var visits = opened.map { page in
            Chromium.Visit(url: "{server}/\(page)", settle: 50,
                           actions: [.evaluate(Self.payloadTraces), .evaluate("document.body.innerText")])
        }
        // The client-side search renders hostile titles from the JSON index.
        visits.append(Chromium.Visit(url: "{server}/search/index.html", actions: [
            .type(selector: "form[role=search] input[type=search]", text: "hostil"),
            .click("form[role=search] button[type=submit]"),
            .waitFor("document.querySelector('[aria-live]').innerText.includes('Hostil')", seconds: 5),
            .evaluate(Self.payloadTraces), .evaluate("document.body.innerText"),
        ]))
        let runs = try Chromium.run(.init(timeout: 180, serve: built.site, pages: visits), in: built.output)
        var shown = ""
        for run in runs {
            #expect(run.problems.isEmpty, "\(run.url): \(run.problems.joined(separator: "; "))")
            // Every visit ends with the DOM check and the page's text.
            let traces = run.actions.count >= 2 ? run.actions[run.actions.count - 2] : .null
            #expect(traces == .array([]), "\(run.url): \(traces == .null ? "the DOM was not checked" : traces.strings.joined(separator: "\n"))")
            shown += run.actions.last?.string ?? ""
        }
        #expect(runs.last?.actions.dropLast(2).last == .bool(true), "searching \"hostil\" showed no hostile title")
        for payload in Self.visiblePayloads {
            #expect(shown.contains(payload), "no page shows \(payload) as text")
        }
    }

    @Test func searchFindsAccentedTitlesWithoutAccentsAndShakeObeysTheFilters() throws {
        let built = try BuiltSite.shared.get()
        let form = "form[role=search]"
        let results = "document.querySelector('[aria-live]')"
        let search = Chromium.Visit(url: "{server}/search/index.html", actions: [
            .type(selector: "\(form) input[type=search]", text: "accion"),
            .click("\(form) button[type=submit]"),
            .waitFor("\(results).querySelectorAll('li').length > 0", seconds: 5),
            .evaluate("[...\(results).querySelectorAll('li')].map(item => item.innerText)"),
        ])
        // Clubs with techno, then free clubs: each shake shows one item, which must pass the filter chosen.
        func shakes(_ setUp: String) -> Chromium.Visit {
            var actions: [Chromium.Action] = [.evaluate(setUp)]
            for _ in 0..<6 {
                actions += [
                    .evaluate("\(results).textContent = ''; true"),
                    .click("\(form) button[type=button]"),
                    .waitFor("\(results).innerText.trim().length > 0", seconds: 5),
                    .evaluate("[...\(results).querySelectorAll('.pick a')].map(link => link.textContent)"),
                ]
            }
            return Chromium.Visit(url: "{server}/search/index.html", actions: actions)
        }
        let choose = { (name: String, value: String) in
            "(() => { const field = document.querySelector('\(form) [name=\(name)]'); field.value = '\(value)'; field.dispatchEvent(new Event('change', {bubbles: true})); return field.value === '\(value)'; })()"
        }
        let techno = shakes("\(choose("kind", "club")) && \(choose("music", "techno"))")
        let free = shakes("\(choose("kind", "club")) && (() => { const box = document.querySelector('\(form) [name=free]'); box.checked = true; return true; })()")
        // Nights are found one a row, each a link to its page.
        let nights = Chromium.Visit(url: "{server}/search/index.html", actions: [
            .evaluate(choose("kind", "night")),
            .type(selector: "\(form) input[type=search]", text: "techno"),
            .click("\(form) button[type=submit]"),
            .waitFor("\(results).querySelectorAll('li').length > 0", seconds: 5),
            .evaluate("[...\(results).querySelectorAll('li')].map(item => (item.querySelector('a') || {}).textContent || '')"),
        ])
        let runs = try Chromium.run(.init(timeout: 90, serve: built.site, pages: [search, techno, free, nights]), in: built.output)
        for run in runs { #expect(run.problems.isEmpty, "\(run.url): \(run.problems.joined(separator: "; "))") }
        try #require(runs.count == 4)
        let nightTitles = runs[3].actions.last?.strings ?? []
        #expect(!nightTitles.isEmpty && nightTitles.allSatisfy { $0.localizedCaseInsensitiveContains("techno") }, "a night search for techno found \(nightTitles)")

        let found = runs[0].actions.last?.strings ?? []
        #expect(found.contains { $0.contains("Acción") }, "searching \"accion\" found \(found)")

        let venues = try Self.venues(in: built)
        #expect(runs[1].actions.first == .bool(true), "the search form has no club kind or techno music choice")
        let technoPicks = runs[1].actions.enumerated().filter { $0.offset % 4 == 0 && $0.offset > 0 }.map(\.element.strings)
        #expect(technoPicks.count == 6 && technoPicks.allSatisfy { $0.count == 1 }, "\(technoPicks)")
        for pick in technoPicks.joined() {
            #expect(venues[pick]?.musicGenres.contains("techno") == true, "shake with music=techno gave \(pick): \(venues[pick]?.musicGenres ?? [])")
        }
        let freePicks = runs[2].actions.enumerated().filter { $0.offset % 4 == 0 && $0.offset > 0 }.map(\.element.strings)
        #expect(freePicks.count == 6 && freePicks.allSatisfy { $0.count == 1 }, "\(freePicks)")
        for pick in freePicks.joined() {
            #expect(venues[pick]?.freeEntry == true, "shake with free entry gave \(pick), which is not free")
        }
    }

    @Test func readersStarTheirOwnChannelsAndSeeThemAloneOnEveryVisit() throws {
        let built = try BuiltSite.shared.get()
        let rows = "document.querySelectorAll('table.now tr[data-channel]')"
        let shown = "[...\(rows)].filter(row => !row.hidden).map(row => row.getAttribute('data-channel'))"
        let choose = Chromium.Visit(url: "{server}/tv/index.html", actions: [
            .evaluate(shown),
            .click("table.now tr[data-channel]:nth-child(2) [data-star]"),
            .click("table.now tr[data-channel]:nth-child(4) [data-star]"),
            .click("[data-mine-only]"),
            .evaluate(shown),
            .evaluate("[...document.querySelectorAll('[data-star][aria-pressed=true]')].length"),
        ])
        // Another visit, in the other language: the choice is the browser's, not the page's.
        let revisit = Chromium.Visit(url: "{server}/en/tv/index.html", actions: [
            .evaluate(shown),
            .evaluate("document.querySelector('[data-mine-only]').checked"),
            .click("[data-mine-only]"),
            .evaluate(shown),
        ])
        let runs = try Chromium.run(.init(timeout: 60, serve: built.site, pages: [choose, revisit]), in: built.output)
        for run in runs { #expect(run.problems.isEmpty, "\(run.url): \(run.problems.joined(separator: "; "))") }
        try #require(runs.count == 2 && runs[0].actions.count == 6 && runs[1].actions.count == 4)
        let all = runs[0].actions[0].strings
        #expect(all.count >= 4, "TV now shows \(all)")
        let mine = runs[0].actions[4].strings
        #expect(mine.count == 2 && all.count >= 4 && mine == [all[1], all[3]], "starred the 2nd and 4th of \(all), shown alone: \(mine)")
        #expect(runs[0].actions[5].number == 2)
        #expect(runs[1].actions[0].strings == mine, "the English page shows \(runs[1].actions[0].strings), not the channels starred")
        #expect(runs[1].actions[1] == .bool(true))
        #expect(runs[1].actions[3].strings == all, "with \"only my channels\" off, every channel is back")
    }

    @Test func withoutJavaScriptEveryMainPageShowsItsContent() throws {
        let built = try BuiltSite.shared.get()
        let pages = Self.mainPages(of: built)
        #expect(pages.count >= 20, "\(pages)")
        let check = """
            (() => {
              const visible = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
              // The visible text outside forms: forms are controls (some shown only when the script runs to drive them).
              const contentText = (root) => {
                let length = 0;
                const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
                while (walker.nextNode()) {
                  const parent = walker.currentNode.parentElement;
                  if (parent && !parent.closest("form, script, style, template") && parent.checkVisibility()) length += walker.currentNode.textContent.trim().length;
                }
                return length;
              };
              const heading = document.querySelector("h1");
              const main = document.querySelector("main") || document.body;
              return {
                heading: heading && visible(heading) ? heading.innerText.trim() : "",
                repeatedHeading: !!heading && [...document.querySelectorAll("h2")].some(h2 => h2.innerText.trim() === heading.innerText.trim()),
                text: contentText(main),
                deadButtons: [...document.querySelectorAll("button[type=button]")].filter(visible).map(button => button.outerHTML),
                links: [...document.querySelectorAll("a[href]")].filter(visible).length,
              };
            })()
            """
        // Each page with JavaScript on, then off: off, it must show (nearly) all the text it shows on.
        let visits = pages.flatMap { page in
            [true, false].map { Chromium.Visit(url: "file://\(built.site)/\(page)", javascript: $0, settle: 0, actions: [.evaluate(check)]) }
        }
        let runs = try Chromium.run(.init(timeout: 90, pages: visits), in: built.output)
        try #require(runs.count == visits.count)
        for index in stride(from: 0, to: runs.count, by: 2) {
            let (on, off) = (runs[index], runs[index + 1])
            #expect(on.problems.isEmpty, "\(on.url) with JavaScript: \(on.problems.joined(separator: "; "))")
            #expect(off.problems.isEmpty, "\(off.url): \(off.problems.joined(separator: "; "))")
            guard case .object(let facts) = off.actions.first ?? .null, case .object(let withScript) = on.actions.first ?? .null else {
                Issue.record("\(off.url): the page could not be read")
                continue
            }
            let text = facts["text"]?.number ?? 0, textWithScript = withScript["text"]?.number ?? 0
            #expect(facts["heading"]?.string?.isEmpty == false, "\(off.url): no visible <h1> without JavaScript")
            #expect(facts["repeatedHeading"] == .bool(false), "\(off.url): an <h2> repeats the page's <h1>")
            #expect(text >= 20 && text >= 0.9 * textWithScript,
                    "\(off.url): shows \(Int(text)) characters without JavaScript, \(Int(textWithScript)) with it")
            #expect(facts["deadButtons"]?.strings.isEmpty ?? false,
                    "\(off.url): buttons that do nothing without JavaScript are shown: \(facts["deadButtons"]?.strings ?? [])")
            #expect(facts["links"]?.number ?? 0 >= 1, "\(off.url): no link to follow without JavaScript")
        }
    }

    @Test func noInternalLinkIsBrokenAnywhereInTheSite() throws {
        let built = try BuiltSite.shared.get()
        let report = try Chromium.crawl(built.site)
        #expect(report.pages == built.pages().count)
        #expect(report.links > report.pages)
        #expect(report.broken.isEmpty, "\(report.broken.count) broken links, first: \(report.broken.prefix(20).map(\.description).joined(separator: "\n"))")
        #expect(report.forbidden.isEmpty, "links with a forbidden scheme: \(report.forbidden.prefix(20).map(\.description).joined(separator: "\n"))")
        // 404.html is answered for a missing path at any depth, so it alone links from the server's root (Web/README.md).
        let fromRoot = report.rootRelative.filter { $0.page != "404.html" }
        #expect(fromRoot.isEmpty,
                "links from the server's root, which break when the folder is served from a sub-path or opened as files: \(fromRoot.prefix(20).map(\.description).joined(separator: "\n"))")
    }

    /// The site's main pages in both languages, and the first page of each kind (channel day, programme, club, night…).
    static func mainPages(of built: BuiltSite) -> [String] {
        let all = built.pages()
        var pages: [String] = []
        for language in ["", "en/"] {
            for section in ["index.html", "tv/index.html", "listings/index.html", "audiences/index.html", "tonight/index.html",
                            "clubs/index.html", "search/index.html", "about/index.html"] {
                pages.append(language + section)
            }
            for kind in ["channel/", "programme/", "club/", "night/", "audiences/2", "listings/type/", "listings/genre/", "clubs/music/", "tv/grid/"] {
                if let first = all.first(where: { $0.hasPrefix(language + kind) && !$0.contains("Hostil") }) { pages.append(first) }
            }
        }
        return pages.filter { all.contains($0) } + (all.contains("404.html") ? ["404.html"] : [])
    }

    /// The venues of the published API (every city's file), by name: what the shake's picks are checked against.
    static func venues(in built: BuiltSite) throws -> [String: Venue] {
        let folder = "\(built.site)/api/venues"
        var venues: [String: Venue] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".json") {
            let list = try JSONDecoder().decode(VenueList.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(file)")))
            for venue in list.venues { venues[venue.name] = venue }
        }
        return venues
    }

    struct VenueList: Decodable {
        var venues: [Venue]
    }

    struct Venue: Decodable {
        var name: String
        var musicGenres: [String]
        var freeEntry: Bool?
    }
}
