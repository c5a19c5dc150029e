import CarteleraFetch
import CarteleraModel
import CarteleraNormalize
import CarteleraQuery
import CarteleraScraping
import CarteleraStore
import Foundation
import Logging

/// Why a run could not start at all.
public enum RunError: Error, CustomStringConvertible, Sendable {
    /// The sources folder is missing, unreadable or holds no definition.
    case noSources(folder: String, detail: String)
    case unknownSource(SourceID, known: [SourceID])
    case store(StoreError)

    /// One line for the command to print.
    public var description: String {
        switch self {
        case .noSources(let folder, let detail): "no sources in \(folder): \(detail)"
        case .unknownSource(let id, let known): "unknown source \"\(id)\" (known: \(known.map(\.rawValue).joined(separator: ", ")))"
        case .store(let error): error.description
        }
    }
}

/// Scrapes the configured sources into the store: the `scrape` and `run` commands.
///
/// Sources are fetched concurrently, but each one's outcome is normalized and committed in source-id order,
/// so the store's bytes do not depend on which source happened to finish first.
public struct Runner: Sendable {
    /// What to run.
    public let configuration: RunConfiguration
    /// Where the run logs.
    public let logger: Logger

    /// A runner for a configuration, logging through `logger`.
    public init(configuration: RunConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// The definitions the configuration names, in id order, and the errors of those that do not load.
    ///
    /// An invalid definition fails only its own source; a missing or empty folder, or an unknown id, stops the run.
    public func definitions() throws(RunError) -> (valid: [CompiledDefinition], invalid: [DefinitionError]) {
        let folder = configuration.scrapersDirectory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .noSources(folder: folder, detail: "the folder does not exist (pass --scrapers DIR or set CARTELERA_SCRAPERS)")
        }
        let known = DefinitionLoader.sourceIDs(in: folder)
        guard !known.isEmpty else {
            throw .noSources(folder: folder, detail: "no <id>/source.yaml in it (see Scrapers/README.md)")
        }
        let wanted = configuration.sources ?? known
        var valid: [CompiledDefinition] = []
        var invalid: [DefinitionError] = []
        for id in Set(wanted).sorted() {
            guard known.contains(id) else { throw .unknownSource(id, known: known) }
            do { valid.append(try DefinitionLoader.load(id, from: folder)) } catch { invalid.append(error) }
        }
        return (valid, invalid)
    }

