import CarteleraBench
import CarteleraTesting
import Foundation

/// The peer of `cartelera-bench query`: `Bench/sqlite_query.py`, indexed SQLite with FTS5, answering the same runs of q1–q5.
struct SQLitePeer {
    /// One shape's figures.
    struct Shape: Decodable {
        var rows: Int
        /// The ids of the first run's answer, in order.
        var ids: [String]
        var p50: Double
        var p99: Double
    }

    /// Each shape's figures.
    var shapes: [QueryShapes.Shape: Shape]
    /// Seconds the peer took to load G into its database, when this run built it.
    var buildSeconds: Double?

    /// Runs the peer over `directory` (its JSON Lines; the database built once into `directory/peer`) with the parameters
    /// the engine's `runs` runs use: q2's genre per run, q3's channel and day as `QueryShapes.parameters` draws them.
    static func measure(directory: String, runs: Int) throws -> SQLitePeer {
        let q2 = (0..<runs).map { DataSetG.genres[$0 % DataSetG.genres.count] }
        let q3 = QueryShapes.q3Draws(runs: runs).map { [$0.channel, $0.day] as [Any] }
        let parameters = try JSONSerialization.data(withJSONObject: ["q2": q2, "q3": q3])

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", RepositoryPaths.packageRoot() + "/Bench/sqlite_query.py", directory]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: parameters)
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure("Bench/sqlite_query.py exited \(process.terminationStatus)") }
        struct Report: Decodable {
            var build_seconds: Double?
            var q1: Shape, q2: Shape, q3: Shape, q4: Shape, q5: Shape
        }
        let report: Report
        do {
            report = try JSONDecoder().decode(Report.self, from: data)
        } catch {
            throw BenchFailure("Bench/sqlite_query.py printed no report: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return SQLitePeer(shapes: [.q1: report.q1, .q2: report.q2, .q3: report.q3, .q4: report.q4, .q5: report.q5], buildSeconds: report.build_seconds)
    }

    /// Loads `directory/jsonl` into a new `directory/peer/guide.sqlite` with `Bench/sqlite_load.py`: the seconds it took
    /// and the database's bytes on disk.
    static func load(directory: String) throws -> (seconds: Double, bytes: Int64) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", RepositoryPaths.packageRoot() + "/Bench/sqlite_load.py", directory]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchFailure("Bench/sqlite_load.py exited \(process.terminationStatus)") }
        struct Report: Decodable {
            var seconds: Double
            var bytes: Int64
        }
        guard let report = try? JSONDecoder().decode(Report.self, from: data) else {
            throw BenchFailure("Bench/sqlite_load.py printed no report: \(String(decoding: data.prefix(200), as: UTF8.self))")
        }
        return (report.seconds, report.bytes)
    }
}
