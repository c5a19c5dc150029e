import ArgumentParser
import CarteleraFeeds
import Foundation

extension Cartelera {
    /// `cartelera build`: publish the store as files.
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish the store: guide.xml and every feed of Feeds/ into the output folder.",
            discussion: """
                Writes guide.xml and guide.xml.gz (XMLTV of every stored schedule) and feeds/<name>.json, .ics, .xml \
                and .xml.gz for each Feeds/<name>.yaml. A file whose bytes did not change is not rewritten; files an \
                earlier build published and this one does not are removed.

                Exits 0, 2 when a feed definition or its query is invalid (named with its file and key; the other feeds \
                are still written), 1 when the store or one of its files cannot be read or a file cannot be written.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var publishing: PublishOptions
        @OptionGroup var moment: MomentOptions

        func run() async throws {
            global.bootstrapLogging()
            let status = try publishing.execute(global: global, moment: moment, printsSummary: true)
            if status != .ok { throw ExitCode(status.rawValue) }
        }
    }
}

/// Where a build reads feed definitions and writes its files.
struct PublishOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The folder to publish into (default: $CARTELERA_OUTPUT, else `public` beside the store: out/public).", valueName: "dir"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp(
        "The folder of feed definitions (default: $CARTELERA_FEEDS, ./Feeds, or the installed share/cartelera/Feeds).", valueName: "dir"))
    var feeds: String?

    /// Builds, prints problems on standard error and (unless `--json` asks for the report) one summary line; returns the exit status.
    func execute(global: GlobalOptions, moment: MomentOptions, printsSummary: Bool) throws -> ExitStatus {
        let environment = ProcessInfo.processInfo.environment
        let output = output ?? environment["CARTELERA_OUTPUT"].flatMap { $0.isEmpty ? nil : $0 } ?? DefaultPaths.output(besideStore: global.storeDirectory)
        let feeds = feeds ?? DefaultPaths.installed("Feeds", variable: "CARTELERA_FEEDS", environment: environment)
        let (context, _) = try moment.context()
        let report: BuildReport
        do {
            report = try FeedPublisher(store: global.storeDirectory, feeds: feeds, output: output, context: context).build()
        } catch {
            throw CommandFailure(description: "build: \(error.description)", status: .sourcesFailed)
        }
        for problem in report.problems + report.failures {
            FileHandle.standardError.write(Data("cartelera: build: \(problem)\n".utf8))
        }
        if printsSummary, global.json {
            try GlobalOptions.printJSON(report)
        } else if printsSummary || !global.json {
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            print("build: \(count(report.feeds.count, "feed")), \(count(report.written.count, "file")) written, \(report.unchanged.count) unchanged, "
                + "\(report.removed.count) removed, \(count(report.problems.count, "problem")), into \(output)")
        }
        return !report.failures.isEmpty ? .sourcesFailed : report.problems.isEmpty ? .ok : .usage
    }
}
