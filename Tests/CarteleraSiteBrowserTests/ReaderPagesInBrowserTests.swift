import CarteleraTesting
import Foundation
import Testing

/// The demo site as a reader sees it in Chromium: no page wider than a 360 px phone or a 1280 px screen, TV now, the
/// grid and a channel's day following the reader's clock between builds, images that cannot load leaving no box,
/// search results in local dates with what is over last, a shake's one pick, the audience chart's width.
@Suite(.serialized, .enabled(if: Chromium.isInstalled, "chromium is not installed: `make test-deps` (or apt-get install chromium) installs it"))
struct ReaderPagesInBrowserTests {
    /// Script listing what sticks out of the viewport: the page's own horizontal scroll, and every visible element whose
    /// box passes the right edge (or the left) unless a box that scrolls or clips sideways holds it.
    static let overflow = """
        (() => {
          const width = document.documentElement.clientWidth;
          const found = [];
          if (document.documentElement.scrollWidth > width + 1) found.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " px");
          const clipped = (element) => {
            for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
              if (getComputedStyle(parent).overflowX !== "visible") return true;
            }
            return false;
          };
          for (const element of document.body.querySelectorAll("*")) {
            const box = element.getBoundingClientRect();
            if (box.width === 0 || box.height === 0 || element.closest(".skip")) continue;
            if ((box.right > width + 1 || box.left < -1) && !clipped(element)) {
              found.push(element.tagName.toLowerCase() + (element.className ? "." + element.className : "") + " " + Math.round(box.left) + "–" +
                         Math.round(box.right) + " px: " + (element.textContent || "").trim().slice(0, 60));
            }
          }
          return found.slice(0, 10);
        })()
        """

    /// The pages checked for width: the main ones of both languages, a day's grid, and every Spanish club page (clubs
    /// carry the longest unbroken words: web addresses).
    static func widthPages(of built: BuiltSite) -> [String] {
        let all = built.pages()
        var pages = SiteInBrowserTests.mainPages(of: built)
        for prefix in ["tv/grid/", "en/tv/grid/", "tv/list/"] {
            if let first = all.first(where: { $0.hasPrefix(prefix) }) { pages.append(first) }
        }
        pages += all.filter { $0.hasPrefix("club/") && !pages.contains($0) }
        return pages
    }

    @Test func noPageIsWiderThanA360PixelPhoneOrA1280PixelScreen() throws {
        let built = try BuiltSite.shared.get()
        let pages = Self.widthPages(of: built)
        #expect(pages.contains { $0.hasPrefix("tv/grid/") } && pages.filter { $0.hasPrefix("club/") }.count >= 10, "\(pages)")
        var visits: [Chromium.Visit] = []
        for page in pages {
            visits.append(Chromium.Visit(url: "{server}/\(page)", width: 360, settle: 50, actions: [.evaluate(Self.overflow)]))
            if !page.hasPrefix("club/") || page == pages.first(where: { $0.hasPrefix("club/") }) {
                visits.append(Chromium.Visit(url: "{server}/\(page)", width: 1280, settle: 50, actions: [.evaluate(Self.overflow)]))
            }
        }
        // Without the script the grid and TV now are laid out as built.
        for page in ["tv/index.html", pages.first { $0.hasPrefix("tv/grid/") } ?? ""] {
            visits.append(Chromium.Visit(url: "{server}/\(page)", javascript: false, width: 360, settle: 50, actions: [.evaluate(Self.overflow)]))
        }
        let runs = try Chromium.run(.init(timeout: 300, serve: built.site, pages: visits), in: built.output)
        try #require(runs.count == visits.count)
        for (visit, run) in zip(visits, runs) {
            #expect(run.problems.isEmpty, "\(run.url): \(run.problems.joined(separator: "; "))")
            let found = run.actions.first?.strings ?? ["the page could not be measured"]
            #expect(found.isEmpty, "\(visit.url) at \(visit.width) px\(visit.javascript ? "" : " without JavaScript"): \(found.joined(separator: "\n"))")
        }
    }

