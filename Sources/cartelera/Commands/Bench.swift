import ArgumentParser
import CarteleraBench
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Foundation

extension Cartelera {
    /// `cartelera bench`: data set G and the query shapes of ../shared/BENCHMARKS.md.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write data set G into a store, run the query shapes q1–q5 over it, publish its feeds and website, and load its HTTP API (../shared/BENCHMARKS.md).",
            discussion: "Run them from a release build (make bench-query): debug builds are many times slower.",
            subcommands: [Generate.self, Queries.self, Feeds.self, SiteBuild.self, Serve.self])
    }
}

extension Cartelera.Bench {
    /// `cartelera bench generate [DIR]`.
    struct Generate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write data set G into DIR/store through the normal commit path, then read it back as JSON Lines and check their SHA-256.")

        @Argument(help: ArgumentHelp("The folder to write (default out/bench-g); its store must be new.", valueName: "dir"))
        var directory: String = "out/bench-g"

        @Flag(name: .long, help: "Skip reading the store back (the JSON Lines check).")
        var skipCheck = false

        func run() async throws {
            print("Data set G into \(directory)/store (1,004,095 programmes, 5,000 venues)")
            let report = try DataSetGStore.ingest(into: directory + "/store")
            print(String(format: "ingest: %d programmes and %d venues in %d shards: %.1f s generating, %.1f s committing (%.1f s in all), generation %d",
                         report.programmes, report.venues, report.shards, report.generateSeconds, report.commitSeconds,
                         report.generateSeconds + report.commitSeconds, report.generation))
            guard !skipCheck else { return }
            let started = Date()
            let hashes = try DataSetGStore.export(from: directory + "/store", into: directory + "/jsonl")
            var matches = true
            for (file, hash) in hashes.sorted(by: { $0.key < $1.key }) {
                let expected = DataSetG.referenceHashes[file] ?? ""
                matches = matches && hash == expected
                print("\(file): sha256 \(hash) \(hash == expected ? "= BENCHMARKS.md" : "≠ BENCHMARKS.md \(expected)")")
            }
            print(String(format: "read back from the store and written to %@/jsonl in %.1f s", directory, Date().timeIntervalSince(started)))
            if !matches { throw CommandFailure(description: "the store's data set G differs from the reference", status: .sourcesFailed) }
        }
    }

    /// `cartelera bench query [DIR]`.
    struct Queries: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "query",
            abstract: "Run q1–q5 over data set G: rows and fingerprints, warm p50/p99 beside a linear scan, cold times and memory.")

        @Argument(help: ArgumentHelp("The folder bench generate wrote (default out/bench-g).", valueName: "dir"))
        var directory: String = "out/bench-g"

        @Option(name: .long, help: ArgumentHelp("Warm runs per shape.", valueName: "n"))
        var runs: Int = 200

        func validate() throws {
            guard (1...100_000).contains(runs) else { throw ValidationError("--runs must be from 1 to 100000") }
        }

        func run() async throws {
            let store = directory + "/store"
            let cold = try coldRuns(store: store)
            let opened = Date()
            let engine = QueryEngine(index: try QueryIndex.open(store: store))
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
            print("\nwarm, \(runs) runs each (ms):")
            print("  shape  rows   p50      p99      scan p50  scan p99  scan/engine  cold (fresh process)")
            let results = QueryBenchmark(engine: engine, runs: runs).measure()
            for result in results {
                let coldTime = cold[result.shape].map { String(format: "%.0f ms", $0 * 1000) } ?? "—"
                print(String(format: "  %@     %5d  %7.3f  %7.3f  %8.3f  %8.3f  %8.0f×     %@%@", result.shape.rawValue, result.rows, result.p50 * 1000,
                             result.p99 * 1000, result.baselineP50 * 1000, result.baselineP99 * 1000, result.baselineP50 / max(result.p50, 1e-9),
                             coldTime, result.agreesWithBaseline ? "" : "  (differs from the scan!)"))
            }
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            var children = rusage()
            getrusage(RUSAGE_CHILDREN.rawValue, &children)
            print(String(format: "\npeak resident memory: %.0f MB for a fresh query process (the largest of the cold runs); %.0f MB for this one, which also holds the scan's records",
                         Double(children.ru_maxrss) / 1024, Double(usage.ru_maxrss) / 1024))
            if !allMatch { throw CommandFailure(description: "an answer differs from BENCHMARKS.md's reference", status: .sourcesFailed) }
            if results.contains(where: { !$0.agreesWithBaseline }) { throw CommandFailure(description: "the engine and the linear scan disagree", status: .sourcesFailed) }
        }

        /// Each shape asked once of a fresh `cartelera` process: the time from its start to its answer.
        private func coldRuns(store: String) throws -> [QueryShapes.Shape: Double] {
            let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
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
            var times: [QueryShapes.Shape: Double] = [:]
            for shape in QueryShapes.Shape.allCases {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: binary)
                process.arguments = (arguments[shape] ?? []) + ["--store", store, "--at", at, "--limit", "10000", "--json"]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                let started = Date()
                try process.run()
                process.waitUntilExit()
                times[shape] = Date().timeIntervalSince(started)
                if process.terminationStatus != 0 {
                    throw CommandFailure(description: "the cold \(shape.rawValue) run exited \(process.terminationStatus)", status: .sourcesFailed)
                }
            }
            return times
        }
    }

    /// `cartelera bench feeds [DIR]`.
    struct Feeds: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish data set G (guide.xml, its gzip and the per-channel JSON API) in a fresh process, then again with nothing changed.",
            discussion: "Prints MB/s and peak memory of each build beside the time to only read every programme, and fails when the unchanged build writes a file.")

        @Argument(help: ArgumentHelp("The folder bench generate wrote (default out/bench-g).", valueName: "dir"))
        var directory: String = "out/bench-g"

        @Flag(name: .long, help: "Skip reading every programme again with JSONDecoder alone and comparing the values.")
        var skipCheck = false

        @Flag(name: .long, help: "Only read every programme (the first line), without publishing.")
        var readOnly = false

        func run() async throws {
            let store = directory + "/store"
            let output = directory + "/public"
            let feeds = directory + "/no-feeds"
            try? FileManager.default.removeItem(atPath: output)
            try FileManager.default.createDirectory(atPath: feeds, withIntermediateDirectories: true)

            // The baseline: decoding every stored programme once, which any publisher of the store has to do.
            let fileStore = try FileStore(root: store, creating: false)
            let readStarted = Date()
            let keys = try fileStore.shardKeys().filter { if case .programmes = $0 { true } else { false } }
            var programmes = 0
            for key in keys {
                if case .programmes(let items)? = try fileStore.content(key) { programmes += items.count }
            }
            let readSeconds = Date().timeIntervalSince(readStarted)
            print(String(format: "read only: %d programmes decoded in %.2f s (%.0f programmes/s, one core)", programmes, readSeconds, Double(programmes) / readSeconds))
            if !skipCheck { try compareWithFoundation(fileStore, keys: keys, canonicalSeconds: readSeconds) }
            guard !readOnly else { return }

            for (label, mustWriteNothing) in [("cold build", false), ("unchanged rebuild", true)] {
                let (seconds, memory, report) = try build(store: store, output: output, feeds: feeds)
                let written = report.written.reduce(Int64(0)) { $0 + fileSize(output + "/" + $1) }
                let published = (report.written + report.unchanged).reduce(Int64(0)) { $0 + fileSize(output + "/" + $1) }
                print(String(format: "%@: %.1f s, %d files written (%.0f MB), %d unchanged; %.1f MB/s of published files, %.1f× the read-only time; peak memory %.0f MB",
                             label, seconds, report.written.count, Double(written) / 1e6, report.unchanged.count, Double(published) / 1e6 / seconds,
                             seconds / readSeconds, memory))
                if mustWriteNothing, !report.written.isEmpty {
                    throw CommandFailure(description: "the unchanged rebuild wrote \(report.written.count) files (\(report.written.prefix(3).joined(separator: ", "))…)", status: .sourcesFailed)
                }
            }
            print(String(format: "guide.xml %.0f MB, guide.xml.gz %.0f MB", Double(fileSize(output + "/guide.xml")) / 1e6, Double(fileSize(output + "/guide.xml.gz")) / 1e6))
        }

        struct Report: Decodable {
            var written: [String]
            var unchanged: [String]
        }

        /// Every programme shard read again by `JSONDecoder` alone, as before the canonical reader, and compared value by value.
        private func compareWithFoundation(_ store: FileStore, keys: [ShardKey], canonicalSeconds: Double) throws {
            var programmes = 0
            var foundationSeconds = 0.0
            for key in keys {
                let started = Date()
                let foundation = try store.content(key, decoding: .foundation)
                foundationSeconds += Date().timeIntervalSince(started)
                if case .programmes(let items)? = foundation { programmes += items.count }
                guard try store.content(key) == foundation else {
                    throw CommandFailure(description: "\(key): the canonical reader and JSONDecoder read different values", status: .sourcesFailed)
                }
            }
            print(String(format: "JSONDecoder alone: %d programmes in %.1f s (%.0f programmes/s); the canonical reader takes %.3f× its time; all %d shards read the same both ways",
                         programmes, foundationSeconds, Double(programmes) / foundationSeconds, canonicalSeconds / foundationSeconds, keys.count))
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
}
