import CarteleraFeeds
import CarteleraModel
import Foundation
import Testing

/// What a reader's client shows of a feed besides its items: the calendar's name, the words of a description, the
/// JSON Feed's own address and its site's.
@Suite struct FeedMetadataTests {
    private func fixture(_ feeds: [(String, String)]) throws -> FeedFixture {
        let fixture = try FeedFixture()
        try fixture.commit([
            fixture.programme("La2.es", "2026-11-24 22:00", minutes: 95, "Cine: Acción en Alcalá"),
            fixture.programme("La2.es", "2026-11-25 15:00", minutes: 30, "La Promesa", type: .series),
        ], channels: [Channel(id: "La2.es", name: "La 2")])
        for (name, yaml) in feeds { try fixture.feed(name, yaml) }
        return fixture
    }

    @Test func aCalendarsNameAndDescriptionReadBackWithoutEscapes() throws {
        let fixture = try fixture([("promesa", """
            title: La Promesa, cada emisión; sin falta
            description: Aviso antes de cada emisión, en cualquier canal.
            language: es
            query: {kind: programmes, type: series, next: 7d}
            formats: [ics]
            """)])
        _ = try fixture.build(at: "2026-11-24 12:00")
        let ics = fixture.output + "/feeds/promesa.ics"
        let read = try #require(try ExternalTool.checkFeeds([ics])[ics] as? [String: Any])
        #expect(read["name"] as? String == "La Promesa, cada emisión; sin falta")
        let text = try fixture.published("feeds/promesa.ics")
        #expect(text.contains("X-WR-CALDESC;VALUE=TEXT:Aviso antes de cada emisión\\, en cualquier canal."))
        #expect(try ExternalTool.libical(ics).count == 1, "libical reads the calendar without an error")
    }

    @Test func aSpanishFeedNamesTheProgrammesTypeInSpanishAndAnEnglishOneInEnglish() throws {
        let films = "query: {kind: programmes, type: film, next: 7d}\nformats: [json, ics]\n"
        let fixture = try fixture([("cine", "title: Cine\nlanguage: es\n" + films), ("films", "title: Films\nlanguage: en\n" + films)])
        _ = try fixture.build(at: "2026-11-24 12:00")
        let files = ["cine.json", "films.json"].map { fixture.output + "/feeds/" + $0 }
        let read = try ExternalTool.checkFeeds(files)
        func text(_ file: String) -> String {
            ((read[file] as? [String: Any])?["items"] as? [[String: Any]])?.first?["content_text"] as? String ?? ""
        }
        #expect(text(files[0]).hasPrefix("2026-11-24 22:00–23:35 · La 2 · Película · 1999"), "\(text(files[0]))")
        #expect(text(files[1]).hasPrefix("2026-11-24 22:00–23:35 · La 2 · Film · 1999"), "\(text(files[1]))")
        #expect(try fixture.published("feeds/cine.ics").replacingOccurrences(of: "\r\n ", with: "").contains("La 2 · Película · 1999"))
    }

    @Test func aJSONFeedGivesItsOwnAddressAndItsSitesWhenTheSiteAddressIsKnown() throws {
        let films = "query: {kind: programmes, type: film, next: 7d}\nformats: [json]\n"
        let fixture = try fixture([("cine", "title: Cine\nlanguage: es\n" + films), ("films", "title: Films\nlanguage: en\n" + films),
                                   ("own", "title: Own\nlanguage: es\nhome_page: https://own.example/cine\n" + films)])
        _ = try fixture.build(at: "2026-11-24 12:00")
        let files = ["cine", "films", "own"].map { fixture.output + "/feeds/\($0).json" }
        let unknown = try ExternalTool.checkFeeds(files)
        for file in files.prefix(2) {
            let feed = unknown[file] as? [String: Any]
            #expect(feed?["home_page_url"] == nil && feed?["feed_url"] == nil, "without the site's address a feed cannot name one: \(file)")
        }

        _ = try fixture.build(at: "2026-11-24 12:00", siteURL: "https://cartelera.example/guia")
        let known = try ExternalTool.checkFeeds(files)
        func feed(_ position: Int) -> [String: Any] { known[files[position]] as? [String: Any] ?? [:] }
        #expect(feed(0)["home_page_url"] as? String == "https://cartelera.example/guia/")
        #expect(feed(0)["feed_url"] as? String == "https://cartelera.example/guia/feeds/cine.json")
        #expect(feed(1)["home_page_url"] as? String == "https://cartelera.example/guia/en/", "an English feed's site is the English home")
        #expect(feed(1)["feed_url"] as? String == "https://cartelera.example/guia/feeds/films.json")
        #expect(feed(2)["home_page_url"] as? String == "https://own.example/cine", "a definition's own home_page wins")
    }
}
