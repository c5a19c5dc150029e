import Foundation

/// What reading every shard of a store with the canonical reader alone and with `JSONDecoder` alone found.
public struct ReaderComparison: Sendable {
    /// Shards read.
    public var shards = 0
    /// Items in them (programmes, channels, venues, nights and guest lists, promotions, audience rows, news items).
    public var items = 0
    /// Shards the canonical reader refused (not in the form this build writes), by path.
    public var refused: [String] = []
    /// Shards the two readers read to different values, by path.
    public var differing: [String] = []
    /// Seconds spent in the canonical reader, and in `JSONDecoder`, reading and file access left out.
    public var canonicalSeconds = 0.0
    public var foundationSeconds = 0.0

    /// Whether every shard was read by the canonical reader to exactly the values `JSONDecoder` gives.
    public var allIdentical: Bool { refused.isEmpty && differing.isEmpty }
}

extension StoreReader {
    /// Reads every shard twice from the same bytes, with the canonical reader alone and with `JSONDecoder` alone, and
    /// compares the values; throws only when a shard cannot be read or `JSONDecoder` refuses it.
    public func compareReaders() throws(StoreError) -> ReaderComparison {
        var comparison = ReaderComparison()
        let clock = ContinuousClock()
        for key in try shardKeys() {
            guard let data = try shardData(key) else { continue }
            var canonical: ShardContent?
            let canonicalTime = clock.measure { canonical = try? ShardContent.decode(data, for: key, decoding: .canonicalOnly) }
            var foundation: Result<ShardContent, StoreError> = .failure(StoreError(kind: .corrupt, file: key.relativePath, detail: "was not read"))
            let foundationTime = clock.measure {
                do throws(StoreError) { foundation = .success(try ShardContent.decode(data, for: key, decoding: .foundation)) } catch { foundation = .failure(error) }
            }
            let expected = try foundation.get()
            comparison.shards += 1
            comparison.items += expected.itemCount
            comparison.canonicalSeconds += canonicalTime.seconds
            comparison.foundationSeconds += foundationTime.seconds
            if let canonical {
                if canonical != expected { comparison.differing.append(key.relativePath) }
            } else {
                comparison.refused.append(key.relativePath)
            }
        }
        return comparison
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    fileprivate var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
