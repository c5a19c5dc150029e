import ArgumentParser
import CarteleraFeeds
import CarteleraOutput
import CarteleraSite
import Foundation

extension Cartelera {
    /// `cartelera build`: publish the store as files.
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Publish the store: the website, guide.xml and every feed of Feeds/ into the output folder.",
            discussion: """
                Writes guide.xml and guide.xml.gz (XMLTV of every stored schedule) and feeds/<name>.json, .ics, .xml \
                and .xml.gz for each Feeds/<name>.yaml, and renders the website from the templates of Web/ (Spanish at the root, \
                English under en/). A file whose bytes did not change is not rewritten; files an \
                earlier build published and this one does not are removed.

                Exits 0, 2 when a feed definition or its query is invalid (named with its file and key; the other feeds \
                are still written), 1 when the store or one of its files cannot be read or a file cannot be written.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var publishing: PublishOptions
        @OptionGroup var moment: MomentOptions

        func run() async throws {
            global.bootstrapLogging()
            let (status, _) = try publishing.execute(global: global, moment: moment, printsSummary: true)
            if status != .ok { throw ExitCode(status.rawValue) }
        }
    }
}

/// What a build publishes when it is not everything.
enum PublishedPart: String, ExpressibleByArgument, CaseIterable {
    case site, feeds
}

/// Where a build reads feed definitions and writes its files.
struct PublishOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The folder to publish into (default: $CARTELERA_OUTPUT, else `public` beside the store: out/public).", valueName: "dir"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp(
        "The folder of feed definitions (default: $CARTELERA_FEEDS, ./Feeds, or the installed share/cartelera/Feeds).", valueName: "dir"))
    var feeds: String?

    @Option(name: .long, help: ArgumentHelp(
        "The site's templates, labels and assets (default: $CARTELERA_WEB, the installed share/cartelera/Web, or the Web/ of the repository).",
        valueName: "dir"))
    var web: String?

    @Option(name: .customLong("site-url"), help: ArgumentHelp(
        "The address the output folder is published at, for canonical links, sitemap.xml and the JSON Feeds' addresses (default: $CARTELERA_SITE_URL; none: relative links, no sitemap).",
        valueName: "url"))
    var siteURL: String?

    @Option(name: .long, help: ArgumentHelp("Publish only the site or only the feeds (default: both).", valueName: "part"))
    var only: PublishedPart?

    @Option(name: .customLong("programme-pages"), help: ArgumentHelp(
        "Give pages only to the first N programmes by start (what `cartelera-bench build` measures; default: all).", valueName: "n"))
    var programmePages: Int?

    @Flag(name: .customLong("mustache-only"), help: ArgumentHelp(
        "Render every page with swift-mustache alone instead of the compiled templates (slower; what `cartelera-bench build` compares them with)."))
    var mustacheOnly = false

    mutating func validate() throws {
        if let programmePages, programmePages < 0 { throw ValidationError("--programme-pages takes a count of 0 or more, not \(programmePages)") }
        if let siteURL, !PublishedText.isWebURL(siteURL) { throw ValidationError("--site-url takes an http(s) address, not \(siteURL)") }
        if only == .feeds {
            let siteOptions = [("--web", web != nil), ("--programme-pages", programmePages != nil), ("--mustache-only", mustacheOnly)]
            if let (name, _) = siteOptions.first(where: \.1) { throw ValidationError("\(name) is an option of the site, which --only feeds leaves out") }
        }
    }

    /// Builds, prints problems on standard error and (unless `--json` asks for the report) one summary line; returns the
    /// exit status and the report.
    func execute(global: GlobalOptions, moment: MomentOptions, printsSummary: Bool) throws -> (ExitStatus, PublishReport) {
        let environment = ProcessInfo.processInfo.environment
        let file = try global.configuration()
        let siteURL = siteURL ?? environment["CARTELERA_SITE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? file.siteURL
        if let siteURL, !PublishedText.isWebURL(siteURL) {
            throw CommandFailure(description: "build: the site's address must be an http(s) address, not \(siteURL) "
                                 + "(from CARTELERA_SITE_URL or site_url: in the configuration)", status: .usage)
        }
        let output = global.outputDirectory(output)
        let feeds = global.folder(feeds, variable: "CARTELERA_FEEDS", .feeds) { DefaultPaths.installed("Feeds", variable: "CARTELERA_FEEDS", environment: [:]) }
        let (context, _) = try moment.context(file)
        let webFolder = only == .feeds ? nil : try SitePublishing.webFolder(flag: web, configured: file.folders[.web], command: "build")
        let (report, site) = try SitePublishing.publish(
            store: global.storeDirectory, feeds: feeds, output: output, context: context, web: webFolder, buildsFeeds: only != .site,
            siteOptions: SiteOptions(baseURL: siteURL, programmeLimit: programmePages, mustacheOnly: mustacheOnly))
        for problem in (report?.problems ?? []) + (report?.failures ?? []) {
            FileHandle.standardError.write(Data("cartelera: build: \(problem)\n".utf8))
        }
        let published = PublishReport(feeds: report, site: site)
        if printsSummary, global.json {
            try GlobalOptions.printJSON(published)
        } else if printsSummary || !global.json {
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            if let report {
                print("build: \(count(report.feeds.count, "feed")), \(count(report.written.count, "file")) written, \(report.unchanged.count) unchanged, "
                    + "\(report.removed.count) removed, \(count(report.problems.count, "problem")), into \(output)")
            }
            if let site {
                print("site: \(count(site.pages, "page")), \(site.written.count) written, \(site.unchanged) unchanged, \(site.removed.count) removed, "
                    + "into \(output)/index.html")
            }
        }
        guard let report else { return (.ok, published) }
        return (!report.failures.isEmpty ? .failed : report.problems.isEmpty ? .ok : .usage, published)
    }
}
