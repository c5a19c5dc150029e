import CarteleraCore
import CarteleraModel

/// Answers programme queries from a `ProgrammeIndex`: candidates from the narrowest lookup, then every filter, then the order.
struct ProgrammeSearch {
    let index: ProgrammeIndex

    /// A match: the record and, for text queries, how its title matched.
    struct Match: Sendable {
        var record: Int
        var tier: MatchTier?
    }

    /// Every record the query matches, in the query's order.
    func matches(_ query: Query) -> [Match] {
        var tiers: [Int: MatchTier]?
        if let text = query.text {
            guard let matcher = TextMatcher(text, mode: query.textMatch) else { return [] }
            tiers = titleTiers(matcher)
        }
        // Each channel's number is looked up once, here; channels this index has never seen match nothing.
        let channels = query.channels.map(channelNumbers)
        if channels?.isEmpty == true { return [] }
        guard var filter = RecordFilter(query, index: index) else { return [] }
        var matches: [Match] = []
        if let tiers {
            let channels = channels.map { Set($0) }
            for match in self.matches(ofTitles: tiers) where filter.accepts(match.record) {
                if let channels, !channels.contains(index.channel[match.record]) { continue }
                matches.append(match)
            }
        } else if let channels {
            // The window is tested on each channel's own starts and ends, not on the records'.
            let range = window(query.window), overlapping = filter.window
            filter.window = nil
            for number in channels {
                appendMatches(ofChannel: Int(number), starting: range, overlapping: overlapping, filter, to: &matches)
            }
            if channels.count > 1 { matches.sort { $0.record < $1.record } }
        } else {
            // Records are in start order: a window is a slice of them, tested in place or through its types' or genres' records.
            let candidates = candidates(in: slice(query.window), &filter)
            candidates.forEach(acceptedBy: filter) { matches.append(Match(record: $0, tier: nil)) }
        }
        sort(&matches, by: query.effectiveSorts)
        return matches
    }

    /// The records of some titles, each with its title's tier, in record order.
    ///
    /// The tier travels with the record from the title's postings, packed below it in one integer that sorts as the
    /// record does: no title is read back from the records' column (a cache miss each) nor looked up per record.
    private func matches(ofTitles tiers: [Int: MatchTier]) -> [Match] {
        var keys: [UInt64] = []
        for (title, tier) in tiers {
            let from = Int(index.titleOffsets[title]), to = Int(index.titleOffsets[title + 1])
            keys.reserveCapacity(keys.count + to - from)
            let code = UInt64(tier.rawValue)
            for position in from..<to { keys.append(UInt64(index.titlePostings[position]) << Self.tierBits | code) }
        }
        Self.radixSort(&keys)
        let mask: UInt64 = 1 << Self.tierBits - 1
        return keys.map { Match(record: Int($0 >> Self.tierBits), tier: MatchTier(rawValue: Int($0 & mask))) }
    }

    /// Sorts `keys` ascending, a byte at a time from the lowest (least significant digit first) over the bytes the
    /// largest key has: a common word's thousands of records, in runs from each title, sort in a few passes over them
    /// instead of `sort`'s comparisons (a twentieth of a large text answer's time).
    static func radixSort(_ keys: inout [UInt64]) {
        guard keys.count > 64, let largest = keys.max() else {
            keys.sort()
            return
        }
        var scratch = [UInt64](repeating: 0, count: keys.count)
        var shift: UInt64 = 0
        while shift < 64, largest >> shift != 0 {
            keys.withUnsafeBufferPointer { keys in
                scratch.withUnsafeMutableBufferPointer { sorted in
                    var starts = [Int](repeating: 0, count: 257)
                    for key in keys { starts[Int(truncatingIfNeeded: (key >> shift) & 0xFF) + 1] += 1 }
                    for digit in 1...256 { starts[digit] += starts[digit - 1] }
                    for key in keys {
                        let digit = Int(truncatingIfNeeded: (key >> shift) & 0xFF)
                        sorted[starts[digit]] = key
                        starts[digit] += 1
                    }
                }
            }
            swap(&keys, &scratch)
            shift += 8
        }
    }

    /// The bits below a record that hold its tier's raw value.
    private static let tierBits: UInt64 = 3

    /// The numbers of the channels `ids` names that this index holds.
    private func channelNumbers(_ ids: Set<ChannelID>) -> [UInt32] {
        ids.compactMap { index.channelNumber[$0.rawValue] }
    }

