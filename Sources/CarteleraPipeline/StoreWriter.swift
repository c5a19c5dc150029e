import CarteleraModel
import CarteleraNormalize
import CarteleraScraping
import CarteleraStore
import Logging

/// Stores one source's normalized outcome: reads the shards it touches, asks the normalize stage to merge, commits.
///
/// Every merge decision (which airing is the same, which venue, what a source's new listing replaces) is
/// made by `CarteleraNormalize`; this type only knows where things are stored. A shard that cannot be
/// decoded is set aside by the commit (kept in quarantine, named in the report) and rebuilt from this
/// source's data; any other store failure fails the source with its last good data kept.
struct StoreWriter {
    let store: any Store
    let lock: StoreLock
    let now: Timestamp
    let logger: Logger

    /// Stores what the outcome holds unless it looks broken, records the source's state and completes the report,
    /// which arrives holding what the scrape yielded (`SourceReport(scraped)`).
    ///
    /// `channels` are those the configuration chose (nil: all): the sanity floor compares counts over the same choice only.
    func commit(_ outcome: ScrapeOutcome, floor: SanityFloor, channels: [ChannelID]?, into report: inout SourceReport) {
        let extraction = outcome.extraction
        let source = extraction.source
        guard let (stored, stateSetAside) = readState(source, into: &report) else { return }
        var state = stored
        if state.channels != channels {
            if !state.recentItemCounts.isEmpty {
                report.warnings.append("\(source): the channels chosen for it changed, so its sanity floor starts a new history")
            }
            state.recentItemCounts = []
            state.channels = channels
        }
        let count = extraction.itemCount
        if outcome.yieldedNothing {
            report.status = .failed
        } else if outcome.failures.isEmpty, !floor.accepts(count, recentCounts: state.recentItemCounts) {
            report.status = .belowSanityFloor
            let usual = SanityFloor.usual(state.recentItemCounts).map { "usually \($0)" } ?? "no history"
            report.errors.append("\(source): yielded \(count) items, below its sanity floor of \(floor.threshold(recentCounts: state.recentItemCounts)) (\(usual)); keeping the last good data")
        } else {
            do {
                var reads = ShardReads(store: store)
                var warnings: [String] = []
                let shards = try plan(outcome, reads: &reads, warnings: &warnings)
                report.warnings += warnings + reads.problems
                let result = try store.commit(shards, setAside: reads.corrupt, at: now, lock: lock)
                report.shardsWritten = result.written.count + result.removed.count
                report.setAside = result.setAside.keys.sorted().compactMap { result.setAside[$0] }
                for (key, moved) in result.setAside.sorted(by: { $0.key < $1.key }) {
                    report.errors.append("store: \(key) could not be read; moved to \(moved) and rebuilt from \(source)'s data")
                }
                let clean = outcome.failures.isEmpty && outcome.detailFailures.isEmpty && result.setAside.isEmpty && !stateSetAside
                report.status = clean ? .ok : .partial
            } catch {
                report.status = .failed
                report.errors.append("\(source): \(error.description); its last good data is kept")
            }
        }
        switch report.status {
        case .ok: state.recordSuccess(itemCount: count, at: now)
        case .belowSanityFloor: state.recordFailure(report.errors.first ?? "", status: .belowSanityFloor, at: now)
        case .partial, .failed, .invalid: state.recordFailure(report.errors.first ?? "", status: .failed, at: now)
        }
        do { try store.saveSourceState(state, lock: lock) } catch {
            report.status = .failed
            report.errors.append(error.description)
        }
    }

    /// The source's state; a file that cannot be decoded is set aside (kept in quarantine, named in the report) and its
    /// history starts afresh. Any other failure to read it fails the source with its data untouched, and returns nil.
    private func readState(_ source: SourceID, into report: inout SourceReport) -> (SourceState, setAside: Bool)? {
        do {
            return (try store.sourceState(source) ?? SourceState(source: source), false)
        } catch where error.kind == .corrupt {
            do {
                let moved = try store.setAsideSourceState(source, at: now, lock: lock)
                report.errors.append("\(source): store: \(error.file ?? "its state") could not be read (\(error.detail)); "
                    + "moved to \(moved ?? "quarantine") and its history started afresh")
                return (SourceState(source: source), true)
            } catch {
                report.status = .failed
                report.errors.append("\(source): \(error.description); its last good data is kept")
                return nil
            }
        } catch {
            report.status = .failed
            report.errors.append("\(source): \(error.description); its last good data is kept")
            return nil
        }
    }

