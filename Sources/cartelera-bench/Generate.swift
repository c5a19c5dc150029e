import ArgumentParser
import CarteleraBench
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Foundation

/// `cartelera-bench generate [DIR]`.
struct Generate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write data set G into DIR/store through the normal commit path, then read it back as JSON Lines and check their SHA-256.")

    @Argument(help: ArgumentHelp("The folder to write (default out/bench-g); its store must be new.", valueName: "dir"))
    var directory: String = "out/bench-g"

    @Flag(name: .long, help: "Skip reading the store back (the JSON Lines check).")
    var skipCheck = false

    /// SQLite 3.40 with FTS5 and the shapes' indexes on the same data, from BENCHMARKS.md: its load time and size on disk.
    static let peerLoadSeconds = 26.0
    static let peerMegabytes = 270.0

    func run() async throws {
        print("Data set G into \(directory)/store (1,004,095 programmes, 5,000 venues)")
        let report = try DataSetGStore.ingest(into: directory + "/store")
        print(String(format: "ingest: %d programmes and %d venues in %d shards: %.1f s generating, %.1f s committing (%.1f s in all), generation %d",
                     report.programmes, report.venues, report.shards, report.generateSeconds, report.commitSeconds,
                     report.generateSeconds + report.commitSeconds, report.generation))
        let ingestSeconds = report.generateSeconds + report.commitSeconds
        print(String(format: "ingest beside SQLite's load of the same data (BENCHMARKS.md, %.0f s): %.2f× its time", Self.peerLoadSeconds,
                     ingestSeconds / Self.peerLoadSeconds))
        let store = directory + "/store"
        let (total, index) = (Self.bytes(under: store), Self.bytes(under: store + "/index"))
        let shards = Self.bytes(under: store + "/tv") + Self.bytes(under: store + "/nightlife")
        print(String(format: "on disk: %.0f MB (%.0f MB of shards, %.0f MB of index, %.1f MB manifest and the rest), %.2f× SQLite's %.0f MB (BENCHMARKS.md)",
                     Double(total) / 1e6, Double(shards) / 1e6, Double(index) / 1e6, Double(total - shards - index) / 1e6,
                     Double(total) / 1e6 / Self.peerMegabytes, Self.peerMegabytes))
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
        if !matches { throw BenchFailure("the store's data set G differs from the reference") }
    }

    /// The bytes of every file and folder under `folder` (as `du -sb` counts them); 0 when it is missing.
    static func bytes(under folder: String) -> Int64 {
        var total: Int64 = 0
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while enumerator?.nextObject() != nil {
            total += (enumerator?.fileAttributes?[.size] as? NSNumber)?.int64Value ?? 0
        }
        return total
    }
}