    /// The site built again from the demo's store at `instant`, into its own folder.
    static func built(_ built: BuiltSite, at instant: Date) throws -> String {
        let site = "\(built.output)/built-\(Int(instant.timeIntervalSince1970))"
        try? FileManager.default.removeItem(atPath: site)
        let result = try ExternalCommand.run(BuiltSite.binary, ["build", "--only", "site", "--store", "\(built.output)/store", "--output", site,
                                                                "--at", ISO8601DateFormatter().string(from: instant)], in: RepositoryPaths.packageRoot())
        guard result.status == 0 else { throw Chromium.BrowserFailure(description: "cartelera build --at exited \(result.status): \(result.errors)") }
        return site
    }

    /// A moment in the middle of the demo's programmes: the afternoon of the day after La 1's first one starts.
    static func midDemo(_ built: BuiltSite) throws -> Date {
        let result = try ExternalCommand.run(BuiltSite.binary, ["query", "programmes", "--json", "--from", "2000-01-01", "--sort", "time", "--limit", "1",
                                                                "--channel", "La1.es", "--store", "\(built.output)/store"], in: RepositoryPaths.packageRoot())
        let answer = (try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) as? [String: Any]
        let first = ((answer?["rows"] as? [[String: Any]])?.first?["start"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }
        guard let first else { throw Chromium.BrowserFailure(description: "cartelera query found no programme: \(result.output) \(result.errors)") }
        // On the hour plus 7 minutes, so a programme's change of the hour does not fall on the moment itself.
        return Date(timeIntervalSince1970: (first.timeIntervalSince1970 / 3600).rounded(.down) * 3600 + 34 * 3600 + 7 * 60)
    }

    /// What `cartelera now` says each channel has on now and next at `instant`, by channel id: the engine's own answer.
    static func engineNow(_ built: BuiltSite, at instant: Date) throws -> [String: (now: String?, next: String?)] {
        let result = try ExternalCommand.run(BuiltSite.binary, ["now", "--json", "--store", "\(built.output)/store", "--at", ISO8601DateFormatter().string(from: instant)],
                                             in: RepositoryPaths.packageRoot())
        let object = try? JSONSerialization.jsonObject(with: Data(result.output.utf8))
        let rows = object as? [[String: Any]] ?? (object as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        var answer: [String: (now: String?, next: String?)] = [:]
        for row in rows {
            guard let channel = row["channel"] as? String else { continue }
            answer[channel] = ((row["now"] as? [String: Any])?["title"] as? String, (row["next"] as? [String: Any])?["title"] as? String)
        }
        return answer
    }

    @Test func tvNowTheGridAndAChannelsDayFollowTheReadersClockBetweenBuilds() throws {
        let built = try BuiltSite.shared.get()
        // Built at one moment, read 150 minutes later: the reader's clock is set there (the script reads Date.now) and the
        // page told it is visible again, as when a reader comes back to the tab.
        let buildTime = try Self.midDemo(built)
        let readTime = buildTime.addingTimeInterval(150 * 60)
        let site = try Self.built(built, at: buildTime)
        var madrid = Calendar(identifier: .gregorian)
        madrid.timeZone = TimeZone(identifier: "Europe/Madrid")!
        func date(_ instant: Date) -> String {
            let parts = madrid.dateComponents([.year, .month, .day], from: instant)
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }
        let parts = madrid.dateComponents([.hour, .minute], from: readTime)
        let day = date(readTime)
        // A grid's day starts at 06:00.
        let gridDay = date(readTime.addingTimeInterval(-6 * 3600))
        let readClock = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        let setClock = Chromium.Action.evaluate(
            "Date.now = () => \(Int(readTime.timeIntervalSince1970 * 1000)); document.dispatchEvent(new Event('visibilitychange')); true")
        let rows = """
            [...document.querySelectorAll("table.now tr[data-channel]")].map(row => ({
              channel: row.getAttribute("data-channel"),
              now: row.querySelector("[data-now] a") ? row.querySelector("[data-now] a").textContent : null,
              left: row.querySelector("[data-left]") ? Number(row.querySelector("[data-left]").textContent) : null,
              next: row.querySelector("[data-next] a") ? row.querySelector("[data-next] a").textContent : null }))
            """
        let sentence = "[document.querySelector('[data-live]').hidden, document.querySelector('[data-built]').hidden, document.querySelector('[data-live-time]').textContent]"
        // How far the line stands from where the reader's time falls between the grid's first and last columns, in pixels;
        // whether the programmes marked are those on at that time; whether the line is in view.
        let line = """
            (() => {
              const box = document.querySelector("[data-grid]"), mark = box.querySelector("[data-line] .grid-now");
              if (!mark) return null;
              const table = box.querySelector("table.grid"), now = Date.now() / 1000;
              const start = Number(box.dataset.start), end = Number(box.dataset.end);
              const first = table.querySelector("thead th[scope=colgroup]").getBoundingClientRect().left;
              const last = table.getBoundingClientRect().right;
              const expected = first + (now - start) / (end - start) * (last - first);
              const drawn = mark.getBoundingClientRect().left + parseFloat(getComputedStyle(mark, "::before").marginLeft || "0");
              const current = [...box.querySelectorAll("td.current")];
              const right = current.length > 0 && current.every(cell => Number(cell.dataset.start) <= now && now < Number(cell.dataset.stop));
              const view = box.getBoundingClientRect();
              return [Math.round(drawn - expected), right, drawn > view.left && drawn < view.right];
            })()
            """
        let schedule = """
            (() => { const now = Date.now() / 1000, items = [...document.querySelectorAll("ol.schedule li[data-stop]")];
              const airing = items.filter(item => Number(item.dataset.start) <= now && now < Number(item.dataset.stop));
              const marked = items.filter(item => item.classList.contains("current"));
              return airing.length === 1 && marked.length === 1 && marked[0] === airing[0] && marked[0].id === "now"; })()
            """
        // A channel's day with a programme on at the reader's time.
        let reading = Int(readTime.timeIntervalSince1970)
        let channelDay = try #require(built.pages().first { page in
            guard page.hasPrefix("channel/") && page.hasSuffix("/\(day)/index.html") else { return false }
            let pattern = try? NSRegularExpression(pattern: #"data-start="(\d+)" data-stop="(\d+)""#)
            let html = built.text(of: page)
            return (pattern?.matches(in: html, range: NSRange(html.startIndex..., in: html)) ?? []).contains { match in
                let numbers = (1...2).compactMap { Range(match.range(at: $0), in: html).flatMap { Int(html[$0]) } }
                return numbers.count == 2 && numbers[0] <= reading && reading < numbers[1]
            }
        }, "no channel has a programme on at \(readTime) on \(day)")
        let expected = try Self.engineNow(built, at: readTime)
        let runs = try Chromium.run(.init(timeout: 120, serve: site, pages: [
            Chromium.Visit(url: "{server}/tv/index.html", actions: [setClock, .evaluate(rows), .evaluate(sentence)]),
            Chromium.Visit(url: "{server}/tv/index.html", javascript: false, actions: [.evaluate(rows)]),
            Chromium.Visit(url: "{server}/tv/grid/\(gridDay)/index.html", width: 360, actions: [setClock, .evaluate(line)]),
            Chromium.Visit(url: "{server}/\(channelDay)", actions: [setClock, .evaluate(schedule)]),
        ]), in: built.output)
        try #require(runs.count == 4)
        for run in runs { #expect(run.problems.isEmpty, "\(run.url): \(run.problems.joined(separator: "; "))") }
        #expect(expected.count >= 4, "cartelera now gave \(expected)")

        // With the script, each channel shows what the engine says is on at the reader's time, though the page was built
        // 150 minutes before; without it, what was on at the build.
        guard case .array(let live) = runs[0].actions.dropFirst().first ?? .null, case .array(let stale) = runs[1].actions.first ?? .null else {
            Issue.record("TV now could not be read: \(runs[0].actions)")
            return
        }
        #expect(live.count >= 4)
        var changed = 0
        for case .object(let row) in live {
            let channel = row["channel"]?.string ?? ""
            let shown = (row["now"]?.string, row["next"]?.string)
            #expect(expected[channel].map { $0.now == shown.0 && $0.next == shown.1 } == true,
                    "\(channel): shows \(shown), cartelera now says \(expected[channel].map { "\($0)" } ?? "nothing")")
            if let left = row["left"]?.number { #expect(left >= 1 && left <= 24 * 60, "\(channel): \(left) minutes left") }
            let old = stale.first { if case .object(let other) = $0 { other["channel"] == row["channel"] } else { false } }
            if case .object(let before) = old ?? .null, before["now"]?.string != shown.0 { changed += 1 }
        }
        #expect(changed > 0, "nothing changed in 150 minutes: the page shows what it was built with")
        #expect(runs[0].actions.last == .array([.bool(false), .bool(true), .string(readClock)]), "the reader's time replaces the build's: \(runs[0].actions.last ?? .null)")

        // The grid's line stands at the reader's time, within a few pixels; what is on then is marked; the line is in view.
        guard case .array(let measured) = runs[2].actions.last ?? .null, measured.count == 3 else {
            Issue.record("the grid's line is hidden at the reader's time: \(runs[2].actions)")
            return
        }
        #expect(abs(measured[0].number ?? 99) <= 3, "the line is \(measured[0]) px from the reader's time")
        #expect(measured[1] == .bool(true) && measured[2] == .bool(true), "\(measured)")
        #expect(runs[3].actions.last == .bool(true), "a channel's day marks the programme on at the reader's time")
    }

    @Test func imagesThatCannotLoadLeaveNoBoxBehind() throws {
        let built = try BuiltSite.shared.get()
        let page = try #require(built.pages().first { $0.hasPrefix("night/") && built.text(of: $0).contains("<img class=\"flyer\"") },
                                "no night of the demo has a flyer")
        let count = "document.querySelectorAll('img').length"
        // Lazy images start loading only once scrolled into view, and an image is complete a moment before its error
        // event runs: so the wait is for every image to be gone, scrolling again as the page shrinks, not for "no
        // broken image right now", which also holds while images are still loading.
        let allGone = "(window.scrollTo(0, document.body.scrollHeight), \(count) === 0)"
        // The demo's flyers point at the sample server, gone once the demo ends, or at hosts that do not resolve here:
        // every one of them fails to load.
        let runs = try Chromium.run(.init(timeout: 90, serve: built.site, pages: [
            Chromium.Visit(url: "{server}/\(page)", settle: 500, actions: [.waitFor(allGone, seconds: 20), .evaluate(count)]),
            Chromium.Visit(url: "{server}/tonight/index.html", settle: 500, actions: [.waitFor(allGone, seconds: 20), .evaluate(count)]),
        ]), in: built.output)
        for run in runs { #expect(run.problems.filter { !$0.contains("ERR_CONNECTION_REFUSED") && !$0.contains("Failed to load resource") }.isEmpty,
                                  "\(run.url): \(run.problems.joined(separator: "; "))") }
        #expect(runs.first?.actions.last?.number == 0, "the night page still holds its broken flyer")
        #expect(runs.last?.actions.last?.number == 0, "tonight still holds broken images")
    }

