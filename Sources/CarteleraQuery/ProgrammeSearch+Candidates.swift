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
            /// Records of a group made in memory, their years beside them: a genre's records of one type
            /// (`ProgrammeIndex.typedGroup(ofGenre:)`).
            case held(ArraySlice<UInt32>, years: ArraySlice<UInt32>)

            var count: Int {
                switch self {
                case .mapped(_, let positions): positions.count
                case .held(let records, _): records.count
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
            case .part(.held(let records, _)):
                for record in records where !body(Int(record)) { return }
            case .merged(let records):
                for record in records where !body(Int(record)) { return }
            }
        }

        /// Hands each record `filter` accepts to `body`, in record order. Records held with their years, when the years
        /// are all `filter` has left to test, are tested on those years, side by side.
        @inline(__always)
        func forEach(acceptedBy filter: RecordFilter, _ body: (Int) -> Void) {
            if case .part(.held(let records, let years)) = source, filter.testsOnlyYears {
                let test = YearTest(filter.years)
                for position in years.indices where test.passes(years[position]) { body(Int(records[position])) }
                return
            }
            forEach { record in
                if filter.accepts(record) { body(record) }
                return true
            }
        }

        /// How many records `filter` accepts: counted on the years side by side when a part holds them and they are all
        /// left to test; the candidates' number when nothing is left.
        func count(acceptedBy filter: RecordFilter) -> Int {
            if filter.testsOnlyYears {
                if filter.years == nil { return count }
                if case .part(.held(_, let years)) = source {
                    let test = YearTest(filter.years)
                    return years.withUnsafeBufferPointer { test.count($0) }
                }
            }
            var total = 0
            forEach { record in
                if filter.accepts(record) { total += 1 }
                return true
            }
            return total
        }

        /// The record `filter` accepts at `offset` among those it accepts, in record order; nil past the last. Found as
        /// `count(acceptedBy:)` counts: on the years, a block at a time, or straight at its position when nothing is left
        /// to test.
        func record(at offset: Int, acceptedBy filter: RecordFilter) -> Int? {
            guard offset >= 0 else { return nil }
            if filter.testsOnlyYears {
                if filter.years == nil {
                    guard offset < count else { return nil }
                    switch source {
                    case .records(let records): return records.lowerBound + offset
                    case .part(.mapped(let column, let positions)): return Int(column[positions.lowerBound + offset])
                    case .part(.held(let records, _)): return Int(records[records.startIndex + offset])
                    case .merged(let records): return Int(records[offset])
                    }
                }
                if case .part(.held(let records, let years)) = source {
                    let test = YearTest(filter.years)
                    return years.withUnsafeBufferPointer { test.position(of: offset, in: $0) }.map { Int(records[years.startIndex + $0]) }
                }
            }
            var seen = 0
            var found: Int?
            forEach { record in
                guard filter.accepts(record) else { return true }
                if seen == offset {
                    found = record
                    return false
                }
                seen += 1
                return true
            }
            return found
        }

        /// The number of candidates.
        var count: Int {
            switch source {
            case .records(let records): records.count
            case .part(let part): part.count
            case .merged(let records): records.count
            }
        }
    }

    /// A year range tested as one unsigned compare (`year - lowest <= span`), which the compiler vectorises over years
    /// side by side; every year passes when there is no range.
    struct YearTest {
        let lowest: UInt32
        let span: UInt32

        init(_ years: ClosedRange<UInt32>?) {
            lowest = years?.lowerBound ?? 0
            span = years.map { $0.upperBound - $0.lowerBound } ?? UInt32.max
        }

        @inline(__always)
        func passes(_ year: UInt32) -> Bool {
            year &- lowest <= span
        }

        /// How many of `years` pass: eight at a time without a branch (a scalar loop branches on each year, and the
        /// years of a genre's films pass or fail at random).
        func count(_ years: UnsafeBufferPointer<UInt32>) -> Int {
            var index = 0, total = 0
            if let base = years.baseAddress {
                let lowest = SIMD8(repeating: lowest), span = SIMD8(repeating: span), one = SIMD8<UInt32>(repeating: 1)
                var sums = SIMD8<UInt32>()
                while index + 8 <= years.count {
                    let eight = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<UInt32>.self)
                    sums &+= one.replacing(with: 0, where: eight &- lowest .> span)
                    index += 8
                }
                total = Int(sums.wrappedSum())
            }
            while index < years.count {
                if passes(years[index]) { total += 1 }
                index += 1
            }
            return total
        }

        /// The position in `years` of the one that passes at `offset` among those that pass; nil past the last. Blocks
        /// are counted whole (vectorised) and only the block holding it is walked.
        func position(of offset: Int, in years: UnsafeBufferPointer<UInt32>) -> Int? {
            let width = 64
            var left = offset, block = 0
            while block < years.count {
                let end = min(block + width, years.count)
                let passing = count(UnsafeBufferPointer(rebasing: years[block..<end]))
                if left < passing {
                    for position in block..<end where passes(years[position]) {
                        if left == 0 { return position }
                        left -= 1
                    }
                }
                left -= passing
                block = end
            }
            return nil
        }
    }

    /// The candidates of `filter` among the records in `slice`: the slice itself, or the records in it of the wanted
    /// types, of the wanted genres or of both (each genre's records of each type), whichever are fewest, when they are at
    /// most half as many (a quarter when several groups must be merged). The tests every candidate passes are dropped
    /// from `filter`: a window of starts, which the slice is, and the types or genres the groups used stand for. A group
    /// whose records do not rise strictly inside the index (a damaged file) is not used: the slice is.
    func candidates(in slice: Range<Int>, _ filter: inout RecordFilter) -> Candidates {
        if filter.window?.mode == .starts { filter.window = nil }
        if let typed = typedCandidates(in: slice, &filter) { return typed }
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
            let positions = bits.map { (bit: $0, positions: index.positions(of: $0, in: .genre, records: slice)) }
            let used = filter.allGenres ? positions.min { $0.positions.count < $1.positions.count }.map { [$0] } ?? [] : positions
            let settles = !filter.allGenres || bits.count == 1
            let column = index.lookup(.genre)
            consider(used.map { .mapped(column, $0.positions) }, checking: used.map { (.genre, $0.bit) }, types: false, genres: settles)
            if let types {
                let groups = used.compactMap { index.typedGroup(ofGenre: $0.bit) }
                if groups.count == used.count {
                    let parts = groups.flatMap { group in
                        types.map { code -> Candidates.Part in
                            let part = group.part(ofType: code, in: slice)
                            return .held(part.records, years: part.years)
                        }
                    }
                    consider(parts, checking: [], types: true, genres: settles)
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

    /// The candidates of one type and one genre (a shake of a genre's films): that genre's records of that type, held
    /// in memory, are never more than the records of the type or of the genre, so they are the choice whenever any group
    /// is, and the mapped groups need not be sized (binary searches in two large lookups). Nil when the query asks for
    /// something else, or when the group is more than half the slice (then no group is worth it, which
    /// `candidates(in:_:)` finds on its own).
    private func typedCandidates(in slice: Range<Int>, _ filter: inout RecordFilter) -> Candidates? {
        guard let wanted = filter.typeWanted, UInt64(bitPattern: filter.genreMask).nonzeroBitCount == 1,
              let code = wanted.firstIndex(of: true), wanted.lastIndex(of: true) == code, code < index.groupCount(.type) else { return nil }
        let bit = filter.genreMask.trailingZeroBitCount
        guard bit < index.groupCount(.genre), let group = index.typedGroup(ofGenre: bit) else { return nil }
        let part = group.part(ofType: code, in: slice)
        guard part.records.count * 2 <= slice.count else { return nil }
        filter.typeWanted = nil
        filter.genreMask = 0
        return Candidates(source: .part(.held(part.records, years: part.years)))
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
        let total = candidates.count(acceptedBy: filter)
        guard total > 0 else { return nil }
        let offset = Int.random(in: 0..<total, using: &generator)
        guard let picked = candidates.record(at: offset, acceptedBy: filter) else { return nil }
        return Pick(offset: offset, total: total, match: Match(record: picked, tier: nil))
    }

    /// Whether matches of a query without text sorted by `sorts` stay in record order: time is (start, id); relevance
    /// without text, distance, viewers and share do not order programmes, and ties keep record order.
    static func keepsRecordOrder(_ sorts: [Query.Sort]) -> Bool {
        sorts.allSatisfy { [.time, .relevance, .distance, .viewers, .share].contains($0) }
    }
}
