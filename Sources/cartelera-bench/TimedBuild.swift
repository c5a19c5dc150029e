import CarteleraBench
import CarteleraModel
import Foundation

/// `cartelera build ARGUMENTS` of data set G in a fresh process at G's moment, as the build benchmarks run it.
enum TimedBuild {
    /// Runs it and returns the seconds it took, its peak resident megabytes and its `--json` report.
    static func run(_ arguments: [String]) throws -> (seconds: Double, peakMegabytes: Double, report: Data) {
        let run = try ChildRun.run(try BenchCommand.cartelera(),
                                   ["build"] + arguments + ["--at", Timestamp(secondsSince1970: DataSetG.now).iso8601, "--json"])
        return (run.seconds, run.peakMegabytes, run.output)
    }
}
