import CarteleraCore
import CarteleraModel
import CarteleraQuery
import Foundation
import Testing

/// The answer written from the index is, byte for byte, what `JSONEncoder` writes for the answer's rows.
@Suite struct AnswerJSONTests {
    let fixture: QueryStore
    static let hostile = "<script>\"quoted\" back\\slash\u{01}\u{1F}\t\n\u{7F} \u{2028} Ñandú 🐦</script>"

    init() throws {
        fixture = try QueryStore()
        let f = fixture
        let source = [Provenance(source: "clubs.example", url: "https://clubs.example/a/b?c=1")]
        var programmes = [
            f.programme("La1.es", "2026-11-20 19:00", minutes: 60, "Telediario 2", type: .news, genres: [.news]),
            f.programme("La1.es", "2026-11-20 20:00", minutes: 120, "Acción mutante", type: .film, genres: [.action, .comedy, .scienceFiction], year: 1993, score: 6.4),
            f.programme("La1.es", "2026-11-20 22:00", minutes: 150, Self.hostile, type: .show, genres: [.talkShow], score: 10),
            f.programme("La2.es", "2026-11-20 21:30", minutes: 100, "Acciones de guerra", type: .film, genres: [.war, .action], year: 1970, score: 0),
            f.programme("Chan\"nel\\1", "2026-11-20 23:30", minutes: 60, "Documentos TV"),
        ]
        programmes[0].externalID = "ext-1"
        programmes[4].stop = nil
        let evening = Day("2026-11-20")!
        let near = Venue(id: VenueID(name: "Sala El Sol", city: "Madrid"), name: "Sala El Sol", address: Self.hostile, city: "Madrid",
                         location: GeoPoint(latitude: 40.4195, longitude: -3.7022), musicGenres: [.indie, .rock], musicLabels: ["Indie"], freeEntry: false,
                         rating: 4.4, ratingCount: 12, provenance: source)
        let other = Venue(id: VenueID(name: Self.hostile, city: "Madrid"), name: Self.hostile, city: "Madrid",
                          location: GeoPoint(latitude: 40.4230, longitude: -3.6970), musicGenres: [.pop], freeEntry: true, rating: 3.9, provenance: source)
        let unplaced = Venue(id: VenueID(name: "Sin Sitio", city: "Madrid"), name: "Sin Sitio", city: "Madrid", provenance: source)
        let indie = Night(venue: near.id, date: evening, title: "Viernes indie", doors: f.madrid("2026-11-20 23:30"), closing: f.madrid("2026-11-21 05:30"),
                          timeZone: "Europe/Madrid", musicGenres: [.indie], provenance: source)
        let pop = Night(venue: other.id, date: evening, title: Self.hostile, doors: f.madrid("2026-11-20 22:00"), timeZone: "Europe/Madrid", freeEntry: true,
                        provenance: source)
        let orphan = Night(venue: VenueID("madrid/nowhere"), date: evening, title: "Sin sala", timeZone: "Europe/Madrid", provenance: source)
        let list = GuestList(venue: near.id, night: indie.id, date: evening, declared: .open, conditions: [Self.hostile], deadline: f.madrid("2026-11-21 01:00"),
                             placesLeft: 12, provenance: source)
        let paid = Promotion(id: "p1", venue: near.id, night: indie.id, title: "Fabrik presenta", validFrom: f.madrid("2026-11-18 00:00"),
                             validTo: f.madrid("2026-11-22 00:00"), rank: 1, paid: true, provenance: source)
        let organic = Promotion(id: "p2", venue: near.id, night: nil, title: Self.hostile, rank: 2, paid: false, provenance: source)
        let audiences = AudienceDay(
            entries: [
                AudienceEntry(channel: "La1.es", channelName: "La 1", title: "Telediario 2", start: f.madrid("2026-11-20 21:00"), durationMinutes: 50,
                              viewers: 2_100_000, share: 14.2, day: evening, rank: 2, provenance: Provenance(source: "a")),
                AudienceEntry(channel: "Antena3.es", channelName: Self.hostile, title: Self.hostile, start: f.madrid("2026-11-20 21:45"), durationMinutes: nil,
                              viewers: nil, share: nil, day: evening, rank: nil, provenance: Provenance(source: "a")),
            ],
            shares: [ChannelShare(channel: "La1.es", channelName: "La 1", day: evening, share: 9.8, change: -0.3, provenance: Provenance(source: "a"))])
        try f.commit(programmes: programmes, channels: [Channel(id: "La1.es", name: "La 1"), Channel(id: "La2.es", name: Self.hostile)],
                     venues: [near, other, unplaced], evenings: [NightsDay(nights: [indie, pop, orphan], guestLists: [list])], promotions: [paid, organic],
                     audiences: [audiences])
    }

