import ArgumentParser
import CarteleraBench
import CarteleraCore
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

    @Flag(name: .long, help: "Skip reading every programme again with JSONDecoder alone and comparing the values.")
    var skipCheck = false

    @Flag(name: .long, help: "Only read every programme (the first line), without publishing.")
    var readOnly = false

    @Option(name: .long, help: ArgumentHelp("Also time this `cartelera` binary's two builds, on its own copy of G (--baseline-data), and print the ratios.",
                                            valueName: "binary"))
    var baseline: String?

    @Option(name: .long, help: ArgumentHelp("The baseline's copy of data set G (its query index may be of another format).", valueName: "dir"))
    var baselineData: String?

    func validate() throws {
        if (baseline == nil) != (baselineData == nil) { throw ValidationError("--baseline and --baseline-data go together") }
    }

    func run() async throws {
        try BenchCommand.requireDataSetG(directory)
        let store = directory + "/store"
        let output = directory + "/public"
        let feeds = directory + "/no-feeds"

        // The baseline: decoding every stored programme once, which any publisher of the store has to do, through a store
        // snapshot as every reader does. Beside it, the same shards read straight from the files with no check, and with
        // each one hashed against the manifest (a check by hash alone): each way twice, in turn, the faster kept.
        let fileStore = try FileStore(root: store, creating: false)
        let snapshot = try fileStore.snapshot()
        let keys = try snapshot.shardKeys().filter { if case .programmes = $0 { true } else { false } }
        let ways: [(String, (ShardKey) throws -> ShardContent?)] = [
            ("through a store snapshot", { key in try snapshot.content(key) }),
            ("straight from the files", { key in try fileStore.content(key) }),
            ("from the files, each hashed against the manifest", { key in try HashCheckingReader(store: fileStore, manifest: snapshot.manifest).content(key) }),
        ]
        var best = Array(repeating: Double.infinity, count: ways.count)
        var programmes = 0
        for _ in 0..<2 {
            for (position, way) in ways.enumerated() {
                let started = Date()
                programmes = 0
                for key in keys {
                    if case .programmes(let items)? = try way.1(key) { programmes += items.count }
                }
                best[position] = min(best[position], Date().timeIntervalSince(started))
            }
        }
        let readSeconds = best[0]
        for (position, way) in ways.enumerated() {
            print(String(format: "read only: %d programmes decoded in %.2f s (%.0f programmes/s, one core), %@; %.2f× the time through the snapshot",
                         programmes, best[position], Double(programmes) / best[position], way.0, best[position] / readSeconds))
        }
        if !skipCheck { try compareWithFoundation(snapshot, keys: keys, canonicalSeconds: readSeconds) }
        // Up to here only the shards were read: a read-only run leaves DIR as it found it.
        guard !readOnly else { return }

        BenchCommand.warnUnlessIndexIsUsed(directory)
        try? FileManager.default.removeItem(atPath: output)
        try FileManager.default.createDirectory(atPath: feeds, withIntermediateDirectories: true)

        var seconds: [Double] = []
        for (label, mustWriteNothing) in [("cold build", false), ("unchanged rebuild", true)] {
            let (elapsed, memory, report) = try build(store: store, output: output, feeds: feeds)
            seconds.append(elapsed)
            let written = report.written.reduce(Int64(0)) { $0 + fileSize(output + "/" + $1) }
            let published = (report.written + report.unchanged).reduce(Int64(0)) { $0 + fileSize(output + "/" + $1) }
            print(String(format: "%@: %.2f s, %d files written (%.0f MB), %d unchanged; %.1f MB/s of published files, %.1f× the read-only time; peak memory %.0f MB",
                         label, elapsed, report.written.count, Double(written) / 1e6, report.unchanged.count, Double(published) / 1e6 / elapsed,
                         elapsed / readSeconds, memory))
            if mustWriteNothing, !report.written.isEmpty {
                throw BenchFailure("the unchanged rebuild wrote \(report.written.count) files (\(report.written.prefix(3).joined(separator: ", "))…)")
            }
        }
        print(String(format: "guide.xml %.0f MB, guide.xml.gz %.0f MB", Double(fileSize(output + "/guide.xml")) / 1e6, Double(fileSize(output + "/guide.xml.gz")) / 1e6))
        if let baseline, let baselineData { try compare(with: baseline, data: baselineData, seconds: seconds) }
    }

    /// The same two builds by another binary, on its own copy of G, and this binary's time as a ratio of its time.
    private func compare(with binary: String, data: String, seconds: [Double]) throws {
        try BenchCommand.requireDataSetG(data)
        let output = data + "/public"
        let feeds = data + "/no-feeds"
        try? FileManager.default.removeItem(atPath: output)
        try FileManager.default.createDirectory(atPath: feeds, withIntermediateDirectories: true)
        for (index, label) in ["cold build", "unchanged rebuild"].enumerated() {
            let run = try TimedBuild.run(["--only", "feeds", "--store", data + "/store", "--output", output, "--feeds", feeds], binary: binary)
            let report = try JSONDecoder().decode(Report.self, from: run.report)
            print(String(format: "baseline %@: %.2f s, %d files written, %d unchanged; this build takes %.3f× its time",
                         label, run.seconds, report.written.count, report.unchanged.count, seconds[index] / run.seconds))
        }
    }

    struct Report: Decodable {
        var written: [String]
        var unchanged: [String]
    }

    /// Every programme shard read again by `JSONDecoder` alone, as before the canonical reader, and compared value by value.
    private func compareWithFoundation(_ store: some StoreReader, keys: [ShardKey], canonicalSeconds: Double) throws {
        var programmes = 0
        var foundationSeconds = 0.0
        for key in keys {
            let started = Date()
            let foundation = try store.content(key, decoding: .foundation)
            foundationSeconds += Date().timeIntervalSince(started)
            if case .programmes(let items)? = foundation { programmes += items.count }
            guard try store.content(key) == foundation else {
                throw BenchFailure("\(key): the canonical reader and JSONDecoder read different values")
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

/// A store's files read as they are, each shard's bytes hashed and compared with a manifest's hash for it.
private struct HashCheckingReader: StoreReader {
    let store: FileStore
    let manifest: Manifest

    func shardData(_ key: ShardKey) throws(StoreError) -> Data? {
        let data = try store.shardData(key)
        guard data.map(FNV1a.hex) == manifest[key]?.hash else {
            throw StoreError(kind: .corrupt, file: key.relativePath, detail: "differs from the manifest")
        }
        return data
    }

    func shardKeys() throws(StoreError) -> [ShardKey] { try store.shardKeys() }

    func sourceState(_ id: SourceID) throws(StoreError) -> SourceState? { try store.sourceState(id) }
}
