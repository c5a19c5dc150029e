import ArgumentParser
import CarteleraDemo
import CarteleraFetch
import CarteleraModel
import CarteleraPipeline
import CarteleraScraping
import Foundation
import Logging

extension Cartelera {
    /// `cartelera scrape`: fetch sources into the store.
    struct Scrape: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch sources and store what they yield.",
            discussion: "A source that fails, or yields far fewer items than usual, keeps its last good data.\n\n\(ExitStatus.help)")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var scrapeOptions: ScrapeOptions

        func run() async throws {
            global.bootstrapLogging()
            try await scrapeOptions.execute(global: global)
        }
    }

    /// `cartelera run`: everything configured, as cron runs it.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Scrape every configured source, then publish the store (the command for cron): scrape, then build.",
            discussion: """
                Prints the scrape's summary line and the build's; with --json the run report. The build runs even when                 sources failed, from their last good data. The exit status is the worse of the two.

                \(ExitStatus.help)
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var scrapeOptions: ScrapeOptions
        @OptionGroup var publishing: PublishOptions
        @OptionGroup var moment: MomentOptions

        func run() async throws {
            global.bootstrapLogging()
            var scraped = ExitStatus.ok
            do {
                try await scrapeOptions.execute(global: global)
            } catch let code as ExitCode {
                scraped = ExitStatus(rawValue: code.rawValue) ?? .failed
                // Another run holds the store: it will publish what it scrapes.
                if scraped == .locked { throw code }
            }
            let built = try publishing.execute(global: global, moment: moment, printsSummary: false)
            let status = [scraped, built].max { $0.severity < $1.severity } ?? .ok
            if status != .ok { throw ExitCode(status.rawValue) }
        }
    }
}

/// Options of the commands that scrape.
struct ScrapeOptions: ParsableArguments {
    @Option(name: .customLong("source"), help: ArgumentHelp("Only this source (repeatable).", valueName: "id"))
    var sources: [String] = []

    @Option(name: .long, help: ArgumentHelp("Days to fetch, starting today (default: each source's own).", valueName: "n"))
    var days: Int?

    @Option(name: .long, help: ArgumentHelp("The on-disk HTTP cache for conditional requests (default: `cache` beside the store).", valueName: "dir"))
    var cache: String?

    @Flag(name: .long, help: "Ignore robots.txt (only for sites you run yourself).")
    var ignoreRobots = false

    @Option(name: .long, help: ArgumentHelp(
        "Fetch the sample sources (ids ending in .example) from this server, as printed by `cartelera demo --serve`.",
        valueName: "url"))
    var sampleServer: String?

    func validate() throws {
        if let days, !(1...31).contains(days) { throw ValidationError("--days must be from 1 to 31, not \(days)") }
        if let sampleServer, !(sampleServer.hasPrefix("http://127.0.0.1:") || sampleServer.hasPrefix("http://localhost:")) {
            throw ValidationError("--sample-server must be a loopback URL such as http://127.0.0.1:8080, not \(sampleServer)")
        }
    }

    /// Runs the sources and prints the outcome; throws with the exit status when something failed.
    func execute(global: GlobalOptions, rewrites: [String: String] = [:], now: Timestamp = Timestamp(Date())) async throws {
        var fetch = FetchConfiguration()
        fetch.cacheDirectory = cache ?? DefaultPaths.cache(besideStore: global.storeDirectory)
        fetch.obeyRobots = !ignoreRobots
        var rewrites = rewrites
        var sources = sources.map { SourceID($0) }
        if let sampleServer {
            // The server has only the sample sites: without --source, run just those (the hostile ones only when named).
            if sources.isEmpty { sources = SampleSites.scraped(DefinitionLoader.sourceIDs(in: global.scrapersDirectory), includingHostile: false) }
            rewrites.merge(SampleSites.rewrites(to: sampleServer, scrapers: global.scrapersDirectory)) { given, _ in given }
            // Every sample site shares the loopback host: the usual one-second delay would only slow them down.
            fetch.perHostDelaySeconds = 0.01
            fetch.perHostConcurrency = 4
        }
        let configuration = RunConfiguration(
            scrapersDirectory: global.scrapersDirectory, storeRoot: global.storeDirectory,
            sources: sources.isEmpty ? nil : sources,
            days: days, now: now, fetch: fetch, rewrites: rewrites)
        let report = try await RunOutput.run(configuration, global: global)
        let status = RunOutput.status(of: report)
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}