    /// The new content of every shard the outcome touches, merged by the normalize stage with what other sources stored there.
    private func plan(_ outcome: ScrapeOutcome, reads: inout ShardReads, warnings: inout [String]) throws(StoreError) -> [ShardKey: ShardContent] {
        let extraction = outcome.extraction
        let source = extraction.source
        var result: [ShardKey: ShardContent] = [:]

        // Programmes: each (UTC day, channel) shard that a coverage window or a new item reaches.
        var incoming: [ShardKey: [Programme]] = [:]
        for programme in extraction.programmes {
            incoming[.programmes(day: programme.start.utcDay, channel: programme.channel), default: []].append(programme)
        }
        var windows: [ChannelID: ClosedRange<Timestamp>] = [:]
        for coverage in outcome.coverage {
            let range = coverage.from...max(coverage.from, coverage.to)
            windows[coverage.channel] = windows[coverage.channel].map { min($0.lowerBound, range.lowerBound)...max($0.upperBound, range.upperBound) } ?? range
        }
        var keys = Set(incoming.keys)
        for (channel, window) in windows {
            for day in Self.days(from: window.lowerBound.utcDay, to: window.upperBound.utcDay) {
                keys.insert(.programmes(day: day, channel: channel))
            }
        }
        for key in keys {
            guard case .programmes(let day, let channel) = key else { continue }
            let stored: [Programme] = if case .programmes(let items)? = try reads.content(key) { items } else { [] }
            let window = windows[channel] ?? (day.startUTC...day.startUTC)
            result[key] = .programmes(ProgrammeMerger.replace(existing: stored, with: incoming[key] ?? [], from: source, window: window, warnings: &warnings))
        }

        if !extraction.channels.isEmpty {
            let stored: [Channel] = if case .channels(let items)? = try reads.content(.channels) { items } else { [] }
            result[.channels] = .channels(ChannelMerger.merge(stored: stored, incoming: extraction.channels, from: source))
        }

        // Audiences and news: this source's items for each day it read replace its earlier ones, numbers dropped as
        // unusable keeping their stored values.
        for day in outcome.audienceDays {
            let stored: AudienceDay = if case .audiences(let items)? = try reads.content(.audiences(day: day)) { items } else { AudienceDay() }
            let entries = LastGoodValues.audiences(extraction.audiences.filter { $0.day == day }, stored: stored.entries, from: source,
                                                   dropped: outcome.droppedValues)
            let shares = LastGoodValues.shares(extraction.shares.filter { $0.day == day }, stored: stored.shares, from: source,
                                               dropped: outcome.droppedValues)
            result[.audiences(day: day)] = .audiences(AudienceDay(
                entries: stored.entries.replacing(from: source, with: entries), shares: stored.shares.replacing(from: source, with: shares)))
            let storedNews: [NewsItem] = if case .news(let items)? = try reads.content(.news(day: day)) { items } else { [] }
            result[.news(day: day)] = .news(storedNews.replacing(from: source, with: extraction.news.filter { $0.day == day }))
        }
        try planNightlife(outcome, reads: &reads, warnings: &warnings, into: &result)
        return result
    }

    /// The venue, nights and promotions shards: venues merged by city, then nights, guest lists and promotions following the stored venue ids.
    private func planNightlife(_ outcome: ScrapeOutcome, reads: inout ShardReads, warnings: inout [String], into result: inout [ShardKey: ShardContent]) throws(StoreError) {
        let extraction = outcome.extraction
        let source = extraction.source
        let completeCities = Set(outcome.venueCities.map(Slug.make))
        let venuesByCity = Dictionary(grouping: extraction.venues) { Slug.make($0.city) }
        if let cityless = venuesByCity[""] {
            warnings.append("\(source): left out \(cityless.count) venues without a city")
        }
        var ids = VenueIDs()
        for city in completeCities.union(venuesByCity.keys).sorted() where !city.isEmpty {
            let stored: [Venue] = if case .venues(let items)? = try reads.content(.venues(city: city)) { items } else { [] }
            let merged = VenueMerger.replace(existing: stored, incoming: venuesByCity[city] ?? [], from: source, now: now,
                                             listingComplete: completeCities.contains(city))
            ids.venues.merge(merged.storedIDs) { _, latest in latest }
            result[.venues(city: city)] = .venues(merged.venues)
        }

        let nights = extraction.nights.map { ids.follow($0) }
        let guestLists = extraction.guestLists.map { ids.follow($0) }
        let storedIDs = Dictionary(zip(extraction.guestLists.map(\.id), guestLists.map(\.id)), uniquingKeysWith: { first, _ in first })
        let replacedEvenings = Set(outcome.nightDays)
        for day in replacedEvenings.union(nights.map(\.date)).union(guestLists.map(\.date)).sorted() {
            let stored: NightsDay = if case .nights(let evening)? = try reads.content(.nights(day: day)) { evening } else { NightsDay() }
            let lists = LastGoodValues.guestLists(guestLists.filter { $0.date == day }, stored: stored.guestLists, dropped: outcome.droppedValues,
                                                  storedIDs: storedIDs)
            result[.nights(day: day)] = .nights(NightlifeMerger.evening(
                stored: stored, nights: nights.filter { $0.date == day }, guestLists: lists, from: source, replacing: replacedEvenings.contains(day)))
        }

        if outcome.promotionsRead || !extraction.promotions.isEmpty {
            let stored: [Promotion] = if case .promotions(let items)? = try reads.content(.promotions) { items } else { [] }
            result[.promotions] = .promotions(NightlifeMerger.promotions(
                stored: stored, incoming: extraction.promotions.map { ids.follow($0) }, from: source, replacing: outcome.promotionsRead,
                endedBefore: Retention.promotionCutoff(now: now)))
        }
    }

    /// The days from `first` to `last`, at most a year of them: a window longer than that is a source's mistake, not a reason to touch every shard.
    static func days(from first: Day, to last: Day) -> [Day] {
        let count = min(max(first.distance(to: last) + 1, 0), 366)
        return (0..<count).map { first.advanced(by: $0) }
    }
}

/// Shard reads for one commit: a shard that cannot be decoded reads as empty and is marked to be set aside; an I/O error throws.
struct ShardReads {
    let store: any Store
    /// Shards that failed to decode.
    private(set) var corrupt: Set<ShardKey> = []
    /// What was wrong with each, one line per shard.
    private(set) var problems: [String] = []

    init(store: any Store) {
        self.store = store
    }

    mutating func content(_ key: ShardKey) throws(StoreError) -> ShardContent? {
        do {
            return try store.content(key)
        } catch where error.kind == .corrupt {
            if corrupt.insert(key).inserted { problems.append(error.description) }
            return nil
        }
    }
}