    /// Queries of every kind, with text, places, sorts and pages.
    static let queries: [(Query.Kind, [String: [String]])] = [
        (.programmes, [:]),
        (.programmes, ["text": ["accion"]]),
        (.programmes, ["text": ["script"], "sort": ["relevance"]]),
        (.programmes, ["type": ["film"], "sort": ["title"], "offset": ["1"], "limit": ["1"]]),
        (.programmes, ["offset": ["99"]]),
        (.programmes, ["channel": ["La1.es"], "next": ["3h"]]),
        (.venues, [:]),
        (.venues, ["near": ["40.4168,-3.7038"], "within": ["2km"], "sort": ["distance"]]),
        (.venues, ["text": ["sala"]]),
        (.nights, [:]),
        (.nights, ["near": ["40.4168,-3.7038"], "text": ["indie"]]),
        (.nights, ["tonight": ["true"]]),
        (.promotions, [:]),
        (.promotions, ["featured": ["true"], "text": ["fabrik"]]),
        (.audiences, [:]),
        (.audiences, ["text": ["telediario"], "sort": ["share"]]),
        (.shares, [:]),
    ]

    func query(_ kind: Query.Kind, _ values: [String: [String]]) throws -> Query {
        var parameters = QueryParameters()
        for (name, list) in values.sorted(by: { $0.key < $1.key }) { try parameters.set(name, to: list) }
        return try parameters.query(kind: kind, context: fixture.context("2026-11-20 21:00"))
    }

