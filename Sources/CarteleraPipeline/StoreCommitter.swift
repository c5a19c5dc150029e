import CarteleraFetch
import CarteleraModel
import CarteleraNormalize
import CarteleraQuery
import CarteleraSignUps
import CarteleraStore
import Foundation
import Logging

/// The single writer's half of a run: commits scraped sources under the store's lock, then the run's own steps.
///
/// Both a local run and a commit of batches go through it, so a source commits the same way whichever machine
/// scraped it. The steps after the sources, each counted in the report when it fails: retention of the store,
/// retention of sign-ups (personal data, deleted once their night is over), the query index, the report itself.
struct StoreCommitter {
    let configuration: RunConfiguration
    let store: FileStore
    let lock: StoreLock
    let logger: Logger

    /// Opens the store and takes its lock; a held lock or an unusable store stops the run.
    static func open(_ configuration: RunConfiguration, logger: Logger) throws(RunError) -> StoreCommitter {
        do {
            let store = try FileStore(root: configuration.storeRoot, indexer: QueryIndexer(), logger: logger)
            let lock = try store.lock(at: configuration.now)
            return StoreCommitter(configuration: configuration, store: store, lock: lock, logger: logger)
        } catch {
            throw .store(error)
        }
    }

    /// Commits one scraped source (an invalid definition touches nothing) and says what happened.
    func commit(_ scraped: ScrapedSource) -> SourceReport {
        var report = SourceReport(scraped)
        guard scraped.invalidDefinition == nil else { return report }
        let started = ContinuousClock.now
        let writer = StoreWriter(store: store, lock: lock, now: scraped.scrapedAt, logger: logger)
        writer.commit(scraped.outcome, floor: scraped.floor, channels: scraped.channels, into: &report)
        report.seconds = scraped.seconds + (ContinuousClock.now - started).seconds
        log(report)
        return report
    }

    /// Records that a source expected in this run has nothing to commit, keeping its last good data.
    func recordMissing(_ source: SourceID, because reason: String, at time: Timestamp) -> SourceReport {
        var report = SourceReport(source: source, status: .failed)
        report.errors = ["\(source): \(reason); its last good data is kept"]
        do {
            var state = try store.sourceState(source) ?? SourceState(source: source)
            state.recordFailure(report.errors[0], status: .failed, at: time)
            try store.saveSourceState(state, lock: lock)
        } catch {
            report.errors.append(error.description)
        }
        log(report)
        return report
    }

    /// Runs the steps after the sources and saves the report: store retention, sign-up retention, the index's health.
    func finish(_ sources: [SourceReport], at now: Timestamp, started: ContinuousClock.Instant, cacheLeftovers: Int = 0,
                problems earlier: [String] = []) -> RunReport {
        var problems = earlier
        var expired = 0
        do {
            expired = try store.applyRetention(now: now, programmeDays: configuration.programmeRetentionDays,
                                               audienceDays: configuration.audienceRetentionDays, lock: lock).count
        } catch {
            problems.append("retention failed: \(error.description)")
            logger.info("retention failed", metadata: ["store.error": "\(error)"])
        }
        var signUpsRemoved = 0
        do {
            let pruning = try SignUpBook(store: store.root).prune(at: now)
            signUpsRemoved = pruning.removed
            problems += pruning.problems.map { "sign-up retention: \($0.description)" }
        } catch {
            problems.append("sign-up retention failed: \(error.description)")
        }
        if let failure = store.indexFailure {
            problems.append("the query index could not be written: \(failure.description); queries read the shards until a run writes it")
        }
        let generation = (try? store.manifest().generation) ?? 0
        var recovery = lock.recovery
        recovery.temporaryFilesRemoved += cacheLeftovers
        let recoveryFound: StoreRecovery? = recovery.isEmpty ? nil : recovery
        var report = RunReport(started: now, seconds: (ContinuousClock.now - started).seconds, store: store.root, sources: sources,
                               expired: expired, signUpsRemoved: signUpsRemoved, generation: generation, recovery: recoveryFound, problems: problems)
        do {
            _ = try store.saveReport(encoding: report, at: now, lock: lock)
        } catch {
            report.problems.append("the run report could not be saved: \(error.description)")
            logger.info("could not save the run report", metadata: ["store.error": "\(error)"])
        }
        return report
    }

    private func log(_ report: SourceReport) {
        var sourceLogger = logger
        sourceLogger[metadataKey: "source.id"] = "\(report.source)"
        // The command prints failures once, in its summary; the log repeats them only when asked (-v).
        for error in report.errors { sourceLogger.info("\(error)") }
        for warning in report.warnings.prefix(20) { sourceLogger.info("\(warning)") }
    }
}

extension SourceReport {
    /// What a scraped source yielded, as scraped: counts, failures and warnings, with the status the scrape alone gives it.
    init(_ scraped: ScrapedSource) {
        self.init(source: scraped.source, status: scraped.scrapeStatus)
        let outcome = scraped.outcome
        let extraction = outcome.extraction
        programmes = extraction.programmes.count
        audiences = extraction.audiences.count
        shares = extraction.shares.count
        news = extraction.news.count
        venues = extraction.venues.count
        nights = extraction.nights.count
        guestLists = extraction.guestLists.count
        promotions = extraction.promotions.count
        pageFailures = outcome.failures.count
        detailFailures = outcome.detailFailures.count
        errors = scraped.invalidDefinition.map { [$0] } ?? (outcome.failures + outcome.detailFailures).map(\.description)
        warnings = outcome.warnings
        requests = scraped.requests
        bytes = scraped.bytes
        notModified = scraped.notModified
        seconds = scraped.seconds
        if status == .failed, errors.isEmpty { errors = ["\(scraped.source): nothing was fetched"] }
    }
}
