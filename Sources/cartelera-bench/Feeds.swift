import ArgumentParser
import CarteleraBench
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Foundation

/// `cartelera-bench feeds [DIR]`.
struct Feeds: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Publish data set G (guide.xml, its gzip and the per-channel JSON API) in a fresh process, then again with nothing changed.",
        discussion: "Prints MB/s and peak memory of each build beside the time to only read every programme, and fails when the unchanged build writes a file.")

    @Argument(help: ArgumentHelp("The folder `cartelera-bench generate` wrote (default out/bench-g).", valueName: "dir"))
    var directory: String = "out/bench-g"

    func run() async throws {
        try BenchCommand.requireDataSetG(directory)
        let store = directory + "/store"
        let output = directory + "/public"
        let feeds = directory + "/no-feeds"
        try? FileManager.default.removeItem(atPath: output)
        try FileManager.default.createDirectory(atPath: feeds, withIntermediateDirectories: true)

        // The baseline: decoding every stored programme once, which any publisher of the store has to do.
        let fileStore = try FileStore(root: store, creating: false).snapshot()
        let readStarted = Date()
        var programmes = 0
        for day in try fileStore.programmeDays() {
            for channel in try fileStore.channelsWithProgrammes(day: day) { programmes += try fileStore.programmes(day: day, channel: channel).count }
        }
        let readSeconds = Date().timeIntervalSince(readStarted)
        print(String(format: "read only: %d programmes decoded in %.1f s (%.0f programmes/s)", programmes, readSeconds, Double(programmes) / readSeconds))

        for (label, mustWriteNothing) in [("cold build", false), ("unchanged rebuild", true)] {
            let (seconds, memory, report) = try build(store: store, output: output, feeds: feeds)
            let written = report.written.reduce(Int64(0)) { $0 + fileSize(output + "/" + $1) }
            let published = (report.written + report.unchanged).reduce(Int64(0)) { $0 + fileSize(output + "/" + $1) }
            print(String(format: "%@: %.1f s, %d files written (%.0f MB), %d unchanged; %.1f MB/s of published files, %.1f× the read-only time; peak memory %.0f MB",
                         label, seconds, report.written.count, Double(written) / 1e6, report.unchanged.count, Double(published) / 1e6 / seconds,
                         seconds / readSeconds, memory))
            if mustWriteNothing, !report.written.isEmpty {
                throw BenchFailure("the unchanged rebuild wrote \(report.written.count) files (\(report.written.prefix(3).joined(separator: ", "))…)")
            }
        }
        print(String(format: "guide.xml %.0f MB, guide.xml.gz %.0f MB", Double(fileSize(output + "/guide.xml")) / 1e6, Double(fileSize(output + "/guide.xml.gz")) / 1e6))
    }

    struct Report: Decodable {
        var written: [String]
        var unchanged: [String]
    }

    /// `cartelera build` of G in a fresh process at G's moment: seconds, peak resident MB and its report.
    private func build(store: String, output: String, feeds: String) throws -> (Double, Double, Report) {
        let run = try TimedBuild.run(["--only", "feeds", "--store", store, "--output", output, "--feeds", feeds])
        return (run.seconds, run.peakMegabytes, try JSONDecoder().decode(Report.self, from: run.report))
    }

    private func fileSize(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
