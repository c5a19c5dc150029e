import CarteleraModel
import Foundation
import Testing

@Suite struct IdentifierTests {
    @Test func aProgrammeIsKeyedByChannelAndStart() {
        let start = Timestamp(secondsSince1970: 1_795_379_400)
        let a = ProgrammeID(channel: "La1.es", start: start)
        let b = ProgrammeID(channel: "La2.es", start: start)
        let c = ProgrammeID(channel: "La1.es", start: start.adding(seconds: 60))
        #expect(a != b)
        #expect(a != c)
        #expect(a == ProgrammeID(channel: "La1.es", start: start))
    }

    @Test func programmesEncodeTimesAsISO8601() throws {
        let programme = Programme(channel: "La1.es", start: Timestamp(secondsSince1970: 0), timeZone: "Europe/Madrid", title: "Telediario",
                                  provenance: [Provenance(source: "guia-tv.example")])
        let json = String(decoding: try JSONEncoder().encode(programme), as: UTF8.self)
        #expect(json.contains("\"start\":\"1970-01-01T00:00:00Z\""))
        let decoded = try JSONDecoder().decode(Programme.self, from: Data(json.utf8))
        #expect(decoded == programme)
    }

    @Test func genresHaveSpanishAndEnglishLabels() {
        for genre in Genre.allCases {
            #expect(!genre.spanishLabel.isEmpty)
            #expect(!genre.englishLabel.isEmpty)
        }
        #expect(Genre.scienceFiction.spanishLabel == "Ciencia ficción")
        #expect(ProgrammeType.film.spanishLabel == "Película")
    }
}
