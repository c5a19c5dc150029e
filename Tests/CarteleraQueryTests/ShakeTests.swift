import CarteleraCore
import CarteleraModel
import CarteleraQuery
import Testing

/// Shake picks uniformly among every match of the filters, never outside them, and reproducibly with a seed.
@Suite struct ShakeTests {
    let fixture: QueryStore

    /// 30 programmes on 3 channels; 12 of them are films of 2000 or later, the set the tests shake.
    init() throws {
        fixture = try QueryStore()
        var programmes: [Programme] = []
        for index in 0..<30 {
            let channel: ChannelID = ["La1.es", "La2.es", "Cuatro.es"][index % 3]
            let hour = 10 + index / 3
            let film = index % 5 < 2
            programmes.append(fixture.programme(channel, "2026-11-20 \(hour):00", minutes: 50, "Programa \(index)", type: film ? .film : .show,
                                                genres: film ? [.drama] : [.entertainment], year: film ? (index < 10 ? 1995 : 2005) : nil))
        }
        try fixture.commit(programmes: programmes)
    }

    func filters() throws -> Query {
        var parameters = QueryParameters()
        parameters[.type] = ["film"]
        parameters[.year] = ["2000-"]
        // A page of one: shake must pick among all the matches, not the page.
        parameters[.limit] = ["1"]
        return try parameters.query(kind: .programmes, context: fixture.context("2026-11-20 09:00"))
    }

    @Test func twentyThousandPicksAreUniformAndNeverOutsideTheFilters() throws {
        let engine = try fixture.engine()
        let query = try filters()
        var everything = query
        everything.limit = 100
        let allowed = Set(engine.programmes(everything).rows.map(\.id))
        #expect(allowed.count == 8)
        var counts: [ProgrammeID: Int] = [:]
        var random = SplitMix64(seed: 20_261_123)
        let draws = 20_000
        for _ in 0..<draws {
            guard case .programmes(let page)? = engine.shake(query, using: &random), let row = page.rows.first else {
                Issue.record("shake returned nothing")
                return
            }
            #expect(allowed.contains(row.id), "\(row.title) does not match the filters")
            #expect(row.type == .film && (row.year ?? 0) >= 2000)
            counts[row.id, default: 0] += 1
        }
        #expect(Set(counts.keys) == allowed)
        // Pearson's chi-square against uniform, 7 degrees of freedom: p > 0.001 needs the statistic below 24.32.
        let expected = Double(draws) / Double(allowed.count)
        let chiSquare = counts.values.reduce(0.0) { sum, count in sum + (Double(count) - expected) * (Double(count) - expected) / expected }
        #expect(chiSquare < 24.32, "chi-square \(chiSquare) over \(counts.values.sorted())")
    }

    @Test func aSeedGivesTheSamePickEveryTime() throws {
        let engine = try fixture.engine()
        let query = try filters()
        var first = SplitMix64(seed: 42), second = SplitMix64(seed: 42)
        guard case .programmes(let a)? = engine.shake(query, using: &first), case .programmes(let b)? = engine.shake(query, using: &second) else {
            Issue.record("shake returned nothing")
            return
        }
        #expect(a.rows == b.rows && a.rows.count == 1)
    }

    /// 1,600 programmes on 8 channels over a day: a quarter are dramas made between 1980 and 2020 (years from a fixed
    /// stream), so a shake of dramas of 1990–2005 counts and walks hundreds of a genre's films by their years, many
    /// blocks of them, and must pick what listing every match picks, for every seed.
    @Test func aShakeAmongHundredsOfAGenresFilmsPicksTheMatchAtTheOffsetItDraws() throws {
        let store = try QueryStore()
        var random = SplitMix64(seed: 29)
        var programmes: [Programme] = []
        for slot in 0..<200 {
            for (number, channel) in ["La1.es", "La2.es", "Antena3.es", "Cuatro.es", "Telecinco.es", "laSexta.es", "ETB2.es", "CanalSur.es"].enumerated() {
                let kind = (slot + number) % 4
                let start = "2026-11-21 \(String(format: "%02d:%02d", slot * 7 / 60, slot * 7 % 60))"
                programmes.append(store.programme(ChannelID(channel), start, minutes: 7, "Programa \(slot)", type: kind < 2 ? .film : .show,
                                                  genres: kind % 2 == 0 ? [.drama] : [.comedy], year: kind < 2 ? 1980 + random.below(41) : nil))
            }
        }
        try store.commit(programmes: programmes)
        let engine = try store.engine()
        var parameters = QueryParameters()
        parameters[.type] = ["film"]
        parameters[.genre] = ["drama"]
        parameters[.year] = ["1990-2005"]
        parameters[.day] = ["2026-11-21"]
        parameters[.window] = ["starts"]
        parameters[.limit] = ["10000"]
        let query = try parameters.query(kind: .programmes, context: store.context("2026-11-21 00:00"))
        let all = engine.programmes(query)
        #expect(all.total > 128 && all.rows.allSatisfy { $0.genres == [.drama] && $0.type == .film && (1990...2005).contains($0.year ?? 0) })
        for seed in 0..<200 as Range<UInt64> {
            var generator = SplitMix64(seed: seed), draw = SplitMix64(seed: seed)
            let offset = Int.random(in: 0..<all.total, using: &draw)
            guard case .programmes(let page)? = engine.shake(query, using: &generator) else {
                Issue.record("shake returned nothing")
                return
            }
            #expect(page.total == all.total && page.offset == offset && page.rows == [all.rows[offset]])
        }
    }

    @Test func nothingToPickIsNil() throws {
        var query = try filters()
        query.types = [.sport]
        var random = SplitMix64(seed: 1)
        let picked = try fixture.engine().shake(query, using: &random)
        #expect(picked == nil)
    }
}
