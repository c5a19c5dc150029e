import ArgumentParser
import CarteleraDemo
import CarteleraFetch
import CarteleraModel
import CarteleraPipeline
import CarteleraScraping
import Foundation
import Logging

extension Cartelera {
    /// `cartelera scrape`: fetch sources into the store, or this worker's part of them into a batch.
    struct Scrape: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scrape",
            abstract: "Fetch sources and store what they yield, or write them as a batch for `cartelera commit`.",
            discussion: """
                A source that fails, or yields far fewer items than usual, keeps its last good data.

                With --batch DIR (or --shard K/N, which writes into the configuration's batches: folder when --batch is \
                not given) nothing is stored and the store's lock is not taken: the sources are scraped into DIR, one \
                <id>.batch.json per source, for `cartelera commit` to store. Several machines each scrape their part: \
                sources are dealt out in id order, the first to part 1. Without --shard the part comes from the \
                environment a scheduler sets (CARTELERA_SHARD=K/N; CARTELERA_SHARD_INDEX from 0 with \
                CARTELERA_SHARD_COUNT, as a GitHub Actions matrix passes them; Kubernetes' JOB_COMPLETION_INDEX with \
                CARTELERA_SHARD_COUNT; Slurm's SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT), \
                else every source is scraped.

                \(ExitStatus.help)
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var scrapeOptions: ScrapeOptions

        @Option(name: .long, help: ArgumentHelp("Write batch files into this folder instead of storing (no lock taken).", valueName: "dir"))
        var batch: String?

        @Option(name: .long, help: ArgumentHelp("Scrape only part K of N of the sources into the batch (default: from the environment, else all).",
                                                valueName: "K/N"))
        var shard: String?

        @Option(name: .long, help: ArgumentHelp("Scrape as of this instant instead of now (ISO 8601, e.g. 2026-11-25T18:00Z).", valueName: "time"))
        var at: String?

        func validate() throws {
            if let shard, Shard(shard) == nil { throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, such as 2/4, not \(shard)") }
            if let at, Timestamp(iso8601: at) == nil { throw ValidationError("--at \(at): use an ISO 8601 instant with its offset, such as 2026-11-25T18:00Z") }
        }

        func run() async throws {
            global.bootstrapLogging()
            let now = at.flatMap(Timestamp.init(iso8601:)) ?? Timestamp(Date())
            guard batch != nil || shard != nil else {
                let status = try await scrapeOptions.execute(global: global, now: now)
                if status != .ok { throw ExitCode(status.rawValue) }
                return
            }
            guard let folder = try batch ?? global.configuration().folders[.batches] else {
                throw CommandFailure(description: "--shard writes a batch: give --batch DIR (or batches: in the configuration)", status: .usage)
            }
            let part: Shard
            if let shard {
                part = Shard(shard) ?? .whole
            } else {
                do {
                    part = try Shard.fromEnvironment(ProcessInfo.processInfo.environment)?.shard ?? .whole
                } catch {
                    throw CommandFailure(description: "shard: \(error.description)", status: .usage)
                }
            }
            let configuration = try scrapeOptions.runConfiguration(global: global, now: now)
            let report = try await RunOutput.scrape(configuration, shard: part, into: folder, global: global)
            let status: ExitStatus = report.hasInvalidDefinitions ? .usage : report.allSucceeded ? .ok : .failed
            if status != .ok { throw ExitCode(status.rawValue) }
        }
    }

    /// `cartelera run`: everything configured, as cron runs it.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Scrape every configured source, then publish the store (the command for cron): scrape, then build.",
            discussion: """
                Prints the scrape's summary line and the build's; with --json one report holding both (the build under \
                "build"). The build runs even when sources failed, from their last good data. The exit status is the \
                worse of the two. With --from-batches the sources are not scraped here: the batches that \
                `cartelera scrape --batch` wrote are committed (as `cartelera commit` does), then the store is published.

                \(ExitStatus.help)
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var scrapeOptions: ScrapeOptions
        @OptionGroup var publishing: PublishOptions
        @OptionGroup var moment: MomentOptions

        @Option(name: .customLong("from-batches"), parsing: .upToNextOption, help: ArgumentHelp(
            "Commit these batch folders or files instead of scraping, then build.", valueName: "dir"))
        var fromBatches: [String] = []

