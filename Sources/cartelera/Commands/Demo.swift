import ArgumentParser
import CarteleraFeeds
import CarteleraQuery
import CarteleraSite
import CarteleraFetch
import CarteleraModel
import CarteleraPipeline
import CarteleraStore
import CarteleraDemo
import Foundation
import Logging

extension Cartelera {
    /// `cartelera demo`: the whole pipeline against the sample sources, served on loopback.
    struct Demo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "demo",
            abstract: "Serve the sample sources on 127.0.0.1 and scrape them through real HTTP into a store.",
            discussion: """
                The sample sources are the folders under Scrapers/ whose id ends in .example. Their captured pages are \
                served with dates shifted so the data always covers today. No internet is needed.

                The hostile samples (hostile*.example: script payloads in titles, names, links and flyers, for testing \
                that what is published escapes them) are served too but scraped only with --include-hostile.

                With --serve the server stays up and nothing is scraped: point `cartelera run --sample-server URL` at \
                the address it prints, as often as you like, and stop it with Ctrl-C.

                \(ExitStatus.help)
                """)

        @OptionGroup var global: GlobalOptions

        @Option(name: .long, help: ArgumentHelp("Where the demo writes its store and cache.", valueName: "dir"))
        var output: String = "demo-output"

        @Flag(name: .long, help: "Only serve the sample sites and print their address; scrape them with `run --sample-server`.")
        var serve = false

        @Option(name: .long, help: ArgumentHelp("The loopback port to serve on with --serve (default: any free port).", valueName: "n"))
        var port: Int?

        @Flag(name: .long, help: "Scrape the hostile samples (hostile*.example) too.")
        var includeHostile = false

        @Option(name: .long, help: ArgumentHelp(
            "Run the demo as of this instant instead of the clock (ISO 8601, e.g. 2026-11-28T01:00Z): the samples' dates, the scrape and the site.",
            valueName: "time"))
        var at: String?

        func validate() throws {
            if let port, !(1...65_535).contains(port) { throw ValidationError("--port must be from 1 to 65535, not \(port)") }
            if port != nil, !serve { throw ValidationError("--port is only for --serve") }
            if includeHostile, serve { throw ValidationError("--include-hostile is for a scraping demo; with --serve, name them with `run --source`") }
            if let at, Timestamp(iso8601: at) == nil {
                throw ValidationError("--at \(at): use an ISO 8601 instant with its offset, such as 2026-11-28T01:00Z")
            }
        }

        func run() async throws {
            global.bootstrapLogging()
            let scrapers = DefaultPaths.samples(flag: global.scrapers)
            try global.requireScrapers(scrapers)
            let started = Date()
            let now = at.flatMap(Timestamp.init(iso8601:)) ?? Timestamp(started)
            // A server for `run --sample-server` is scraped as of the reader's clock; the demo's own scrape, at night, as of the evening.
            let scrapeMoment = serve ? now : DemoSite.scrapeMoment(at: now, zone: try global.configuration().zone)
            let site = try DemoSite(scrapers: scrapers, now: scrapeMoment)
            guard !site.sources.isEmpty else {
                throw CommandFailure(description: "no sample sources (folders ending in .example) in \(scrapers)", status: .usage)
            }
            let server: SampleServer
            do { server = try await SampleServer.start(site, port: port ?? 0) } catch {
                throw CommandFailure(description: "demo: \(error)", status: .failed)
            }
            if serve {
                try await serveForever(site: site, baseURL: server.baseURL, scrapers: scrapers)
                return
            }
            // The server stops before any exit, whatever the run did.
            let outcome: Result<Void, any Error>
            do {
                try await scrapeAndPublish(site: site, scrapers: scrapers, baseURL: server.baseURL, scrapeMoment: scrapeMoment, now: now, started: started)
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            await server.stop()
            try outcome.get()
        }

        /// Scrapes the sample sources from the server at `baseURL` as of `scrapeMoment`, publishes the store at `now`, and prints the summary.
        private func scrapeAndPublish(site: DemoSite, scrapers: String, baseURL: String, scrapeMoment: Timestamp, now: Timestamp, started: Date) async throws {
            let scraped = SampleSites.scraped(site.sources, includingHostile: includeHostile)
            if !global.json { print("Serving \(scraped.count) sample sources on \(baseURL)") }

            var fetch = FetchConfiguration()
            fetch.cacheDirectory = "\(output)/cache"
            // Every sample site shares the loopback host, so the usual one-second politeness delay would only slow the demo.
            fetch.perHostDelaySeconds = 0.01
            fetch.perHostConcurrency = 4
            let configuration = RunConfiguration(
                scrapersDirectory: scrapers, storeRoot: "\(output)/store", sources: scraped,
                now: scrapeMoment, fetch: fetch, rewrites: site.rewrites(to: baseURL))
            let report = try await RunOutput.run(configuration, global: global, printsJSON: global.json)
            let (built, website) = try publish(store: configuration.storeRoot, now: now)
            if !global.json {
                let summary: DemoSummary
                do { summary = try DemoSummary(try FileStore(root: configuration.storeRoot, creating: false).snapshot(), at: now) } catch {
                    throw CommandFailure(description: error.description, status: .failed)
                }
                print("\n" + summary.lines(store: configuration.storeRoot, sources: report.sources.count,
                                           sourcesOK: report.sources.filter { $0.status == .ok }.count, seconds: Date().timeIntervalSince(started)))
                let folder = "\(output)/public"
                let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
                let cartelera = DefaultPaths.commandName()
                print("""
                      published   \(folder): guide.xml(.gz) and \(built.feeds.count) feeds in feeds/ (\(built.feeds.joined(separator: ", ")))
                      site        \(folder)/index.html: \(website.pages) pages, Spanish at the root and English under en/

                    Ask the store:
                      \(cartelera) query programmes --type film --tonight --store \(output)/store
                      \(cartelera) now --store \(output)/store

                    Open the site:
                      \(cartelera) serve --store \(output)/store --output \(folder)
                        then http://127.0.0.1:8080/ (the live API and guest-list sign-ups work there)
                      or the file \(absolute)/index.html in a browser
                    """)
            }
            let publishing: ExitStatus = !built.failures.isEmpty ? .failed : built.problems.isEmpty ? .ok : .usage
            let status = [RunOutput.status(of: report), publishing].max { $0.severity < $1.severity } ?? .ok
            if status != .ok { throw ExitCode(status.rawValue) }
        }

        /// Builds the feeds of `Feeds/` and the site of `Web/` from the demo store into `<output>/public`, as `cartelera build` does.
        private func publish(store: String, now: Timestamp) throws -> (BuildReport, SiteReport) {
            let configuration = try global.configuration()
            let context = QueryContext(now: now, guideZone: configuration.zone, channelLists: configuration.channelLists, tonight: configuration.tonight)
            let feeds = DefaultPaths.installed("Feeds", variable: "CARTELERA_FEEDS", environment: ProcessInfo.processInfo.environment)
            let web = try SitePublishing.webFolder(flag: nil, configured: nil, command: "build")
            let (report, site) = try SitePublishing.publish(
                store: store, feeds: feeds, output: "\(output)/public", context: context, web: web, buildsFeeds: true, siteOptions: SiteOptions())
            guard let report, let site else { throw CommandFailure(description: "build: nothing was published", status: .failed) }
            for problem in report.problems + report.failures { FileHandle.standardError.write(Data("cartelera: build: \(problem)\n".utf8)) }
            return (report, site)
        }

        /// Prints the address and how to scrape it, then waits until the process is stopped.
        private func serveForever(site: DemoSite, baseURL: String, scrapers: String) async throws {
            if global.json {
                try GlobalOptions.printJSON(["url": baseURL, "sources": site.sources.map(\.rawValue).joined(separator: ",")])
            } else {
                print("""
                    Serving \(site.sources.count) sample sources on \(baseURL) (dates moved to today). Scrape them with:
                      \(DefaultPaths.commandName()) run --sample-server \(baseURL) --store \(output)/store\(scrapers == "Scrapers" ? "" : " --scrapers \(scrapers)")
                    Stop with Ctrl-C.
                    """)
            }
            fflush(nil)
            while !Task.isCancelled {
                try await Task.sleep(for: .seconds(3600))
            }
        }
    }
}
