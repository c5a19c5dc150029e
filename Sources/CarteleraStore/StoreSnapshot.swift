import CarteleraModel
import Foundation

/// A read-only view of one generation of a store: what the site, the feeds, the API and the command line's
/// questions read, through the query engine.
///
/// Open one from a store: `try FileStore(root: path, creating: false).snapshot()` (read-only: it creates
/// nothing and takes no lock), or `memoryStore.snapshot()` in tests. Nothing outside the store module opens a
/// store file: shards, source states and the files derived from the shards (the query index) all come through
/// here.
///
/// **One generation.** `shardKeys()` lists the shards of `generation` and `shardData(_:)` returns their bytes
/// as that generation stored them. When a later commit has replaced a shard, the read throws
/// `StoreError.superseded` instead of returning a mix of generations: take a new snapshot and start over
/// (`Store.reading(attempts:_:)` does). Source states are not part of a generation: they are read as they are.
public protocol StoreSnapshot: StoreReader, DerivedFileReader {
    /// The store generation this snapshot reads; 0 for a store never written.
    var generation: Int { get }
    /// The manifest of that generation: each shard's item count and hash, and when the store last changed.
    var manifest: Manifest { get }
    /// Where the store is, for messages: its folder, or `memory`.
    var location: String { get }
    /// Every source's saved state, by source id.
    func sourceStates() throws(StoreError) -> [SourceState]
    /// Whether a commit has made a newer generation since this snapshot was taken (cheap: one `stat` for a file store).
    func isSuperseded() -> Bool
}

extension Store {
    /// Runs `body` over a snapshot of the current generation, starting over with a newer snapshot when a commit
    /// supersedes it mid-read, `attempts` times at most; the last attempt's error is thrown.
    public func reading<T>(attempts: Int = 3, _ body: (any StoreSnapshot) throws -> T) throws -> T {
        var attempt = 1
        while true {
            do {
                return try body(try snapshot())
            } catch let error as StoreError where error.kind == .superseded && attempt < attempts {
                attempt += 1
            }
        }
    }
}
