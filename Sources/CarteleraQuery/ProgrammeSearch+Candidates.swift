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
        var best: (positions: [Range<Int>], column: NumberColumn<UInt32>, cost: Int)?
        func consider(_ positions: [Range<Int>]?, of column: NumberColumn<UInt32>) {
            guard let positions else { return }
            let cost = positions.reduce(0) { $0 + $1.count }
            guard cost * (positions.count > 1 ? 4 : 2) <= slice.count, cost < best?.cost ?? Int.max else { return }
            best = (positions, column, cost)
        }
        if let wanted = filter.typeWanted {
            let codes = (0..<(index.typeOffsets.count - 1)).filter { wanted[$0] }
            consider(parts(codes, index.byType, index.typeOffsets, in: slice), of: index.byType)
        }
        if filter.genreMask != 0 {
            let bits = (0..<(index.genreOffsets.count - 1)).filter { filter.genreMask & (1 << Int64($0)) != 0 }
            let parts = parts(bits, index.byGenre, index.genreOffsets, in: slice)
            // With every genre needed, the records of the rarest one are enough; with any, those of each.
            if filter.allGenres, let rarest = parts?.min(by: { $0.count < $1.count }) {
                consider([rarest], of: index.byGenre)
            } else {
                consider(parts, of: index.byGenre)
            }
        }
        guard let best else { return Candidates(source: .records(slice)) }
        if best.positions.count == 1 { return Candidates(source: .group(best.column, best.positions[0])) }
        var records: [UInt32] = []
        records.reserveCapacity(best.cost)
        for positions in best.positions { for position in positions { records.append(best.column[position]) } }
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

    /// For each group, the positions of its records that lie in `slice` (binary searches in the group's part of the
    /// lookup); nil when a group's records do not rise strictly below the record count.
    private func parts(_ groups: [Int], _ column: NumberColumn<UInt32>, _ offsets: NumberColumn<UInt32>, in slice: Range<Int>) -> [Range<Int>]? {
        var parts: [Range<Int>] = []
        for group in groups {
            let from = Int(offsets[group]), to = Int(offsets[group + 1])
            guard column.isIncreasing(from..<to), from == to || Int(column[to - 1]) < index.count else { return nil }
            func first(atLeast record: Int) -> Int {
                var low = from, high = to
                while low < high {
                    let middle = (low + high) / 2
                    if Int(column[middle]) < record { low = middle + 1 } else { high = middle }
                }
                return low
            }
            let lower = first(atLeast: slice.lowerBound)
            parts.append(lower..<max(lower, first(atLeast: slice.upperBound)))
        }
        return parts
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