    /// Runs every source, commits what worked and returns the report; `progress` hears about each source once it is committed.
    public func run(progress: @escaping @Sendable (SourceReport) -> Void = { _ in }) async throws(RunError) -> RunReport {
        let (definitions, invalid) = try definitions()
        let store: FileStore
        let lock: StoreLock
        do {
            store = try FileStore(root: configuration.storeRoot, indexer: QueryIndexer(), logger: logger)
            lock = try store.lock(at: configuration.now)
        } catch {
            throw .store(error)
        }
        defer { lock.release() }
        // The cache is the run's too: a killed run's half-written cache files go with its store leftovers.
        let cacheLeftovers = configuration.fetch.cacheDirectory.map { HTTPCache(directory: $0).removeLeftoverTemporaryFiles() } ?? 0
        let started = ContinuousClock.now
        // Rewrites happen at the transport, so robots, throttling and the cache all see the sites' own URLs.
        let rewriting = configuration.rewrites.isEmpty ? nil : RewritingFetcher(CurlFetcher(configuration: configuration.fetch), prefixes: configuration.rewrites)
        let transport = FetchPipeline.make(configuration.fetch, logger: logger, transport: rewriting)
        let writer = StoreWriter(store: store, lock: lock, now: configuration.now, logger: logger)

        var reports = invalid.map { error in
            var report = SourceReport(source: error.source, status: .invalid)
            report.errors = [error.description]
            return report
        }
        reports += await withTaskGroup(of: (Int, ScrapeOutcome, Duration, CountingFetcher.Counts).self, returning: [SourceReport].self) { group in
            for (index, definition) in definitions.enumerated() {
                group.addTask {
                    let clock = ContinuousClock.now
                    let counter = CountingFetcher(transport)
                    let outcome = await scrape(definition, fetcher: counter)
                    return (index, outcome, ContinuousClock.now - clock, counter.current)
                }
            }
            // Commit in definition order as soon as every earlier source is done.
            var waiting: [Int: (ScrapeOutcome, Duration, CountingFetcher.Counts)] = [:]
            var next = 0
            var done: [SourceReport] = []
            for await (index, outcome, elapsed, counts) in group {
                waiting[index] = (outcome, elapsed, counts)
                while let (outcome, elapsed, counts) = waiting.removeValue(forKey: next) {
                    let report = commit(outcome, definition: definitions[next], writer: writer, elapsed: elapsed, counts: counts)
                    progress(report)
                    done.append(report)
                    next += 1
                }
            }
            return done
        }
        reports.sort { $0.source < $1.source }

        var problems: [String] = []
        var expired = 0
        do {
            expired = try store.applyRetention(now: configuration.now, programmeDays: configuration.programmeRetentionDays,
                                               audienceDays: configuration.audienceRetentionDays, lock: lock).count
        } catch {
            problems.append("retention failed: \(error.description)")
            logger.info("retention failed", metadata: ["store.error": "\(error)"])
        }
        let generation = (try? store.manifest().generation) ?? 0
        var recovery = lock.recovery
        recovery.temporaryFilesRemoved += cacheLeftovers
        let recoveryFound: StoreRecovery? = recovery.isEmpty ? nil : recovery
        var report = RunReport(started: configuration.now, seconds: (ContinuousClock.now - started).seconds, store: store.root,
                               sources: reports, expired: expired, generation: generation, recovery: recoveryFound, problems: problems)
        do {
            _ = try store.saveReport(encoding: report, at: configuration.now, lock: lock)
        } catch {
            report.problems.append("the run report could not be saved: \(error.description)")
            logger.info("could not save the run report", metadata: ["store.error": "\(error)"])
        }
        return report
    }

    /// The days a definition fetches: today in its zone (for nightlife, the evening on now) and the following ones.
    func days(for definition: CompiledDefinition) -> [Day] {
        let today = definition.firstDay(at: configuration.now)
        return (0..<max(1, configuration.days ?? definition.defaultDays)).map { today.advanced(by: $0) }
    }

    /// Fetches and extracts one source, then normalizes what it yielded.
    private func scrape(_ definition: CompiledDefinition, fetcher: any Fetcher) async -> ScrapeOutcome {
        var sourceLogger = logger
        sourceLogger[metadataKey: "source.id"] = "\(definition.source)"
        let context = ScrapeContext(fetcher: fetcher, now: configuration.now, logger: sourceLogger)
        var outcome = await makeScraper(for: definition).scrape(ScrapeJob(days: days(for: definition)), context: context)
        var warnings: [String] = []
        outcome.extraction = Normalizer.standard.normalize(outcome.extraction, warnings: &warnings)
        // A page several channels share is parsed once per channel: say each thing once.
        var seen = Set<String>()
        outcome.warnings = (outcome.warnings + warnings).filter { seen.insert($0).inserted }
        return outcome
    }

    /// Commits one source's outcome and says what happened.
    private func commit(_ outcome: ScrapeOutcome, definition: CompiledDefinition, writer: StoreWriter, elapsed: Duration, counts: CountingFetcher.Counts) -> SourceReport {
        let commitStarted = ContinuousClock.now
        var report = SourceReport(source: definition.source)
        writer.commit(outcome, floor: SanityFloor(fraction: definition.sanityFraction, minimum: definition.sanityMinimum), into: &report)
        report.requests = counts.requests
        report.bytes = counts.bytes
        report.notModified = counts.notModified
        report.seconds = (elapsed + (ContinuousClock.now - commitStarted)).seconds
        var sourceLogger = logger
        sourceLogger[metadataKey: "source.id"] = "\(definition.source)"
        // The command prints failures once, in its summary; the log repeats them only when asked (-v).
        for error in report.errors { sourceLogger.info("\(error)") }
        for warning in report.warnings.prefix(20) { sourceLogger.info("\(warning)") }
        return report
    }
}

extension Duration {
    /// The duration in seconds, as a Double for reports.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
