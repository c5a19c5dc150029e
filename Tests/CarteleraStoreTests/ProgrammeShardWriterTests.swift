@testable import CarteleraStore
import CarteleraModel
import Foundation
import Testing

/// The hand-written programme shard writer gives exactly the bytes Foundation's encoder gives.
@Suite struct ProgrammeShardWriterTests {
    /// What the generic path writes: the envelope through JSONEncoder with sorted keys.
    private struct Envelope: Encodable {
        var schemaVersion: Int
        var kind: String
        var day: Day
        var channel: ChannelID
        var items: [Programme]
    }

    private func foundation(_ programmes: [Programme], day: Day, channel: ChannelID) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(Envelope(schemaVersion: 2, kind: "programmes", day: day, channel: channel, items: programmes))
        data.append(UInt8(ascii: "\n"))
        return data
    }

    @Test func everyFieldAndHostileTextGiveTheSameBytes() throws {
        let day = Day("2026-11-22")!
        let start = day.startUTC
        let titles = ["Telediario", "Cine: \"Mar adentro\"", "Back\\slash/and/slash", "Tab\there\nnew\rline", "\u{01}\u{08}\u{0C}\u{1F}\u{7F}",
                      "Ñandú 🐦 ☃︎ \u{2028}", "", "<script>alert(1)</script>"]
        var programmes: [Programme] = []
        var random = SystemRandomNumberGenerator()
        for (index, title) in titles.enumerated() {
            let begin = start.adding(seconds: Int64(index * 1800))
            programmes.append(Programme(
                channel: "La1.es", start: begin, stop: index % 3 == 0 ? nil : begin.adding(seconds: 1800), timeZone: "Europe/Madrid", title: title,
                subtitle: index % 2 == 0 ? "Episodio \(index)" : nil, description: index == 1 ? "Línea 1\nLínea 2 \"citada\"" : nil,
                categories: index == 2 ? [] : ["Cine", "Drama"], genres: index == 3 ? [] : [.drama, .scienceFiction],
                type: index % 4 == 0 ? nil : .film, year: index % 2 == 0 ? 2004 : nil, season: index == 5 ? 3 : nil, episode: index == 5 ? 12 : nil,
                image: index == 4 ? "https://img.example/a b.jpg" : nil, url: "https://tv.example/p/\(index)", directors: ["A. Amenábar"],
                actors: index == 6 ? [] : ["J. Bardem", "B. Rueda"], guests: [],
                rating: index == 7 ? Rating(system: nil, value: "+12") : Rating(system: "ES", value: "TP"),
                score: [nil, 7.3, 10.0, 0.1 + 0.2, 1e-7, 9.999999, 0.0, 5.5][index % 8], country: index == 1 ? "ES" : nil,
                language: index == 2 ? "es" : nil, provenance: [Provenance(source: "a.example", url: "https://a.example/x?y=1&z=2"), Provenance(source: "b.example")],
                externalID: index == 3 ? "12345" : nil,
                extras: index == 2 ? ProgrammeExtras(writers: ["L. Vidal"], producers: ["F. \"Nando\" Bovaira"], images: ["https://img.example/b.jpg"], keywords: ["tab\there"]) : nil))
            _ = random.next()
        }
        let fast = ProgrammeShardWriter.bytes(programmes, day: day, channel: "La1.es", schemaVersion: 2)
        let generic = try foundation(programmes, day: day, channel: "La1.es")
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: generic, as: UTF8.self))
        #expect(fast == generic)
    }

    @Test func aScoreThatIsNotANumberIsRefusedBeforeAnythingIsWritten() throws {
        let programme = Programme(channel: "La1.es", start: Day("2026-11-22")!.startUTC, timeZone: "Europe/Madrid", title: "X", score: .nan, provenance: [])
        let store = MemoryStore()
        let lock = try store.lock(at: Sample.time(6))
        let error = #expect(throws: StoreError.self) {
            try store.commit([.programmes(day: Sample.day, channel: "La1.es"): .programmes([programme])], at: Sample.time(7), lock: lock)
        }
        #expect(error?.kind == .invalidContent)
    }
}
