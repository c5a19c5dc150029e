import ArgumentParser
import CarteleraModel
import CarteleraPipeline
import Foundation

extension Cartelera {
    /// `cartelera commit BATCH…`: store what workers scraped with `scrape --batch`.
    struct Commit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "commit",
            abstract: "Store the batches that `cartelera scrape --batch` wrote, under the store's lock, as a run stores what it scrapes.",
            discussion: """
                Takes batch folders (their *.batch.json) or files; without any, the configuration's batches: folder. Every \
                source the configuration runs is accounted for, in id order: its batch is stored with the sanity floor, \
                merging and last good data of a local run, so the store ends byte for byte as one `cartelera run` leaves \
                it. A source whose batch did not arrive (its worker failed or has not finished) is reported failed and \
                keeps its data. A batch already stored (a retried commit) is not stored twice; an older one than the store \
                holds is refused. Stored batch files are deleted unless --keep; unreadable ones, and those of sources the \
                configuration does not run, stay and are reported. Sign-up retention runs here: sign-ups have one writer.

                \(ExitStatus.help)
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("Batch folders or files (default: the configuration's batches: folder).", valueName: "batch"))
        var batches: [String] = []

        @Option(name: .customLong("source"), help: ArgumentHelp(
            "The sources expected (repeatable; default: the configuration's sources, else every real definition).", valueName: "id"))
        var sources: [String] = []

        @Flag(name: .long, help: "Keep the batch files once stored.")
        var keep = false

        @Option(name: .long, help: ArgumentHelp("Commit as of this instant instead of now (ISO 8601, e.g. 2026-11-25T18:00Z).", valueName: "time"))
        var at: String?

        func validate() throws {
            if let at, Timestamp(iso8601: at) == nil { throw ValidationError("--at \(at): use an ISO 8601 instant with its offset, such as 2026-11-25T18:00Z") }
        }

        func run() async throws {
            global.bootstrapLogging()
            let file = try global.configuration()
            let folders = batches.isEmpty ? file.folders[.batches].map { [$0] } ?? [] : batches
            guard !folders.isEmpty else {
                throw CommandFailure(description: "commit: name the batch folders or files (or set batches: in the configuration)", status: .usage)
            }
            let now = at.flatMap(Timestamp.init(iso8601:)) ?? Timestamp(Date())
            let selection = try RunSelection.resolve(named: sources, configuration: file, scrapers: global.scrapersDirectory,
                                                     sampleServer: file.sampleServer != nil)
            let configuration = RunConfiguration(scrapersDirectory: global.scrapersDirectory, storeRoot: global.storeDirectory,
                                                 sources: selection.sources, channels: selection.channels, now: now)
            let report = try await RunOutput.commit(configuration, batches: folders, keep: keep, global: global, printsJSON: global.json)
            let status = RunOutput.status(of: report)
            if status != .ok { throw ExitCode(status.rawValue) }
        }
    }
}
