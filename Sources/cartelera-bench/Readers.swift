import ArgumentParser
import CarteleraStore
import Foundation

/// `cartelera-bench readers [DIR]`: every shard of data set G read by the canonical reader and by `JSONDecoder`.
struct Readers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read every shard of data set G with the canonical reader alone and with JSONDecoder alone, and compare the values.",
        discussion: """
            Every shard of G's store (programmes, channels, venues, nights, promotions…) is read once, and its bytes decoded \
            both ways. Fails when the canonical reader refuses a shard this build wrote or reads it to other values than \
            JSONDecoder; prints the shards, the items and the time each reader took.
            """)

    @Argument(help: ArgumentHelp("The folder `cartelera-bench generate` wrote (default out/bench-g).", valueName: "dir"))
    var directory: String = "out/bench-g"

    func run() async throws {
        try BenchCommand.requireDataSetG(directory)
        let started = Date()
        let comparison = try FileStore(root: directory + "/store", creating: false).snapshot().compareReaders()
        let seconds = Date().timeIntervalSince(started)
        print(String(format: "%d shards, %d items, read both ways in %.1f s: canonical reader %.2f s, JSONDecoder %.1f s (the canonical reader takes %.3f× its time)",
                     comparison.shards, comparison.items, seconds, comparison.canonicalSeconds, comparison.foundationSeconds,
                     comparison.canonicalSeconds / comparison.foundationSeconds))
        if let first = comparison.refused.first {
            throw BenchFailure("the canonical reader refused \(comparison.refused.count) shards JSONDecoder reads, first \(first)")
        }
        if let first = comparison.differing.first {
            throw BenchFailure("the canonical reader and JSONDecoder read \(comparison.differing.count) shards to different values, first \(first)")
        }
        print("every shard read to identical values both ways")
    }
}