    @Test func searchResultsGiveLocalDatesOnOneLineWithWhatIsOverLastAndShakeOnePick() throws {
        let built = try BuiltSite.shared.get()
        let form = "form[role=search]"
        let results = "document.querySelector('[aria-live]')"
        let runs = try Chromium.run(.init(timeout: 60, serve: built.site, pages: [
            Chromium.Visit(url: "{server}/search/index.html", width: 360, actions: [
                .type(selector: "\(form) input[type=search]", text: "cine"),
                .click("\(form) button[type=submit]"),
                .waitFor("\(results).querySelectorAll('li').length > 0", seconds: 5),
                .evaluate("[...\(results).querySelectorAll('li .when')].map(when => when.textContent + (when.getClientRects().length === 1 ? '' : ' (wraps)'))"),
                .evaluate("[...\(results).querySelectorAll('li')].map(item => item.classList.contains('past') ? 'past' : 'upcoming')"),
                .evaluate(ReaderPagesInBrowserTests.overflow),
            ]),
            Chromium.Visit(url: "{server}/en/search/index.html", actions: [
                .click("\(form) button[type=button]"),
                .waitFor("\(results).innerText.trim().length > 0", seconds: 5),
                .evaluate("[\(results).querySelectorAll('ol, li').length, \(results).querySelectorAll('.pick a').length, \(results).innerText]"),
            ]),
        ]), in: built.output)
        for run in runs { #expect(run.problems.isEmpty, "\(run.url): \(run.problems.joined(separator: "; "))") }
        try #require(runs.count == 2 && runs[0].actions.count == 6)
        let dates = runs[0].actions[3].strings
        #expect(!dates.isEmpty)
        for date in dates {
            #expect(date.range(of: #"^\p{L}{2,4}\.? \d{1,2} · \d\d:\d\d$"#, options: .regularExpression) != nil, "a result's date reads \"\(date)\"")
        }
        let order = runs[0].actions[4].strings
        #expect(order.firstIndex(of: "past").map { first in order[first...].allSatisfy { $0 == "past" } } ?? true, "an airing already over comes first: \(order)")
        #expect(runs[0].actions[5].strings.isEmpty, "\(runs[0].actions[5].strings)")
        guard case .array(let pick) = runs[1].actions.last ?? .null, pick.count == 3 else {
            Issue.record("the shake's pick could not be read")
            return
        }
        #expect(pick[0].number == 0 && pick[1].number == 1, "the shake shows one pick, not a list: \(pick)")
        #expect(!(pick[2].string ?? "").hasPrefix("1."))
    }

    @Test func theAudienceChartUsesTheWidthOfTheColumn() throws {
        let built = try BuiltSite.shared.get()
        let page = try #require(built.pages().first { $0.hasPrefix("audiences/2") })
        let ratio = "document.querySelector('.chart .bars svg').getBoundingClientRect().width / document.querySelector('main').clientWidth"
        let runs = try Chromium.run(.init(timeout: 60, serve: built.site, pages: [360, 1280].map {
            Chromium.Visit(url: "{server}/\(page)", width: $0, actions: [.evaluate(ratio)])
        }), in: built.output)
        for run in runs {
            #expect(run.problems.isEmpty, "\(run.url): \(run.problems.joined(separator: "; "))")
            #expect((run.actions.first?.number ?? 0) > 0.85, "the chart takes \(run.actions.first?.number ?? 0) of the column")
        }
    }

    @Test func theGridKeepsHourLabelsAndProgrammeTitlesInSightWhenScrolledSideways() throws {
        let built = try BuiltSite.shared.get()
        let page = try #require(built.pages().filter { $0.hasPrefix("tv/grid/") }
            .max { built.text(of: $0).components(separatedBy: "grid-programme").count < built.text(of: $1).components(separatedBy: "grid-programme").count })
        // Scrolled a third of an hour past 12:00, the hour and the programmes that began left of the view are cut by the
        // channel column; what is checked is that their labels stand beside it, whole, wherever they fit in their cell.
        let measure = """
            (() => {
              const box = document.querySelector('[data-grid]'), hours = [...box.querySelectorAll('thead th[scope=colgroup]')];
              const hour = hours[0].getBoundingClientRect().width;
              box.scrollLeft = Math.round(6 * hour + hour / 3);
              const edge = box.querySelector('thead .grid-channel').getBoundingClientRect().right;
              const straddling = (cell, label) => { const r = cell.getBoundingClientRect(); return r.left < edge - 1 && r.right - edge >= label.getBoundingClientRect().width; };
              const cutHours = hours.filter(h => straddling(h, h.querySelector('time')));
              const cutProgrammes = [...box.querySelectorAll('tbody td.grid-programme')].filter(c => straddling(c, c.querySelector('a')));
              const hidden = [...cutHours.map(h => h.querySelector('time')), ...cutProgrammes.map(c => c.querySelector('a'))]
                .filter(label => label.getBoundingClientRect().left < edge - 1).map(label => label.textContent);
              return [cutHours.length, cutProgrammes.length, hidden];
            })()
            """
        let runs = try Chromium.run(.init(timeout: 60, serve: built.site, pages: [360, 1280].map {
            Chromium.Visit(url: "{server}/\(page)", width: $0, actions: [.evaluate(measure)])
        }), in: built.output)
        for run in runs {
            #expect(run.problems.isEmpty, "\(run.url): \(run.problems.joined(separator: "; "))")
            guard case .array(let found) = run.actions.first ?? .null, found.count == 3 else {
                Issue.record("\(run.url): the grid could not be measured: \(run.actions)")
                continue
            }
            #expect(found[0].number == 1, "\(run.url): \(found[0]) hours cut by the channel column")
            #expect((found[1].number ?? 0) >= 1, "\(run.url): no programme began left of the view")
            #expect(found[2] == .array([]), "\(run.url): hidden under the channel column: \(found[2])")
        }
    }