    /// Appends the records of channel `number` whose start is in `range`, that end after an overlapping window's
    /// start and pass `filter`, in start order: one binary search for the first start, then a scan over the channel's
    /// own starts and ends up to the range's end.
    private func appendMatches(
        ofChannel number: Int, starting range: Range<Int64>, overlapping window: Query.Window?, _ filter: RecordFilter, to matches: inout [Match]
    ) {
        let end = Int(index.channelOffsets[number + 1])
        let after = window.flatMap { $0.mode == .overlap ? $0.from.secondsSince1970 : nil } ?? Int64.min
        var position = firstPosition(ofChannel: number, startingAtOrAfter: range.lowerBound)
        while position < end, index.channelStart[position] < range.upperBound {
            if index.channelEnd[position] > after {
                let record = Int(index.byChannel[position])
                if filter.accepts(record) { matches.append(Match(record: record, tier: nil)) }
            }
            position += 1
        }
    }

    /// The first position in channel `number`'s part of `byChannel` whose start is at or after `instant` (its end when none is).
    private func firstPosition(ofChannel number: Int, startingAtOrAfter instant: Int64) -> Int {
        var low = Int(index.channelOffsets[number]), high = Int(index.channelOffsets[number + 1])
        while low < high {
            let middle = (low + high) / 2
            if index.channelStart[middle] < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The records whose start is in `window(_:)`: a slice of the records, which are in start order.
    func slice(_ window: Query.Window?) -> Range<Int> {
        let range = self.window(window)
        let first = index.firstStarting(atOrAfter: range.lowerBound)
        return first..<max(first, index.firstStarting(atOrAfter: range.upperBound))
    }

    /// The starts a record must have to be in the window: from `longest` before it (overlap) to its end.
    private func window(_ window: Query.Window?) -> Range<Int64> {
        guard let window else { return Int64.min..<Int64.max }
        let from = window.from.secondsSince1970, to = window.to.secondsSince1970
        switch window.mode {
        case .overlap: return from.subtractingReportingOverflow(index.longest).partialValue..<to
        case .starts: return from..<to
        }
    }

    /// The titles matching the text, with how well: through the word lookup for whole-word matches, by scanning the titles otherwise.
    private func titleTiers(_ matcher: TextMatcher) -> [Int: MatchTier] {
        var tiers: [Int: MatchTier] = [:]
        if matcher.mode == .word {
            var candidates: Set<Int>?
            for word in matcher.words {
                let titles = Set(titlesOfWord(String(decoding: word, as: UTF8.self)))
                candidates = candidates.map { $0.intersection(titles) } ?? titles
            }
            for title in candidates ?? [] { tiers[title] = .word }
            return tiers
        }
        for title in 0..<index.foldedTitles.count {
            if let tier = matcher.tier(index.foldedTitles[title]) { tiers[title] = tier }
        }
        return tiers
    }

    /// The titles having `word` as a whole word (binary search in the sorted word table).
    private func titlesOfWord(_ word: String) -> [Int] {
        var low = 0, high = index.words.count
        while low < high {
            let middle = (low + high) / 2
            if index.words[middle] < word { low = middle + 1 } else { high = middle }
        }
        guard low < index.words.count, index.words[low] == word else { return [] }
        return (Int(index.wordOffsets[low])..<Int(index.wordOffsets[low + 1])).map { Int(index.wordTitles[$0]) }
    }

    /// Sorts matches by each order in turn; every order ends on (start, id), which is record order, so ties are stable.
    private func sort(_ matches: inout [Match], by sorts: [Query.Sort]) {
        // Records are in start order already.
        guard sorts.count != 1 || sorts[0] != .time else { return }
        let comparisons = sorts.map { comparison($0, matches) }
        matches.sort(by: comparisons) { $0.record < $1.record }
    }

    /// One order as a comparison, with what it looks up prepared once for the matches at hand.
    private func comparison(_ sort: Query.Sort, _ matches: [Match]) -> (Match, Match) -> MatchOrder {
        switch sort {
        case .relevance:
            return { MatchOrder($0.tier?.rawValue ?? 9, $1.tier?.rawValue ?? 9) }
        case .title:
            // Folded titles are read from the mapped file once per distinct title, not per comparison.
            let folded = Dictionary(uniqueKeysWithValues: Set(matches.map { Int(index.title[$0.record]) }).map { ($0, index.foldedTitles[$0]) })
            return { MatchOrder(folded[Int(index.title[$0.record])] ?? "", folded[Int(index.title[$1.record])] ?? "") }
        case .rating:
            func score(_ match: Match) -> Int { let value = index.score[match.record]; return value == 255 ? -1 : Int(value) }
            return { MatchOrder(descending: score($0), score($1)) }
        case .year:
            // Year 0 is unknown: last, below every real year.
            return { MatchOrder(descending: index.year[$0.record], index.year[$1.record]) }
        case .channel:
            let names = index.channelNames.map(TextFolding.fold)
            return { MatchOrder(names[Int(index.channel[$0.record])], names[Int(index.channel[$1.record])]) }
        case .time:
            return { MatchOrder(index.start[$0.record], index.start[$1.record]) }
        case .distance, .viewers, .share:
            return { _, _ in .same }
        }
    }

    /// The row of a record, as returned to callers.
    func row(_ match: Match, at now: Timestamp? = nil) -> ProgrammeRow {
        let record = match.record
        let channelNumber = Int(index.channel[record])
        let year = index.year[record], score = index.score[record], external = index.externalID[record]
        var row = ProgrammeRow(
            id: index.id(record), channel: ChannelID(index.channels[channelNumber]), channelName: index.channelNames[channelNumber],
            title: index.titles[Int(index.title[record])], start: Timestamp(secondsSince1970: index.start[record]),
            stop: index.stopTime(record).map { Timestamp(secondsSince1970: $0) }, type: index.typeOfCode[Int(index.type[record])],
            genres: index.genres(record), year: year == 0 ? nil : Int(year), score: score == 255 ? nil : Double(score) / 10,
            externalID: external.isEmpty ? nil : external, match: match.tier, minutesLeft: nil)
        if let now { row.minutesLeft = index.minutesLeft(record, at: now) }
        return row
    }
}

/// The per-record tests of a programme query, prepared once: a type table, a genre mask, a year range, a window, a score.
struct RecordFilter {
    let index: ProgrammeIndex
    /// Type code → wanted; nil when any type will do.
    var typeWanted: [Bool]?
    /// The wanted genres' bits; 0 when any genres will do.
    var genreMask: Int64
    /// Every genre of the mask is needed, not any one.
    let allGenres: Bool
    let years: ClosedRange<UInt32>?
    /// The query's window; nil once a search has tested it another way.
    var window: Query.Window?
    let minimumScore: UInt8?

    /// Nil when the query can match nothing here: genres or types this index has never seen (its channels are
    /// `ProgrammeSearch.matches`' to look up).
    init?(_ query: Query, index: ProgrammeIndex) {
        self.index = index
        if query.types.isEmpty {
            typeWanted = nil
        } else {
            var wanted = [Bool](repeating: false, count: 256)
            var any = false
            for type in query.types {
                for code in index.codesOfType[type] ?? [] {
                    wanted[code] = true
                    any = true
                }
            }
            guard any else { return nil }
            typeWanted = wanted
        }
        var mask: Int64 = 0
        var seenAll = true
        for genre in query.genres {
            if let bits = index.bitsOfGenre[genre] { mask |= bits } else { seenAll = false }
        }
        // Genres this index has never seen match nothing, not everything; with all of them needed, one unseen is enough.
        if !query.genres.isEmpty, mask == 0 { return nil }
        if query.allGenres, !seenAll { return nil }
        genreMask = mask
        allGenres = query.allGenres
        if let wanted = query.years {
            guard wanted.upperBound >= 1 else { return nil }
            years = UInt32(clamping: max(wanted.lowerBound, 1))...UInt32(clamping: wanted.upperBound)
        } else {
            years = nil
        }
        window = query.window
        if let rating = query.minimumRating {
            guard let tenths = Checked.rounded(rating * 10) else { return nil }
            if tenths > 100 { return nil }
            minimumScore = UInt8(clamping: tenths)
        } else {
            minimumScore = nil
        }
    }

    /// Whether a year range is all there is left to test, or nothing is: candidates that hold their years test them there.
    var testsOnlyYears: Bool {
        typeWanted == nil && genreMask == 0 && window == nil && minimumScore == nil
    }

    /// Whether record `record` passes every test; the cheapest and most selective come first.
    @inline(__always)
    func accepts(_ record: Int) -> Bool {
        if let typeWanted, !typeWanted[Int(index.type[record])] { return false }
        if genreMask != 0 {
            let bits = index.genreBits[record] & genreMask
            if allGenres ? bits != genreMask : bits == 0 { return false }
        }
        if let years, !years.contains(index.year[record]) { return false }
        if let window {
            let start = index.start[record]
            switch window.mode {
            case .overlap:
                guard start < window.to.secondsSince1970, index.effectiveStop(record) > window.from.secondsSince1970 else { return false }
            case .starts:
                guard start >= window.from.secondsSince1970, start < window.to.secondsSince1970 else { return false }
            }
        }
        if let minimumScore {
            let score = index.score[record]
            guard score != 255, score >= minimumScore else { return false }
        }
        return true
    }
}
