import CarteleraCore
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Foundation
import Testing

/// Queries of types and genres in a window read the records of their types or genres, and answer what testing every
/// record of the window answers; shake counts the matches and walks to the one drawn, the pick listing them gives.
@Suite struct ProgrammeLookupTests {
    let fixture: QueryStore
    let programmes: [Programme]

    /// 600 programmes on 4 channels over 5 days: types, one to three genres (or none) and years drawn from a fixed stream.
    init() throws {
        fixture = try QueryStore()
        var random = SplitMix64(seed: 27)
        let types: [ProgrammeType?] = [.film, .series, .show, .news, .documentary, nil]
        let genres: [Genre] = [.drama, .comedy, .action, .documentary, .entertainment, .news]
        var made: [Programme] = []
        for slot in 0..<150 {
            for channel in ["La1.es", "La2.es", "Antena3.es", "Cuatro.es"] {
                let day = 20 + slot / 30, minute = (slot % 30) * 45
                let type = types[random.below(types.count)]
                let count = random.below(4)
                let chosen = Array(Set((0..<count).map { _ in genres[random.below(genres.count)] })).sorted { $0.rawValue < $1.rawValue }
                made.append(fixture.programme(ChannelID(channel), "2026-11-\(day) \(String(format: "%02d:%02d", minute / 60, minute % 60))",
                                              minutes: 40, "Programa \(slot)", type: type, genres: chosen,
                                              year: type == .film ? 1980 + random.below(40) : nil))
            }
        }
        programmes = made
        try fixture.commit(programmes: made)
    }

    /// The filters a query of types, genres and years over a window asks, written as parameters.
    func queries() throws -> [Query] {
        let windows: [[QueryParameter: [String]]] = [
            [:], [.day: ["2026-11-21"]], [.from: ["2026-11-21T10:00:00Z"], .to: ["2026-11-23T18:00:00Z"]],
            [.from: ["2026-11-22T00:00:00Z"], .to: ["2026-11-23T00:00:00Z"], .window: ["starts"]],
        ]
        let filters: [[QueryParameter: [String]]] = [
            [.type: ["film"]], [.type: ["film", "news"]], [.genre: ["drama"]], [.genre: ["drama", "action"]],
            [.genre: ["drama", "action"], .allGenres: ["true"]], [.type: ["film"], .genre: ["comedy"], .year: ["1990-2005"]],
            [.type: ["series"], .genre: ["news", "entertainment"]], [.genre: ["comedy"], .sort: ["rating"]],
            [.type: ["documentary"], .minRating: ["5"]],
        ]
        var queries: [Query] = []
        for window in windows {
            for filter in filters {
                var parameters = QueryParameters()
                for (parameter, values) in window.merging(filter, uniquingKeysWith: { $1 }) { parameters[parameter] = values }
                parameters[.limit] = ["1000"]
                queries.append(try parameters.query(kind: .programmes, context: fixture.context("2026-11-20 09:00")))
            }
        }
        return queries
    }

    /// Every programme of the store that passes the query's filters, in (start, id) order: every record tested.
    func tested(_ query: Query, _ engine: QueryEngine) -> [ProgrammeRow] {
        var everything = Query(kind: .programmes, at: query.at)
        everything.window = query.window
        everything.limit = 10_000
        return engine.programmes(everything).rows.filter { row in
            (query.types.isEmpty || row.type.map(query.types.contains) == true)
                && (query.genres.isEmpty || (query.allGenres ? query.genres.isSubset(of: Set(row.genres)) : !query.genres.isDisjoint(with: row.genres)))
                && (query.years.map { years in row.year.map(years.contains) == true } ?? true)
                && (query.minimumRating.map { minimum in (row.score ?? -1) >= minimum } ?? true)
        }
    }

    @Test func typesAndGenresAnswerWhatTestingEveryRecordAnswers() throws {
        let engine = try fixture.engine()
        var answered = 0
        for query in try queries() {
            var expected = tested(query, engine)
            if query.sorts == [.rating] {
                // Best score first, unknown last; ties in (start, id) order.
                expected = expected.enumerated().sorted { ($0.element.score ?? -1, -$0.offset) > ($1.element.score ?? -1, -$1.offset) }.map(\.element)
            }
            let rows = engine.programmes(query).rows
            #expect(rows.map(\.id) == expected.map(\.id), "\(query.types) \(query.genres) \(String(describing: query.window))")
            answered += rows.count
        }
        #expect(answered > 500)
    }

    @Test func aShakeWithASeedPicksTheMatchAtTheOffsetItDraws() throws {
        let engine = try fixture.engine()
        for query in try queries() {
            let all = engine.programmes(query)
            for seed in 0..<5 as Range<UInt64> {
                var generator = SplitMix64(seed: seed), draw = SplitMix64(seed: seed)
                let picked = engine.shake(query, using: &generator)
                guard all.total > 0 else {
                    #expect(picked == nil)
                    continue
                }
                let offset = Int.random(in: 0..<all.total, using: &draw)
                guard case .programmes(let page)? = picked else {
                    Issue.record("shake returned nothing for \(query.types) \(query.genres)")
                    continue
                }
                #expect(page.total == all.total && page.offset == offset && page.rows == [all.rows[offset]])
                var again = SplitMix64(seed: seed)
                let json = try #require(engine.shakeJSON(query, using: &again))
                #expect(json == Array(try Self.encoder.encode(QueryAnswer.programmes(page))))
            }
        }
    }

    @Test func aLookupOutOfOrderIsNotUsedAndTheWindowIsTestedInstead() throws {
        let file = fixture.root + "/index/programmes.idx"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        // The genre lookup's records, reversed: still inside the index, no longer in record order.
        let name = try #require(bytes.range(of: Data("byGenre\0".utf8)))
        let entry = name.lowerBound + 24
        let offset = Int(bytes[entry..<entry + 8].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
        let count = Int(bytes[entry + 8..<entry + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
        var records = bytes[offset..<offset + count].withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        #expect(records.count > 100)
        records.reverse()
        bytes.replaceSubrange(offset..<offset + count, with: records.withUnsafeBytes { Data($0) })
        try bytes.write(to: URL(fileURLWithPath: file))
        let engine = try fixture.engine()
        #expect(engine.index.origin == .files)
        for query in try queries() where !query.genres.isEmpty {
            #expect(engine.programmes(query).rows.map(\.id) == tested(query, engine).map(\.id))
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
