import CarteleraModel
import Foundation

/// Answers audience and share queries from an `AudienceIndex`.
struct AudienceSearch {
    let index: AudienceIndex

    /// An audience match.
    struct Match: Sendable {
        var record: Int
        var tier: MatchTier?
    }

    /// Every audience entry the query matches, by viewers (most first) unless asked otherwise.
    func entries(_ query: Query) -> [Match] {
        let matcher = query.text.flatMap { TextMatcher($0, mode: query.textMatch) }
        if query.text != nil, matcher == nil { return [] }
        var matches: [Match] = []
        for record in 0..<index.entryDay.count {
            if let channels = query.channels, !channels.contains(ChannelID(index.entryChannel[record])) { continue }
            if let window = query.window, !inWindow(day: index.entryDay[record], start: index.entryStart[record], window) { continue }
            var tier: MatchTier?
            if let matcher {
                guard let found = matcher.tier(index.entryTitle[record]) else { continue }
                tier = found
            }
            matches.append(Match(record: record, tier: tier))
        }
        // Records are in (day, start, id) order.
        let sorts = query.effectiveSorts
        if sorts != [.time] {
            matches.sort(by: sorts.map { sort -> (Match, Match) -> MatchOrder in
                switch sort {
                case .viewers: return { MatchOrder(descending: viewers($0.record), viewers($1.record)) }
                case .share: return { MatchOrder(descending: share(index.entryShare[$0.record]), share(index.entryShare[$1.record])) }
                case .title: return { MatchOrder(index.entryTitle[$0.record], index.entryTitle[$1.record]) }
                case .channel: return { MatchOrder(index.entryChannel[$0.record], index.entryChannel[$1.record]) }
                case .time: return { MatchOrder(index.entryDay[$0.record], index.entryDay[$1.record]).then(MatchOrder(index.entryStart[$0.record], index.entryStart[$1.record])) }
                // Equally good text matches: the most watched first.
                case .relevance: return { MatchOrder($0.tier?.rawValue ?? 9, $1.tier?.rawValue ?? 9).then(MatchOrder(descending: viewers($0.record), viewers($1.record))) }
                case .year, .distance, .rating: return { _, _ in .same }
                }
            }) { $0.record < $1.record }
        }
        return matches
    }

    /// Every channel share the query matches, largest share first unless asked otherwise.
    func shares(_ query: Query) -> [Int] {
        var records: [Int] = []
        for record in 0..<index.shareDay.count {
            if let channels = query.channels, !channels.contains(ChannelID(index.shareChannel[record])) { continue }
            if let window = query.window, !inWindow(day: index.shareDay[record], start: nil, window) { continue }
            records.append(record)
        }
        records.sort(by: query.effectiveSorts.map { sort -> (Int, Int) -> MatchOrder in
            switch sort {
            case .share: return { MatchOrder(descending: share(index.shareValue[$0]), share(index.shareValue[$1])) }
            case .channel, .title: return { MatchOrder(index.shareChannel[$0], index.shareChannel[$1]) }
            case .time, .year, .distance, .rating, .viewers, .relevance: return { _, _ in .same }
            }
        }) { $0 < $1 }
        return records
    }

    /// Whether an item of a day (starting at `start`, when known) belongs to the window: its start inside it, or its day's noon inside it.
    private func inWindow(day: Int64, start: Int64?, _ window: Query.Window) -> Bool {
        let instant = start ?? Day(daysSince1970: Int(clamping: day)).startUTC.secondsSince1970 + 12 * 3600
        return instant >= window.from.secondsSince1970 && instant < window.to.secondsSince1970
    }

    private func viewers(_ record: Int) -> Int64 {
        let value = index.entryViewers[record]
        return value == Int64.min ? -1 : value
    }

    private func share(_ value: Double) -> Double { value.isNaN ? -1 : value }

    /// The entry of a record, decoded.
    func entry(_ record: Int) -> AudienceEntry? {
        try? JSONDecoder().decode(AudienceEntry.self, from: Data(index.entryJSON[record].utf8))
    }

    /// The share of a record, decoded.
    func share(_ record: Int) -> ChannelShare? {
        try? JSONDecoder().decode(ChannelShare.self, from: Data(index.shareJSON[record].utf8))
    }
}
