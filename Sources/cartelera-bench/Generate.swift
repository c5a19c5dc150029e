#if canImport(Glibc)
import Glibc
#endif
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

    @Flag(name: .long, help: "Skip reading the store back (the JSON Lines check), and so the SQLite peer's load of them.")
    var skipCheck = false

    @Flag(name: .long, help: "Skip loading the JSON Lines into the SQLite peer (Bench/sqlite_load.py) after the check.")
    var noPeer = false

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
        let (total, index) = (DiskUsage(under: store), DiskUsage(under: store + "/index"))
        let shards = DiskUsage(under: store + "/tv") + DiskUsage(under: store + "/nightlife")
        print(String(format: "on disk: %.0f MB (%.0f MB of shards, %.0f MB of index, %.1f MB manifest and the rest), %.2f× SQLite's %.0f MB (BENCHMARKS.md)",
                     total.megabytes, shards.megabytes, index.megabytes, total.megabytes - shards.megabytes - index.megabytes,
                     total.megabytes / Self.peerMegabytes, Self.peerMegabytes))
        print(String(format: "  the files' own bytes (du -sb): %.0f MB (%.0f MB of shards, %.0f MB of index)",
                     total.apparentMegabytes, shards.apparentMegabytes, index.apparentMegabytes))
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
        guard !noPeer else { return }
        let peer = try SQLitePeer.load(directory: directory)
        print(String(format: "the SQLite peer (Bench/sqlite_load.py) loaded the same data from %@/jsonl into %@/peer/guide.sqlite in %.1f s, %.0f MB on disk",
                     directory, directory, peer.seconds, Double(peer.bytes) / 1e6))
        print(String(format: "beside the peer in this run: ingest %.2f× its load time (committing alone %.2f×); on disk %.2f× its size",
                     ingestSeconds / peer.seconds, report.commitSeconds / peer.seconds, total.megabytes * 1e6 / Double(peer.bytes)))
    }
}

/// What the files under a folder take on disk, as `du` counts them: the blocks allocated (`du -sB1`, "on disk") and the
/// files' own bytes (`du -sb`).
struct DiskUsage {
    var allocated: Int64 = 0
    var apparent: Int64 = 0

    /// Every file and folder under `folder`, the folder included; zero when it is missing.
    init(under folder: String) {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return }
        add(info)
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            if lstat(folder + "/" + path, &info) == 0 { add(info) }
        }
    }

    private init(allocated: Int64, apparent: Int64) {
        self.allocated = allocated
        self.apparent = apparent
    }

    private mutating func add(_ info: stat) {
        allocated += Int64(info.st_blocks) * 512
        apparent += Int64(info.st_size)
    }

    var megabytes: Double { Double(allocated) / 1e6 }
    var apparentMegabytes: Double { Double(apparent) / 1e6 }

    static func + (lhs: DiskUsage, rhs: DiskUsage) -> DiskUsage {
        DiskUsage(allocated: lhs.allocated + rhs.allocated, apparent: lhs.apparent + rhs.apparent)
    }
}
