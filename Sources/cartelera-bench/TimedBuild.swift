import CarteleraBench
import CarteleraModel
import Foundation

/// `cartelera build ARGUMENTS` of data set G in a fresh process at G's moment, as the build benchmarks run it.
enum TimedBuild {
    /// Runs it (the `cartelera` beside this one, or `binary`) and returns the seconds it took, the largest child's peak
    /// resident megabytes and its `--json` report.
    static func run(_ arguments: [String], binary given: String? = nil) throws -> (seconds: Double, peakMegabytes: Double, report: Data) {
        let binary = try given ?? BenchCommand.cartelera()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["build"] + arguments + ["--at", Timestamp(secondsSince1970: DataSetG.now).iso8601, "--json"]
        let pipe = Pipe()
        process.standardOutput = pipe
        let started = Date()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        guard process.terminationStatus == 0, process.terminationReason == .exit else {
            let ending = process.terminationReason == .exit ? "exited \(process.terminationStatus)" : "was killed by signal \(process.terminationStatus)"
            throw BenchFailure("\(binary) \(process.arguments?.joined(separator: " ") ?? "") \(ending)")
        }
        var children = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &children)
        return (seconds, Double(children.ru_maxrss) / 1024, data)
    }
}
