import CarteleraModel
import CarteleraNormalize
import CarteleraScraping
import CarteleraStore
import Logging

/// The one writer of a run: commits each source's outcome under the store lock, one source at a time.
actor StoreWriter {
    let store: any Store
    private let lock: StoreLock
    let now: Timestamp
    let logger: Logger

    init(store: any Store, lock: StoreLock, now: Timestamp, logger: Logger) {
        self.store = store
        self.lock = lock
        self.now = now
        self.logger = logger
    }

    /// Stores what the outcome holds unless it looks broken, records the source's state and says what happened.
    func commit(_ outcome: ScrapeOutcome, floor: SanityFloor) -> SourceReport {
        let extraction = outcome.extraction
        let source = extraction.source
        var report = SourceReport(
            source: source, status: .ok, requests: 0, bytes: 0, notModified: 0,
            programmes: extraction.programmes.count, audiences: extraction.audiences.count, shares: extraction.shares.count,
            news: extraction.news.count, venues: extraction.venues.count, nights: extraction.nights.count,
            guestLists: extraction.guestLists.count, promotions: extraction.promotions.count, shardsWritten: 0, errors: outcome.failures.map(\.description),
            warnings: Array(outcome.warnings.prefix(20)), seconds: 0)
        var state: SourceState
        do {
            state = try store.sourceState(source) ?? SourceState(source: source)
        } catch {
            report.errors.append(error.description)
            state = SourceState(source: source)
        }
        let count = extraction.itemCount
        // Venues from a listing cut short still count: they are merged, never replace anything.
        let nothingWorked = outcome.coverage.isEmpty && outcome.audienceDays.isEmpty && outcome.nightDays.isEmpty
            && outcome.venueCities.isEmpty && !outcome.promotionsRead && extraction.venues.isEmpty
        if nothingWorked {
            report.status = .failed
            if report.errors.isEmpty { report.errors.append("\(source): nothing was fetched") }
        } else if outcome.failures.isEmpty, !floor.accepts(count, recentCounts: state.recentItemCounts) {
            report.status = .belowSanityFloor
            let usual = SanityFloor.usual(state.recentItemCounts).map { "usually \($0)" } ?? "no history"
            report.errors.append("\(source): yielded \(count) items, below its sanity floor of \(floor.threshold(recentCounts: state.recentItemCounts)) (\(usual)); keeping the last good data")
        } else {
            do {
                let result = try store.commit(try shards(for: outcome), at: now, lock: lock)
                report.shardsWritten = result.written.count + result.removed.count
                report.status = outcome.failures.isEmpty ? .ok : .partial
            } catch {
                report.status = .failed
                report.errors.append(error.description)
            }
        }
        switch report.status {
        case .ok: state.recordSuccess(itemCount: count, at: now)
        case .partial: state.recordFailure(report.errors.first ?? "", status: .failed, at: now)
        case .failed: state.recordFailure(report.errors.first ?? "", status: .failed, at: now)
        case .belowSanityFloor: state.recordFailure(report.errors.first ?? "", status: .belowSanityFloor, at: now)
        }
        do { try store.saveSourceState(state, lock: lock) } catch { report.errors.append(error.description) }
        return report
    }

    /// The new content of every shard the outcome touches, merged with what other sources stored there.
    private func shards(for outcome: ScrapeOutcome) throws(StoreError) -> [ShardKey: ShardContent] {
        let source = outcome.extraction.source
        var result: [ShardKey: ShardContent] = [:]

        // Programmes: each (UTC day, channel) shard that a coverage window or a new item reaches.
        var incoming: [ShardKey: [Programme]] = [:]
        for programme in outcome.extraction.programmes {
            incoming[.programmes(day: programme.start.utcDay, channel: programme.channel), default: []].append(programme)
        }
        var windows: [ChannelID: ClosedRange<Timestamp>] = [:]
        for coverage in outcome.coverage {
            let range = coverage.from...max(coverage.from, coverage.to)
            windows[coverage.channel] = windows[coverage.channel].map { min($0.lowerBound, range.lowerBound)...max($0.upperBound, range.upperBound) } ?? range
        }
        var keys = Set(incoming.keys)
        for (channel, window) in windows {
            var day = window.lowerBound.utcDay
            while day <= window.upperBound.utcDay {
                keys.insert(.programmes(day: day, channel: channel))
                day = day.advanced(by: 1)
            }
        }
        for key in keys {
            guard case .programmes(let day, let channel) = key else { continue }
            let existing = readOrReplace { () throws(StoreError) in try store.programmes(day: day, channel: channel) } ?? []
            let window = windows[channel] ?? (day.startUTC...day.startUTC)
            result[key] = .programmes(ProgrammeMerger.replace(existing: existing, with: incoming[key] ?? [], from: source, window: window))
        }

        // Channels: one list, each channel keeping every source that lists it.
        if !outcome.extraction.channels.isEmpty {
            var channels = readOrReplace { () throws(StoreError) in try store.channels() } ?? []
            for channel in outcome.extraction.channels {
                if let index = channels.firstIndex(where: { $0.id == channel.id }) {
                    if !channels[index].sources.contains(source) { channels[index].sources.append(source) }
                    channels[index].logo = channels[index].logo ?? channel.logo
                } else {
                    channels.append(channel)
                }
            }
            result[.channels] = .channels(channels.sorted { $0.id < $1.id })
        }

        // Audiences and news: this source's items for each day it read replace its earlier ones.
        for day in outcome.audienceDays {
            var audience = (readOrReplace { () throws(StoreError) in try store.audiences(day: day) } ?? nil) ?? AudienceDay()
            audience.entries.removeAll { $0.provenance.source == source }
            audience.shares.removeAll { $0.provenance.source == source }
            audience.entries += outcome.extraction.audiences.filter { $0.day == day }
            audience.shares += outcome.extraction.shares.filter { $0.day == day }
            result[.audiences(day: day)] = .audiences(audience)
            var news = readOrReplace { () throws(StoreError) in try store.news(day: day) } ?? []
            news.removeAll { $0.provenance.source == source }
            news += outcome.extraction.news.filter { $0.day == day }
            result[.news(day: day)] = .news(news)
        }
        result.merge(nightlifeShards(for: outcome)) { _, nightlife in nightlife }
        return result
    }

    /// A shard's content; a corrupt shard is logged and rebuilt from this source's data rather than blocking every run.
    func readOrReplace<T>(_ read: () throws(StoreError) -> T) -> T? {
        do {
            return try read()
        } catch {
            logger.warning("replacing an unreadable shard", metadata: ["store.error": "\(error)"])
            return nil
        }
    }
}