        func run() async throws {
            global.bootstrapLogging()
            let now = try moment.instant()
            let configuration = try scrapeOptions.runConfiguration(global: global, now: now)
            // A run that cannot start (another holds the lock, the store is unusable) throws here and publishes nothing:
            // the run holding the lock publishes what it scrapes.
            let report = fromBatches.isEmpty
                ? try await RunOutput.run(configuration, global: global, printsJSON: false)
                : try await RunOutput.commit(configuration, batches: fromBatches, keep: false, global: global, printsJSON: false)
            let (built, published) = try publishing.execute(global: global, moment: moment, printsSummary: false)
            if global.json { try GlobalOptions.printJSON(RunAndBuildReport(run: report, build: published)) }
            let status = [RunOutput.status(of: report), built].max { $0.severity < $1.severity } ?? .ok
            if status != .ok { throw ExitCode(status.rawValue) }
        }
    }
}

/// Options of the commands that scrape.
struct ScrapeOptions: ParsableArguments {
    @Option(name: .customLong("source"), help: ArgumentHelp("Only this source (repeatable); samples run only when named.", valueName: "id"))
    var sources: [String] = []

    // Unconditional, so `--days -3` reaches the range check below instead of reading as an unknown flag.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Days to fetch, starting today, 1 to 31 (default: the configuration's days:, else each source's own).", valueName: "n"))
    var days: Int?

    @Option(name: .long, help: ArgumentHelp(
        "The on-disk HTTP cache for conditional requests (default: the configuration's cache:, else `cache` beside the store).", valueName: "dir"))
    var cache: String?

    @Flag(name: .long, help: "Ignore robots.txt (only for sites you run yourself).")
    var ignoreRobots = false

    @Option(name: .long, help: ArgumentHelp(
        "Fetch the sample sources (ids ending in .example) from this server, as printed by `cartelera demo --serve`.",
        valueName: "url"))
    var sampleServer: String?

    func validate() throws {
        if let days, !(1...31).contains(days) { throw ValidationError("--days must be from 1 to 31, not \(days)") }
        if let sampleServer, !Self.isLoopback(sampleServer) {
            throw ValidationError("--sample-server must be a loopback URL such as http://127.0.0.1:8080, not \(sampleServer)")
        }
    }

    static func isLoopback(_ url: String) -> Bool { url.hasPrefix("http://127.0.0.1:") || url.hasPrefix("http://localhost:") }

    /// What a run at `now` does: the selected sources and channels, the folders, the fetch settings.
    func runConfiguration(global: GlobalOptions, now: Timestamp, rewrites: [String: String] = [:]) throws -> RunConfiguration {
        let file = try global.configuration()
        var fetch = FetchConfiguration()
        fetch.cacheDirectory = cache ?? file.folders[.cache] ?? DefaultPaths.cache(besideStore: global.storeDirectory)
        fetch.obeyRobots = !ignoreRobots
        let sampleServer = sampleServer ?? file.sampleServer
        if let sampleServer, !Self.isLoopback(sampleServer) {
            throw CommandFailure(description: "\(file.file ?? "configuration"): sample_server must be a loopback URL such as http://127.0.0.1:8080, "
                                 + "not \(sampleServer)", status: .usage)
        }
        let selection = try RunSelection.resolve(named: sources, configuration: file, scrapers: global.scrapersDirectory, sampleServer: sampleServer != nil)
        var rewrites = rewrites
        if let sampleServer {
            rewrites.merge(SampleSites.rewrites(to: sampleServer, scrapers: global.scrapersDirectory)) { given, _ in given }
            // Every sample site shares the loopback host: the usual one-second delay would only slow them down.
            fetch.perHostDelaySeconds = 0.01
            fetch.perHostConcurrency = 4
        }
        return RunConfiguration(
            scrapersDirectory: global.scrapersDirectory, storeRoot: global.storeDirectory, sources: selection.sources,
            channels: selection.channels, days: days ?? file.days, now: now, fetch: fetch, rewrites: rewrites)
    }

    /// Runs the sources into the store and prints the outcome; returns the exit status.
    func execute(global: GlobalOptions, now: Timestamp) async throws -> ExitStatus {
        let report = try await RunOutput.run(try runConfiguration(global: global, now: now), global: global, printsJSON: global.json)
        return RunOutput.status(of: report)
    }
}

/// `run --json`: the run report's keys, and the build's report under `build`.
struct RunAndBuildReport: Encodable {
    var run: RunReport
    var build: PublishReport

    private enum CodingKeys: String, CodingKey { case build }

    func encode(to encoder: any Encoder) throws {
        try run.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(build, forKey: .build)
    }
}
