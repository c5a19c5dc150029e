import CarteleraModel

extension ProgrammeSearch {
    /// The records a query without text or channels tests, in record order: the slice of records its window starts in,
    /// or, when that is several times more, the part of that slice among the records of its types, of its genres, or of
    /// both at once.
    struct Candidates {
        /// Some records of one group, in record order.
        enum Part {
            /// The records at some positions of a lookup of the file (`byType` or `byGenre`), checked in order and inside the slice.
            case mapped(NumberColumn<UInt32>, Range<Int>)
            /// Records of a group made in memory: a genre's records of one type (`ProgrammeIndex.typedGroup(ofGenre:)`).
            case held(ArraySlice<UInt32>)

            var count: Int {
                switch self {
                case .mapped(_, let positions): positions.count
                case .held(let records): records.count
                }
            }
        }

        enum Source {
            /// Every record of a slice.
            case records(Range<Int>)
            /// The records of one group.
            case part(Part)
            /// The records of several groups, merged into record order without repeats.
            case merged([UInt32])
        }

        let source: Source

        /// Hands each record to `body`, in record order, until `body` returns false.
        @inline(__always)
        func forEach(_ body: (Int) -> Bool) {
            switch source {
            case .records(let records):
                for record in records where !body(record) { return }
            case .part(.mapped(let column, let positions)):
                for position in positions where !body(Int(column[position])) { return }
            case .part(.held(let records)):
                for record in records where !body(Int(record)) { return }
            case .merged(let records):
                for record in records where !body(Int(record)) { return }
            }
        }
    }

    /// The candidates of `filter` among the records in `slice`: the slice itself, or the records in it of the wanted
    /// types, of the wanted genres or of both (each genre's records of each type), whichever are fewest, when they are at
    /// most half as many (a quarter when several groups must be merged). The tests every candidate passes are dropped
    /// from `filter`: a window of starts, which the slice is, and the types or genres the groups used stand for. A group
    /// whose records do not rise strictly inside the index (a damaged file) is not used: the slice is.
    func candidates(in slice: Range<Int>, _ filter: inout RecordFilter) -> Candidates {
        if filter.window?.mode == .starts { filter.window = nil }
        var best: (parts: [Candidates.Part], cost: Int, checks: [(ProgrammeIndex.Lookup, Int)], types: Bool, genres: Bool)?
        func consider(_ parts: [Candidates.Part], checking checks: [(ProgrammeIndex.Lookup, Int)], types: Bool, genres: Bool) {
            let cost = parts.reduce(0) { $0 + $1.count }
            guard !parts.isEmpty, cost * (parts.count > 1 ? 4 : 2) <= slice.count, cost < best?.cost ?? Int.max else { return }
            best = (parts, cost, checks, types, genres)
        }
        let types = filter.typeWanted.map { wanted in (0..<index.groupCount(.type)).filter { wanted[$0] } }
        if let types {
            let column = index.lookup(.type)
            consider(types.map { .mapped(column, index.positions(of: $0, in: .type, records: slice)) }, checking: types.map { (.type, $0) },
                     types: true, genres: false)
        }
        if filter.genreMask != 0 {
            let bits = (0..<index.groupCount(.genre)).filter { filter.genreMask & (1 << Int64($0)) != 0 }
            // With every genre needed, the records of the rarest one are enough (and all a single genre needs); with any, those of each.
            let counts = bits.map { index.positions(of: $0, in: .genre, records: slice).count }
            let used = filter.allGenres ? zip(bits, counts).min { $0.1 < $1.1 }.map { [$0.0] } ?? [] : bits
            let settles = !filter.allGenres || bits.count == 1
            let column = index.lookup(.genre)
            consider(used.map { .mapped(column, index.positions(of: $0, in: .genre, records: slice)) }, checking: used.map { (.genre, $0) },
                     types: false, genres: settles)
            if let types {
                let groups = used.compactMap(index.typedGroup(ofGenre:))
                if groups.count == used.count {
                    consider(groups.flatMap { group in types.map { .held(group.records(ofType: $0, in: slice)) } }, checking: [],
                             types: true, genres: settles)
                }
            }
        }
        guard let best, best.checks.allSatisfy({ index.groupRises($0.1, in: $0.0) }) else { return Candidates(source: .records(slice)) }
        if best.types { filter.typeWanted = nil }
        if best.genres { filter.genreMask = 0 }
        if best.parts.count == 1 { return Candidates(source: .part(best.parts[0])) }
        var records: [UInt32] = []
        records.reserveCapacity(best.cost)
        for part in best.parts { Candidates(source: .part(part)).forEach { records.append(UInt32($0)); return true } }
        records.sort()
        // A record of two wanted genres is in both groups.
        var kept = 0
        for record in records where kept == 0 || records[kept - 1] != record {
            records[kept] = record
            kept += 1
        }
        records.removeSubrange(kept...)
        return Candidates(source: .merged(records))
    }

    /// A uniformly random match and where it is: its position among every match in the query's order, and their number.
    struct Pick {
        var offset: Int
        var total: Int
        var match: Match
    }

    /// One match drawn uniformly with `generator`: the match at `Int.random(in: 0..<total)` among all of them in the
    /// query's order, the same draw and match `matches(query)` would give. A query in record order without text or
    /// channels counts its matches among its candidates and walks to the one drawn, without listing them; nil when none.
    func pick(_ query: Query, using generator: inout some RandomNumberGenerator) -> Pick? {
        guard query.text == nil, query.channels == nil, Self.keepsRecordOrder(query.effectiveSorts) else {
            let matches = matches(query)
            guard !matches.isEmpty else { return nil }
            let offset = Int.random(in: 0..<matches.count, using: &generator)
            return Pick(offset: offset, total: matches.count, match: matches[offset])
        }
        guard var filter = RecordFilter(query, index: index) else { return nil }
        let candidates = candidates(in: slice(query.window), &filter)
        var total = 0
        candidates.forEach { record in
            if filter.accepts(record) { total += 1 }
            return true
        }
        guard total > 0 else { return nil }
        let offset = Int.random(in: 0..<total, using: &generator)
        var seen = 0, picked = 0
        candidates.forEach { record in
            guard filter.accepts(record) else { return true }
            if seen == offset {
                picked = record
                return false
            }
            seen += 1
            return true
        }
        return Pick(offset: offset, total: total, match: Match(record: picked, tier: nil))
    }

    /// Whether matches of a query without text sorted by `sorts` stay in record order: time is (start, id); relevance
    /// without text, distance, viewers and share do not order programmes, and ties keep record order.
    static func keepsRecordOrder(_ sorts: [Query.Sort]) -> Bool {
        sorts.allSatisfy { [.time, .relevance, .distance, .viewers, .share].contains($0) }
    }
}
