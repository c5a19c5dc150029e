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
    /// The batch folder cannot be made, listed or read.
    case batch(BatchError)

    /// One line for the command to print.
    public var description: String {
        switch self {
        case .noSources(let folder, let detail): "no sources in \(folder): \(detail)"
        case .unknownSource(let id, let known): "unknown source \"\(id)\" (known: \(known.map(\.rawValue).joined(separator: ", ")))"
        case .store(let error): error.description
        case .batch(let error): error.description
        }
    }
}

/// Scrapes the configured sources into the store: the `scrape` and `run` commands.
///
/// Sources are fetched concurrently, but each one's outcome is normalized and committed in source-id order,
/// so the store's bytes do not depend on which source happened to finish first. `Runner+Batches` splits the same
/// work over machines: workers scrape into batch files without the lock, and one committer commits them in the same order.
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

    /// The ids the configuration names (every definition in the folder when it names none), in id order.
    ///
    /// A missing or empty folder, or an unknown id, stops the run.
    public func selectedSources() throws(RunError) -> [SourceID] {
        let folder = configuration.scrapersDirectory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .noSources(folder: folder, detail: "the folder does not exist (pass --scrapers DIR or set CARTELERA_SCRAPERS)")
        }
        let known = DefinitionLoader.sourceIDs(in: folder)
        guard !known.isEmpty else {
            throw .noSources(folder: folder, detail: "no <id>/source.yaml in it (see Scrapers/README.md)")
        }
        let wanted = Set(configuration.sources ?? known).sorted()
        if let unknown = wanted.first(where: { !known.contains($0) }) { throw .unknownSource(unknown, known: known) }
        return wanted
    }

    /// The definitions of `sources` (all the configuration names by default), in id order, and the errors of those that do not load.
    ///
    /// An invalid definition fails only its own source.
    public func definitions(_ sources: [SourceID]? = nil) throws(RunError) -> (valid: [CompiledDefinition], invalid: [DefinitionError]) {
        let ids: [SourceID]
        if let sources { ids = sources } else { ids = try selectedSources() }
        var valid: [CompiledDefinition] = []
        var invalid: [DefinitionError] = []
        for id in ids {
            do { valid.append(try DefinitionLoader.load(id, from: configuration.scrapersDirectory)) } catch { invalid.append(error) }
        }
        return (valid, invalid)
    }

    /// Runs every source, commits what worked and returns the report; `progress` hears about each source once it is committed.
    public func run(progress: @escaping @Sendable (SourceReport) -> Void = { _ in }) async throws(RunError) -> RunReport {
        let (definitions, invalid) = try definitions()
        let committer = try StoreCommitter.open(configuration, logger: logger)
        defer { committer.lock.release() }
        // The cache is the run's too: a killed run's half-written cache files go with its store leftovers.
        let cacheLeftovers = configuration.fetch.cacheDirectory.map { HTTPCache(directory: $0).removeLeftoverTemporaryFiles() } ?? 0
        let started = ContinuousClock.now
        var reports = invalid.map { committer.commit(.invalid($0, at: configuration.now)) }
        reports += await scrape(definitions) { scraped in
            let report = committer.commit(scraped)
            progress(report)
            return report
        }
        return committer.finish(reports.sorted { $0.source < $1.source }, at: configuration.now, started: started, cacheLeftovers: cacheLeftovers)
    }

    /// Scrapes `definitions` concurrently and hands each result to `handle` in definition order, as soon as every earlier one is done.
    func scrape<Result: Sendable>(_ definitions: [CompiledDefinition], handle: (ScrapedSource) -> Result) async -> [Result] {
        // Rewrites happen at the transport, so robots, throttling and the cache all see the sites' own URLs.
        let rewriting = configuration.rewrites.isEmpty ? nil : RewritingFetcher(CurlFetcher(configuration: configuration.fetch), prefixes: configuration.rewrites)
        let transport = FetchPipeline.make(configuration.fetch, logger: logger, transport: rewriting)
        return await withTaskGroup(of: (Int, ScrapedSource).self, returning: [Result].self) { group in
            for (index, definition) in definitions.enumerated() {
                group.addTask {
                    (index, await scrape(definition, fetcher: transport))
                }
            }
            var waiting: [Int: ScrapedSource] = [:]
            var next = 0
            var done: [Result] = []
            for await (index, scraped) in group {
                waiting[index] = scraped
                while let scraped = waiting.removeValue(forKey: next) {
                    done.append(handle(scraped))
                    next += 1
                }
            }
            return done
        }
    }

    /// The days a definition fetches: today in its zone (for nightlife, the evening on now) and the following ones.
    func days(for definition: CompiledDefinition) -> [Day] {
        let today = definition.firstDay(at: configuration.now)
        return (0..<max(1, configuration.days ?? definition.defaultDays)).map { today.advanced(by: $0) }
    }

    /// Fetches and extracts one source (only the channels the configuration keeps), then normalizes what it yielded.
    private func scrape(_ definition: CompiledDefinition, fetcher transport: any Fetcher) async -> ScrapedSource {
        let clock = ContinuousClock.now
        let fetcher = CountingFetcher(transport)
        var sourceLogger = logger
        sourceLogger[metadataKey: "source.id"] = "\(definition.source)"
        let context = ScrapeContext(fetcher: fetcher, now: configuration.now, logger: sourceLogger)
        let channels = configuration.channels[definition.source]
        var outcome = await makeScraper(for: definition).scrape(ScrapeJob(days: days(for: definition), channels: channels), context: context)
        var warnings: [String] = []
        outcome.extraction = Normalizer.standard.normalize(outcome.extraction, warnings: &warnings)
        // A page several channels share is parsed once per channel: say each thing once.
        var seen = Set<String>()
        outcome.warnings = (outcome.warnings + warnings).filter { seen.insert($0).inserted }
        let counts = fetcher.current
        return ScrapedSource(
            source: definition.source, scrapedAt: configuration.now,
            floor: SanityFloor(fraction: definition.sanityFraction, minimum: definition.sanityMinimum),
            channels: channels.map { Set($0).sorted() }, outcome: outcome, requests: counts.requests, bytes: counts.bytes,
            notModified: counts.notModified, seconds: (ContinuousClock.now - clock).seconds)
    }
}

extension Duration {
    /// The duration in seconds, as a Double for reports.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
