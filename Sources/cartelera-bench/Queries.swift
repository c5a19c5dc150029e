import ArgumentParser
import CarteleraBench
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Foundation

/// `cartelera-bench query [DIR]`.
struct Queries: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run q1–q5 over data set G: rows and fingerprints, warm p50/p99 beside a linear scan and indexed SQLite, cold times and memory.",
        discussion: """
            The peer is Bench/sqlite_query.py: the SQLite database of Bench/sqlite_api.py (FTS5 with accents removed, an index \
            that answers each shape: q3 bounds a channel's starts on both sides, q2 and q5 read one range of a (genre, type, start) \
            index, q4 bounds both coordinates; built once into DIR/peer from DIR/jsonl, memory-mapped) asked the same runs' \
            questions through python3's sqlite3, each run fetching every column of every row. Its first answer to each shape must \
            have the engine's ids in the engine's order (q5, a random pick, its count).

            Cold: each shape is asked of a fresh `cartelera query` (or `shake`) process, the time from its start to its exit \
            with the whole answer written. The page cache is warm (one untimed round first: the binary, its libraries and the \
            index files read once), and the figure is the median of --cold-runs rounds, the shapes taken in turn. --baseline \
            runs another `cartelera` binary in the same rounds, alternating with this one, over --baseline-data (a copy of G \
            whose index is in that binary's format).
            """)

    @Argument(help: ArgumentHelp("The folder `cartelera-bench generate` wrote (default out/bench-g).", valueName: "dir"))
    var directory: String = "out/bench-g"

    @Option(name: .long, help: ArgumentHelp("Warm runs per shape.", valueName: "n"))
    var runs: Int = 200

    @Flag(name: .long, help: "Measure Cartelera only, without the indexed SQLite peer (Bench/sqlite_query.py).")
    var noPeer = false

    @Option(name: .long, help: ArgumentHelp("Rounds of fresh processes for the cold times, after one untimed round.", valueName: "n"))
    var coldRuns: Int = 5

    @Option(name: .long, help: ArgumentHelp("Another cartelera binary whose cold times are taken in the same rounds.", valueName: "binary"))
    var baseline: String?

    @Option(name: .long, help: ArgumentHelp("The baseline's copy of data set G, when its index has another format (default: DIR).", valueName: "dir"))
    var baselineData: String?

    func validate() throws {
        guard (1...100_000).contains(runs) else { throw ValidationError("--runs must be from 1 to 100000") }
        guard (1...1_000).contains(coldRuns) else { throw ValidationError("--cold-runs must be from 1 to 1000") }
        if baselineData != nil, baseline == nil { throw ValidationError("--baseline-data needs --baseline BINARY") }
    }

    func run() async throws {
        try BenchCommand.requireDataSetG(directory)
        BenchCommand.warnUnlessIndexIsUsed(directory)
        let store = directory + "/store"
        var binaries = [(binary: try BenchCommand.cartelera(), store: store)]
        if let baseline { binaries.append((baseline, (baselineData ?? directory) + "/store")) }
        let colds = try coldTimes(binaries)
        let cold = colds[0]
        // Read before the SQLite peer runs: `RUSAGE_CHILDREN` keeps the largest child so far, and the peer is one.
        var coldChildren = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &coldChildren)
        let opened = Date()
        let engine = try QueryEngine.open(try FileStore(root: store, creating: false))
        print(String(format: "index: generation %d, opened in %.0f ms (%@)", engine.index.generation, Date().timeIntervalSince(opened) * 1000,
                     engine.index.origin == .files ? "index files" : "built from the shards"))
        print("\nreference answers (BENCHMARKS.md):")
        var allMatch = true
        for reference in QueryShapes.references {
            let ids = QueryShapes.ids(reference.query, engine: engine)
            let fingerprint = QueryShapes.fingerprint(ids)
            let same = fingerprint == reference.fingerprint && ids.count == reference.rows && ids.first == reference.firstID
            allMatch = allMatch && same
            print("  \(reference.shape.rawValue) \(reference.parameters.padding(toLength: 24, withPad: " ", startingAt: 0)) rows \(ids.count) first \(ids.first ?? "—") fingerprint \(fingerprint) \(same ? "= reference" : "≠ reference \(reference.fingerprint)")")
        }
        let results = QueryBenchmark(engine: engine, runs: runs).measure()
        let peer = noPeer ? nil : try SQLitePeer.measure(directory: directory, runs: runs)
        if let seconds = peer?.buildSeconds { print(String(format: "\nthe SQLite peer loaded G's JSON Lines into %@/peer in %.1f s", directory, seconds)) }
        print("\nwarm, \(runs) runs each (ms); the peer (SQLite, FTS5 and indexes) answers the same runs:")
        print("  shape  rows   p50      p99      scan p50  scan p99  scan/engine  peer rows  peer p50  peer p99  engine/peer  cold (fresh process, median of \(coldRuns))")
        var peerRowsDiffer = false
        for result in results {
            let coldTime = cold[result.shape].map { String(format: "%.0f ms", $0 * 1000) } ?? "—"
            var peerColumns = "        —         —         —            —"
            if let theirs = peer?.shapes[result.shape] {
                peerColumns = String(format: "%9d  %8.3f  %8.3f  %10.2f×", theirs.rows, theirs.p50 * 1000, theirs.p99 * 1000, result.p50 / max(theirs.p50, 1e-9))
                // q5's pick is random on each side: only its count can agree.
                peerRowsDiffer = peerRowsDiffer || theirs.rows != result.rows || (result.shape != .q5 && theirs.ids != result.firstIDs)
            }
            print(String(format: "  %@     %5d  %7.3f  %7.3f  %8.3f  %8.3f  %8.0f×  ", result.shape.rawValue, result.rows, result.p50 * 1000,
                         result.p99 * 1000, result.baselineP50 * 1000, result.baselineP99 * 1000, result.baselineP50 / max(result.p50, 1e-9))
                  + peerColumns + "   " + coldTime + (result.agreesWithBaseline ? "" : "  (differs from the scan!)"))
        }
        if baseline != nil {
            print("\ncold, median of \(coldRuns) fresh processes each, in turn (ms): cartelera, the baseline, and cartelera / baseline")
            for shape in QueryShapes.Shape.allCases {
                guard let ours = colds[0][shape], let theirs = colds[1][shape] else { continue }
                print(String(format: "  %@  %6.1f  %6.1f  %5.2f×", shape.rawValue, ours * 1000, theirs * 1000, ours / max(theirs, 1e-9)))
            }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print(String(format: "\npeak resident memory: %.0f MB for a fresh query process (the largest of the cold runs%@); %.0f MB for this one, which also holds the scan's records",
                     Double(coldChildren.ru_maxrss) / 1024, baseline == nil ? "" : ", the baseline's included", Double(usage.ru_maxrss) / 1024))
        if !allMatch { throw BenchFailure("an answer differs from BENCHMARKS.md's reference") }
        if results.contains(where: { !$0.agreesWithBaseline }) { throw BenchFailure("the engine and the linear scan disagree") }
        if peerRowsDiffer { throw BenchFailure("the SQLite peer's first answer has other rows than the engine's (or in another order)") }
    }

    /// The median time of each shape asked of fresh processes of each binary, after a round that warms the page cache;
    /// the binaries take turns within each round.
    private func coldTimes(_ binaries: [(binary: String, store: String)]) throws -> [[QueryShapes.Shape: Double]] {
        var times = [[QueryShapes.Shape: [Double]]](repeating: [:], count: binaries.count)
        for round in 0...coldRuns {
            for shape in QueryShapes.Shape.allCases {
                for (number, binary) in binaries.enumerated() {
                    let seconds = try coldRun(shape, binary: binary.binary, store: binary.store)
                    if round > 0 { times[number][shape, default: []].append(seconds) }
                }
            }
        }
        return times.map { $0.mapValues { $0.sorted()[$0.count / 2] } }
    }

    /// One shape asked of a fresh `cartelera` process: the time from its start to its exit.
    private func coldRun(_ shape: QueryShapes.Shape, binary: String, store: String) throws -> Double {
        let at = Timestamp(secondsSince1970: DataSetG.now).iso8601
        let week = Timestamp(secondsSince1970: DataSetG.now + 7 * 86_400).iso8601
        let q2 = ["--type", "film", "--genre", "action", "--year", "1990-2005", "--from", at, "--to", week, "--window", "starts", "--sort", "time"]
        let arguments: [QueryShapes.Shape: [String]] = [
            .q1: ["query", "programmes", "--text", "accion", "--match", "word", "--sort", "time"],
            .q2: ["query", "programmes"] + q2,
            .q3: ["query", "programmes", "--channel", "ch001", "--from", "2026-11-24T20:00Z", "--to", "2026-11-25T00:00Z", "--sort", "time"],
            .q4: ["query", "venues", "--near", "40.4168,-3.7038", "--within", "2km", "--sort", "distance"],
            .q5: ["shake", "programmes", "--seed", "1"] + q2,
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = (arguments[shape] ?? []) + ["--store", store, "--at", at, "--limit", "10000", "--json"]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let started = Date()
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        if process.terminationStatus != 0 {
            let message = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw BenchFailure("the cold \(shape.rawValue) run (\(binary) \(process.arguments?.joined(separator: " ") ?? "")) exited \(process.terminationStatus): \(message)")
        }
        return seconds
    }
}