    /// The page `cartelera serve` answers a night page's sign-up form with, in each language, kept at the depth of the
    /// form's address (so its relative links reach the site's assets) in a folder of its own beside the site: a static
    /// server would decode the night's `%2F` into a folder, so the file sits under a plain name at the same depth.
    static func signUpAnswers(_ built: BuiltSite) throws -> (folder: String, pages: [String]) {
        let night = try #require(built.pages().first { $0.hasPrefix("night/") && built.text(of: $0).contains("<form class=\"signup\"") },
                                 "the demo has no night with an open guest list")
        let action = try #require(built.text(of: night).firstMatch(of: /<form class="signup" method="post" action="(?:\.\.\/)+(api\/nights\/[^"\/]+\/guestlist)">/)?.1)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: BuiltSite.binary)
        server.arguments = ["serve", "--store", "\(built.output)/store", "--output", built.site, "--port", "0", "--json", "--no-access-log"]
        server.standardOutput = Pipe()
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        let handle = try #require((server.standardOutput as? Pipe)?.fileHandleForReading)
        var line = Data()
        while let byte = try handle.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") { line.append(first) }
        let port = try #require(String(decoding: line, as: UTF8.self).split(separator: ":").last.flatMap { Int($0.filter(\.isNumber)) })
        let folder = "\(built.output)/signup-answers"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: "\(folder)/api/nights/signup", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(built.site)/assets", toPath: "\(folder)/assets")
        var pages: [String] = []
        for language in ["es", "en"] {
            let body = "lang=\(language)&name=Lectora+Prueba&party_size=1&contact=lectora.\(language)%40example.com"
            let reply = try LoopbackClient.send("POST", "/\(action)", port: port, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(body.utf8))
            #expect(reply.status == 201, "\(reply.status) \(reply.text.prefix(400))")
            let page = "api/nights/signup/answer-\(language).html"
            try Data(reply.body).write(to: URL(fileURLWithPath: "\(folder)/\(page)"))
            pages.append(page)
        }
        return (folder, pages)
    }

    @Test func aSignUpAnswerFitsA360PixelPhoneAndA1280PixelScreen() throws {
        let built = try BuiltSite.shared.get()
        let (folder, pages) = try Self.signUpAnswers(built)
        // The answer is there, styled by the site's stylesheet, before its width is measured.
        let styled = "!!document.querySelector('article.signup-answer dl.receipt code') && document.styleSheets.length === 1 && document.styleSheets[0].cssRules.length > 20"
        let visits = pages.flatMap { page in
            [360, 1280].map { Chromium.Visit(url: "{server}/\(page)", width: $0, settle: 50, actions: [.evaluate(styled), .evaluate(Self.overflow)]) }
        }
        let runs = try Chromium.run(.init(timeout: 60, serve: folder, pages: visits), in: built.output)
        try #require(runs.count == visits.count)
        for (visit, run) in zip(visits, runs) {
            #expect(run.problems.isEmpty, "\(run.url): \(run.problems.joined(separator: "; "))")
            #expect(run.actions.first == .bool(true), "\(visit.url): the answer did not load with the site's stylesheet")
            let found = run.actions.dropFirst().first?.strings ?? ["the page could not be measured"]
            #expect(found.isEmpty, "\(visit.url) at \(visit.width) px: \(found.joined(separator: "\n"))")
        }
    }
}
