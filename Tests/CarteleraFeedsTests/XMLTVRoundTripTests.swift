import CarteleraMarkup
import CarteleraModel
@testable import CarteleraScraping
import CarteleraTesting
import Foundation
import Testing

/// Cartelera's XMLTV read back by its own `xmltv` source kind gives the programmes it was written from.
@Suite struct XMLTVRoundTripTests {
    @Test func theGuideIngestedAsAnXMLTVSourceYieldsTheSameProgrammes() throws {
        let fixture = try FeedFixture()
        var episode = fixture.programme("La2.es", "2026-11-24 22:00", minutes: 50, "Cuéntame cómo pasó", type: .series,
                                        description: "Los Alcántara & \"amigos\" <en casa>.", url: "https://guide.example/p/2")
        episode.subtitle = "Capítulo 12"
        episode.season = 3
        episode.episode = 12
        episode.actors = ["Imanol Arias", "Ana Duato"]
        episode.country = "ES"
        episode.language = "es"
        let stored = [
            fixture.programme("La1.es", "2026-11-24 21:00", minutes: 100, "Cine: Amanece, que no es poco", description: "Un pueblo.",
                              url: "https://guide.example/p/1", image: "https://guide.example/i/1.jpg"),
            // Across midnight and a change of offset do not matter: times carry their own offset.
            fixture.programme("La1.es", "2026-11-24 23:50", minutes: 70, "Noticias 24h", type: .news),
            episode,
        ]
        try fixture.commit(stored, channels: [Channel(id: "La1.es", name: "La 1"), Channel(id: "La2.es", name: "La 2")])
        _ = try fixture.build(at: "2026-11-24 12:00")

        let definition = try DefinitionLoader.parse(
            "kind: xmltv\nname: Round trip\nsite: https://cartelera.example\ntimezone: Europe/Madrid\nrequest:\n  url: \"https://cartelera.example/guide.xml\"\n",
            source: "cartelera.example", directory: fixture.folder.path, file: "cartelera.example/source.yaml")
        let scraper = try #require(makeScraper(for: definition) as? XMLTVScraper)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture.output + "/guide.xml"))
        let document = try Document.xml(Array(bytes), url: "https://cartelera.example/guide.xml")
        let read = try scraper.read(document, url: "https://cartelera.example/guide.xml", channelFilter: nil)
        #expect(read.warnings.isEmpty, "\(read.warnings)")
        #expect(read.channels.map(\.name) == ["La 1", "La 2"])
        #expect(read.programmes.count == stored.count)
        for original in stored {
            let back = try #require(read.programmes.first { $0.channel == original.channel && $0.start == original.start }, "\(original.title)")
            #expect(back.stop == original.stop)
            #expect(back.title == original.title)
            #expect(back.subtitle == original.subtitle)
            #expect(back.description == original.description)
            #expect(back.categories == original.categories)
            #expect(back.year == original.year)
            #expect(back.season == original.season && back.episode == original.episode)
            #expect(back.url == original.url && back.image == original.image)
            #expect(back.directors == original.directors && back.actors == original.actors)
            #expect(back.rating == original.rating)
            #expect(back.score == original.score)
            #expect(back.country == original.country && back.language == original.language)
        }
    }
}
