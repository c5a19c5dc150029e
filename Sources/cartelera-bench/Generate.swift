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
        if !matches { throw BenchFailure("the store's data set G differs from the reference") }
    }
}
