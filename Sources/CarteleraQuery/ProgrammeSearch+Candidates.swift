import CarteleraModel

extension ProgrammeSearch {
    /// The records a query without text or channels tests, in record order: the slice of records its window starts in,
    /// or, when that is several times more, the part of that slice in the lookup of its types or of its genres.
    struct Candidates {
        enum Source {
            /// Every record of a slice.
            case records(Range<Int>)
            /// The records at some positions of a lookup (`byType` or `byGenre`), checked in order and inside the slice.
            case group(NumberColumn<UInt32>, Range<Int>)
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
            case .group(let column, let positions):
                for position in positions where !body(Int(column[position])) { return }
            case .merged(let records):
                for record in records where !body(Int(record)) { return }
            }
        }
    }

    /// The candidates of `filter` among the records in `slice`: the slice itself, or the records of the wanted types or
    /// genres in it when they are at most half as many (a quarter when several groups must be merged). A group whose
    /// records do not rise strictly inside the index (a damaged file) is not used: the slice is.
    func candidates(in slice: Range<Int>, _ filter: RecordFilter) -> Candidates {
        var best: (lookup: ProgrammeIndex.Lookup, groups: [Int], positions: [Range<Int>], cost: Int)?
        func consider(_ lookup: ProgrammeIndex.Lookup, _ groups: [Int]) {
            let positions = groups.map { index.positions(of: $0, in: lookup, records: slice) }
            let cost = positions.reduce(0) { $0 + $1.count }
            guard !groups.isEmpty, cost * (groups.count > 1 ? 4 : 2) <= slice.count, cost < best?.cost ?? Int.max else { return }
            best = (lookup, groups, positions, cost)
        }
        if let wanted = filter.typeWanted {
            consider(.type, (0..<index.groupCount(.type)).filter { wanted[$0] })
        }
        if filter.genreMask != 0 {
            let bits = (0..<index.groupCount(.genre)).filter { filter.genreMask & (1 << Int64($0)) != 0 }
            // With every genre needed, the records of the rarest one are enough; with any, those of each.
            if filter.allGenres, let rarest = bits.min(by: { index.positions(of: $0, in: .genre, records: slice).count < index.positions(of: $1, in: .genre, records: slice).count }) {
                consider(.genre, [rarest])
            } else {
                consider(.genre, bits)
            }
        }
        guard let best, best.groups.allSatisfy({ index.groupRises($0, in: best.lookup) }) else { return Candidates(source: .records(slice)) }
        let column = index.lookup(best.lookup)
        if best.positions.count == 1 { return Candidates(source: .group(column, best.positions[0])) }
        var records: [UInt32] = []
        records.reserveCapacity(best.cost)
        for positions in best.positions { for position in positions { records.append(column[position]) } }
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
        guard let filter = RecordFilter(query, index: index) else { return nil }
        let candidates = candidates(in: slice(query.window), filter)
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
