import CarteleraFetch
import CarteleraModel
import CarteleraNormalize
import CarteleraScraping
import CarteleraStore
import Foundation
import Logging

/// What a run needs to know.
public struct RunConfiguration: Sendable {
    /// The folder of source definitions (`Scrapers/`).
    public var scrapersDirectory: String
    /// The store's root folder.
    public var storeRoot: String
    /// The sources to run; nil runs every one.
    public var sources: [SourceID]?
    /// Days to fetch, starting today in each source's zone; nil uses each definition's `days`.
    public var days: Int?
    /// The instant the run happens at.
    public var now: Timestamp
    public var fetch: FetchConfiguration
    /// Programme days kept before today.
    public var programmeRetentionDays: Int
    /// Audience and news days kept before today.
    public var audienceRetentionDays: Int
    /// URL prefixes sent elsewhere (the demo's loopback server).
    public var rewrites: [String: String]

    public init(scrapersDirectory: String, storeRoot: String, sources: [SourceID]? = nil, days: Int? = nil, now: Timestamp,
                fetch: FetchConfiguration = FetchConfiguration(), programmeRetentionDays: Int = 30, audienceRetentionDays: Int = 14,
                rewrites: [String: String] = [:]) {
        self.scrapersDirectory = scrapersDirectory
        self.storeRoot = storeRoot
        self.sources = sources
        self.days = days
        self.now = now
        self.fetch = fetch
        self.programmeRetentionDays = programmeRetentionDays
        self.audienceRetentionDays = audienceRetentionDays
        self.rewrites = rewrites
    }
}

/// Why a run could not start at all.
public enum RunError: Error, CustomStringConvertible, Sendable {
    case definitions([DefinitionError])
    case unknownSource(SourceID, known: [SourceID])
    case store(StoreError)

    public var description: String {
        switch self {
        case .definitions(let errors): errors.map(\.description).joined(separator: "\n")
        case .unknownSource(let id, let known): "unknown source \"\(id)\" (known: \(known.map(\.rawValue).joined(separator: ", ")))"
        case .store(let error): error.description
        }
    }
}

/// Scrapes the configured sources into the store: the `scrape` and `run` commands.
public struct Runner: Sendable {
    public let configuration: RunConfiguration
    public let logger: Logger

    public init(configuration: RunConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Loads the definitions the configuration names; any invalid one stops the run before it touches the store.
    public func definitions() throws(RunError) -> [CompiledDefinition] {
        let known = DefinitionLoader.sourceIDs(in: configuration.scrapersDirectory)
        let wanted = configuration.sources ?? known
        var definitions: [CompiledDefinition] = []
        var errors: [DefinitionError] = []
        for id in wanted {
            guard known.contains(id) else { throw .unknownSource(id, known: known) }
            do { definitions.append(try DefinitionLoader.load(id, from: configuration.scrapersDirectory)) } catch { errors.append(error) }
        }
        if !errors.isEmpty { throw .definitions(errors) }
        return definitions
    }

    /// Runs every source, commits what worked and returns the report; `progress` hears about each source as it ends.
    public func run(progress: @escaping @Sendable (SourceReport) -> Void = { _ in }) async throws(RunError) -> RunReport {
        let definitions = try definitions()
        let store: FileStore
        let lock: StoreLock
        do {
            store = try FileStore(root: configuration.storeRoot, logger: logger)
            lock = try store.lock()
        } catch {
            throw .store(error)
        }
        defer { lock.release() }
        let started = Date()
        // Rewrites happen at the transport, so robots, throttling and the cache all see the sites' own URLs.
        let rewriting = configuration.rewrites.isEmpty ? nil : RewritingFetcher(CurlFetcher(configuration: configuration.fetch), prefixes: configuration.rewrites)
        let transport = FetchPipeline.make(configuration.fetch, logger: logger, transport: rewriting)
        let writer = StoreWriter(store: store, lock: lock, now: configuration.now, logger: logger)
        let shared = transport
        let reports = await withTaskGroup(of: SourceReport.self, returning: [SourceReport].self) { group in
            for definition in definitions {
                group.addTask {
                    let report = await runSource(definition, transport: shared, writer: writer)
                    progress(report)
                    return report
                }
            }
            var reports: [SourceReport] = []
            for await report in group { reports.append(report) }
            return reports.sorted { $0.source < $1.source }
        }
        var expired = 0
        do {
            expired = try store.applyRetention(now: configuration.now, programmeDays: configuration.programmeRetentionDays,
                                               audienceDays: configuration.audienceRetentionDays, lock: lock).count
        } catch {
            logger.error("retention failed", metadata: ["store.error": "\(error)"])
        }
        let report = RunReport(started: configuration.now, seconds: Date().timeIntervalSince(started), store: configuration.storeRoot,
                               sources: reports, expired: expired)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            _ = try store.saveReport(Array(try encoder.encode(report)), at: configuration.now, lock: lock)
        } catch {
            logger.error("could not save the run report", metadata: ["store.error": "\(error)"])
        }
        return report
    }

    /// The days a definition fetches: today in its zone and the following ones.
    func days(for definition: CompiledDefinition) -> [Day] {
        let today = definition.zone.local(configuration.now).day
        return (0..<max(1, configuration.days ?? definition.defaultDays)).map { today.advanced(by: $0) }
    }

    private func runSource(_ definition: CompiledDefinition, transport: any Fetcher, writer: StoreWriter) async -> SourceReport {
        let started = Date()
        let counter = CountingFetcher(transport)
        var sourceLogger = logger
        sourceLogger[metadataKey: "source.id"] = "\(definition.source)"
        let context = ScrapeContext(fetcher: counter, now: configuration.now, logger: sourceLogger)
        let outcome = await makeScraper(for: definition).scrape(ScrapeJob(days: days(for: definition)), context: context)
        var report = await writer.commit(outcome, floor: definition.sanityFloor)
        let counts = counter.current
        report.requests = counts.requests
        report.bytes = counts.bytes
        report.notModified = counts.notModified
        report.seconds = Date().timeIntervalSince(started)
        for error in report.errors { sourceLogger.error("\(error)") }
        return report
    }
}
