import ArgumentParser
import CarteleraBench
import CarteleraTesting
import Foundation

/// `cartelera-bench serve [DIR]`: the HTTP API under load, beside a small Python/SQLite API on the same data.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load the HTTP API with wrk (q1–q5 over data set G, 64 connections) beside a Python/SQLite API on the same data.",
        discussion: """
            Starts `cartelera serve` over DIR/store and Bench/sqlite_api.py over DIR/jsonl (both written by `cartelera-bench generate`; \
            the SQLite database is built once into DIR/peer; the peer runs one worker process per core), checks that both answer \
            q1–q4 with BENCHMARKS.md's reference rows, then runs wrk against each shape of each server (each run once the \
            server is idle, the previous run's requests answered) and prints requests per second, p50/p99 latency and each \
            server's memory (the peak resident memory of its largest process, and the proportional set size of all its \
            processes, which counts a shared or mapped page once). A bare Hummingbird router \
            answering q3's bytes (`cartelera-bench fixed-answer`) is loaded with q3 as the ceiling of a small answer on this machine. Cartelera runs twice: as configured, and with --answer-cache-megabytes 0, which answers every request \
            anew as the baseline does (the load repeats each shape's request, so the first server answers most from its cache). \
            --baseline runs another `cartelera` binary in the same run, with and without its answer cache. Needs wrk (apt-get install wrk; `make bench-serve` \
            installs it). Run from a release build.
            """)

    @Argument(help: ArgumentHelp("The folder `cartelera-bench generate` wrote (default out/bench-g).", valueName: "dir"))
    var directory: String = "out/bench-g"

    @Option(name: .long, help: ArgumentHelp("Seconds of load per shape and server.", valueName: "n"))
    var seconds = 10

    @Option(name: .long, help: ArgumentHelp("Concurrent connections.", valueName: "n"))
    var connections = 64

    @Flag(name: .long, help: "Measure Cartelera only, without the Python/SQLite baseline.")
    var noPeer = false

    @Option(name: .long, help: ArgumentHelp("Also load this `cartelera` binary (an earlier release) in the same run.", valueName: "binary"))
    var baseline: String?

    @Option(name: .long, help: ArgumentHelp("The baseline's copy of data set G, when its index has another format (default: DIR).", valueName: "dir"))
    var baselineData: String?

    func validate() throws {
        guard (1...600).contains(seconds) else { throw ValidationError("--seconds must be from 1 to 600") }
        guard (1...10_000).contains(connections) else { throw ValidationError("--connections must be from 1 to 10000") }
    }

    func run() async throws {
        try BenchCommand.requireDataSetG(directory)
        BenchCommand.warnUnlessIndexIsUsed(directory)
        guard let wrk = ["/usr/bin/wrk", "/usr/local/bin/wrk"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw BenchFailure("bench serve needs wrk: apt-get install wrk (or make bench-serve)", exitCode: 2)
        }
        let binary = try BenchCommand.cartelera()
        func serve(_ binary: String, _ directory: String, _ extra: [String] = []) throws -> ServedProcess {
            try ServedProcess(binary, ["serve", "--store", directory + "/store", "--output", directory + "/public", "--port", "0", "--json",
                                       "--no-access-log", "--reads-per-minute", "1000000", "--at", "2026-11-25T18:00Z"] + extra)
        }
        var servers = [("cartelera", try serve(binary, directory), HTTPLoad.carteleraTargets),
                       ("cartelera, no answer cache", try serve(binary, directory, ["--answer-cache-megabytes", "0"]), HTTPLoad.carteleraTargets)]
        if let baseline {
            servers.append(("baseline", try serve(baseline, baselineData ?? directory), HTTPLoad.carteleraTargets))
            servers.append(("baseline, no answer cache", try serve(baseline, baselineData ?? directory, ["--answer-cache-megabytes", "0"]), HTTPLoad.carteleraTargets))
        }
        // The ceiling: q3's answer as bytes from a bare Hummingbird router, loaded with the same request.
        let q3 = try LoopbackClient.send("GET", HTTPLoad.carteleraTargets[.q3] ?? "/", port: servers[0].1.port, timeout: 120)
        let fixedFile = NSTemporaryDirectory() + "cartelera-bench-q3-\(getpid()).json"
        try Data(q3.body).write(to: URL(fileURLWithPath: fixedFile))
        defer { try? FileManager.default.removeItem(atPath: fixedFile) }
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        servers.append(("hummingbird, fixed answer", try ServedProcess(own, ["fixed-answer", fixedFile]), HTTPLoad.carteleraTargets.filter { $0.key == .q3 }))
        if !noPeer {
            let script = RepositoryPaths.packageRoot() + "/Bench/sqlite_api.py"
            print("Python/SQLite baseline: \(script) (builds \(directory)/peer/guide.sqlite on its first run)")
            servers.append(("python+sqlite", try ServedProcess("/usr/bin/env", ["python3", script, directory, "0"]), HTTPLoad.peerTargets))
        }
        defer { servers.forEach { $0.1.stop() } }

        print("\nreference answers over HTTP (BENCHMARKS.md):")
        var allMatch = true
        for (name, process, targets) in servers {
            for reference in QueryShapes.references where reference.shape != .q2 || reference.parameters == "genre Acción" {
                guard let target = targets[reference.shape] else { continue }
                let reply = try LoopbackClient.send("GET", target, port: process.port, timeout: 120)
                let ids = HTTPLoad.ids(reply.body)
                let fingerprint = QueryShapes.fingerprint(ids)
                let same = reply.status == 200 && fingerprint == reference.fingerprint && ids.count == reference.rows
                allMatch = allMatch && same
                print("  \(name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(reference.shape.rawValue) rows \(ids.count) fingerprint \(fingerprint) \(same ? "= reference" : "≠ reference \(reference.fingerprint)")")
            }
        }
        guard allMatch else { throw BenchFailure("an HTTP answer differs from BENCHMARKS.md's reference") }

        print("\nwrk, \(connections) connections, 2 threads, \(seconds) s per shape:")
        print("  server                      shape   requests/s   p50 ms    p99 ms   non-2xx")
        var rates: [String: [QueryShapes.Shape: Double]] = [:]
        for (name, process, targets) in servers {
            for shape in QueryShapes.Shape.allCases {
                guard let target = targets[shape] else { continue }
                process.waitUntilIdle()
                let result = try HTTPLoad.run(wrk: wrk, url: "http://127.0.0.1:\(process.port)\(target)", connections: connections, seconds: seconds)
                rates[name, default: [:]][shape] = result.requestsPerSecond
                print(String(format: "  %@  %@      %10.0f  %8.2f  %8.2f   %d", name.padding(toLength: 26, withPad: " ", startingAt: 0), shape.rawValue,
                             result.requestsPerSecond, result.p50Milliseconds, result.p99Milliseconds, result.failures))
            }
        }
        print("\nmemory after the load: peak resident (VmHWM) of the largest process, proportional set size (PSS) of all its processes:")
        for (name, process, _) in servers {
            let memory = process.memory()
            print(String(format: "  %@  %6.0f MB  %6.0f MB", name.padding(toLength: 26, withPad: " ", startingAt: 0), memory.peakResident, memory.proportional))
        }
        print("")
        for (ours, theirs) in [("cartelera", "python+sqlite"), ("cartelera, no answer cache", "python+sqlite"), ("baseline", "python+sqlite"),
                               ("cartelera", "baseline"), ("cartelera, no answer cache", "baseline, no answer cache"),
                               ("cartelera", "hummingbird, fixed answer"), ("cartelera, no answer cache", "hummingbird, fixed answer")] {
            guard let a = rates[ours], let b = rates[theirs] else { continue }
            let ratios = QueryShapes.Shape.allCases.compactMap { shape -> String? in
                guard let a = a[shape], let b = b[shape], b > 0 else { return nil }
                return String(format: "%@ %.1f×", shape.rawValue, a / b)
            }
            print("requests per second, \(ours) / \(theirs): " + ratios.joined(separator: ", "))
        }
    }
}