    static func encoded(_ value: some Encodable, pretty: Bool = false) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    @Test func everyKindOfAnswerIsTheBytesJSONEncoderWritesForItsRows() throws {
        let engine = try fixture.engine()
        for (kind, values) in Self.queries {
            let query = try query(kind, values)
            let answer = engine.answer(query)
            let written = engine.answerJSON(query)
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: try Self.encoded(answer), as: UTF8.self), "\(kind) \(values)")
            #expect(answer.count > 0 || values["offset"] != nil || kind == .nights, "\(kind) \(values) should find something")
        }
    }

    /// Titles and external ids with a character JSON escapes at every offset of the first words and in the tail, and
    /// without one, are written as `JSONEncoder` writes them (the row writer looks for escapes eight bytes at a time).
    @Test func textsWithAnEscapeAtAnyOffsetAreTheBytesJSONEncoderWrites() throws {
        let store = try QueryStore()
        var programmes: [Programme] = []
        for (number, special) in ["\"", "\\", "\u{1F}", "\n", "\u{7F}", "ñ", "a"].enumerated() {
            for offset in 0..<19 {
                let text = String(repeating: "x", count: offset) + special + String(repeating: "y", count: (offset * 5) % 11)
                var programme = store.programme("La1.es", "2026-11-20 10:00", minutes: 1, text)
                programme.start = programme.start.adding(seconds: Int64((number * 19 + offset) * 60))
                programme.stop = programme.start.adding(seconds: 60)
                programme.externalID = String(text.reversed())
                programmes.append(programme)
            }
        }
        try store.commit(programmes: programmes, channels: [Channel(id: "La1.es", name: "La 1")])
        let engine = try store.engine()
        var parameters = QueryParameters()
        try parameters.set("limit", to: ["1000"])
        let query = try parameters.query(kind: .programmes, context: store.context("2026-11-20 09:00"))
        let answer = engine.answer(query)
        #expect(answer.count == programmes.count)
        #expect(String(decoding: engine.answerJSON(query), as: UTF8.self) == String(decoding: try Self.encoded(answer), as: UTF8.self))
    }

    /// A page of many rows is written room after room, and a row too large for the room it would start (a long title
    /// of characters to escape) on its own: the bytes are still those `JSONEncoder` writes, for every page of it.
    @Test func pagesOfManyRowsAndRowsLargerThanARoomAreTheBytesJSONEncoderWrites() throws {
        let store = try QueryStore()
        var programmes: [Programme] = []
        for number in 0..<300 {
            let title = number % 37 == 5 ? String(repeating: "\"\u{1}", count: 1500 + number) : "Programa \(number)"
            var programme = store.programme("La1.es", "2026-11-20 10:00", minutes: 1, title, genres: number % 2 == 0 ? [.news] : [])
            programme.start = programme.start.adding(seconds: Int64(number * 60))
            programme.stop = programme.start.adding(seconds: 60)
            programmes.append(programme)
        }
        try store.commit(programmes: programmes, channels: [Channel(id: "La1.es", name: "La 1")])
        let engine = try store.engine()
        for (offset, limit) in [(0, 1000), (3, 40), (40, 1), (299, 5)] {
            var parameters = QueryParameters()
            try parameters.set("offset", to: ["\(offset)"])
            try parameters.set("limit", to: ["\(limit)"])
            let query = try parameters.query(kind: .programmes, context: store.context("2026-11-20 09:00"))
            let answer = engine.answer(query)
            #expect(answer.count == min(limit, 300 - offset))
            #expect(String(decoding: engine.answerJSON(query), as: UTF8.self) == String(decoding: try Self.encoded(answer), as: UTF8.self), "\(offset) \(limit)")
        }
    }

    @Test func aShakeWritesThePickTheSameSeedGives() throws {
        let engine = try fixture.engine()
        for (kind, values) in Self.queries {
            let query = try query(kind, values)
            for seed in 0..<5 as Range<UInt64> {
                var first = SplitMix64(seed: seed), second = SplitMix64(seed: seed)
                let picked = engine.shake(query, using: &first)
                let written = engine.shakeJSON(query, using: &second)
                #expect(written == (try picked.map { try Self.encoded($0) }), "\(kind) \(values) seed \(seed)")
            }
        }
    }

    @Test func nowAiringsAndADaysAudiencesAreTheBytesJSONEncoderWritesForThem() throws {
        let engine = try fixture.engine()
        var lines = 0, airings = 0
        for moment in ["2026-11-20 18:00", "2026-11-20 21:00", "2026-11-20 22:30", "2026-11-21 03:00"] {
            let at = fixture.madrid(moment)
            for channels in [nil, Set<ChannelID>(["La2.es"]), Set<ChannelID>(["Chan\"nel\\1", "La1.es"])] {
                let answer = engine.nowAndNext(at: at, channels: channels)
                lines += answer.count
                #expect(String(decoding: engine.nowAndNextJSON(at: at, channels: channels), as: UTF8.self)
                        == String(decoding: try Self.encoded(answer), as: UTF8.self), "now at \(moment), \(channels ?? [])")
            }
            for title in ["accion mutante", Self.hostile, "telediario 2", "nada de nada"] {
                let rows = engine.airings(of: title, at: at)
                airings += rows.count
                #expect(engine.airingsJSON(of: title, at: at) == (try Self.encoded(QueryAnswer.programmes(QueryPage(total: rows.count, offset: 0, rows: rows)))),
                        "airings of \(title) at \(moment)")
            }
        }
        #expect(lines > 4 && airings > 2, "the moments should find programmes on now, next and to come")

        struct AudienceDayAnswer: Encodable {
            var day: String
            var ranking: [AudienceRow]
            var shares: [ShareRow]
        }
        for day in [Day("2026-11-20")!, Day("2026-11-21")!] {
            let (ranking, shares) = engine.audienceDay(day, zone: fixture.madrid)
            #expect(engine.audienceDayJSON(day, zone: fixture.madrid)
                    == (try Self.encoded(AudienceDayAnswer(day: day.description, ranking: ranking, shares: shares))), "audiences of \(day)")
        }
        #expect(engine.audienceDay(Day("2026-11-20")!, zone: fixture.madrid).ranking.count == 2)
    }

    @Test func theIndentedFormIsTheOneJSONEncoderPrettyPrints() throws {
        let engine = try fixture.engine()
        for (kind, values) in Self.queries {
            let query = try query(kind, values)
            #expect(JSONIndentation.prettyPrinted(engine.answerJSON(query)) == (try Self.encoded(engine.answer(query), pretty: true)), "\(kind) \(values)")
        }
        struct Shapes: Encodable {
            var empty: [Int] = []
            var object: [String: [String]] = [:]
            var nested = [["a": [1, 2]], [:]]
            var text = "a: [b], {c} \"d\" \\"
        }
        #expect(JSONIndentation.prettyPrinted(try Self.encoded(Shapes())) == (try Self.encoded(Shapes(), pretty: true)))
    }
}
