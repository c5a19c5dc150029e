import CarteleraModel
import Foundation

/// The store's seam for its writer: a few requirements that `FileStore` and `MemoryStore` implement and one conformance suite checks.
///
/// Reads need no lock and see whole shards only: a shard is either its old or its new content, never half.
/// Writes need the `StoreLock` from this store's `lock()`. Merging sources is the caller's job: a commit
/// replaces each named shard with exactly the content given. Typed reads (`programmes(day:channel:)`,
/// `venues(city:)`, …) and retention are extensions built on these requirements, so both stores share them.
/// Readers that publish or answer (the site, the feeds, the API, the CLI's questions) take a `snapshot()` instead.
public protocol Store: StoreReader {
    /// The manifest; empty (generation 0) for a store never written.
    func manifest() throws(StoreError) -> Manifest
    /// A read-only view of the store's current generation; see `StoreSnapshot`.
    func snapshot() throws(StoreError) -> any StoreSnapshot

    /// Takes the exclusive writer lock (non-blocking) and heals what a killed writer left, dating any rebuilt index `time`; `.locked` names the holder when another has it.
    func lock(at time: Timestamp) throws(StoreError) -> StoreLock
    /// Writes the shards atomically, removing those given empty content, moving `setAside` shards to quarantine first; bumps the generation when anything changed.
    func commit(_ shards: [ShardKey: ShardContent], setAside: Set<ShardKey>, at time: Timestamp, lock: StoreLock) throws(StoreError) -> CommitResult
    /// Saves a source's state, replacing the previous one. Requires the lock.
    func saveSourceState(_ state: SourceState, lock: StoreLock) throws(StoreError)
    /// Moves a source's state file that cannot be decoded to quarantine and returns where it went; nil when there was none.
    func setAsideSourceState(_ id: SourceID, at time: Timestamp, lock: StoreLock) throws(StoreError) -> String?
    /// Writes a run report; returns its path (or a name for `MemoryStore`).
    func saveReport(_ json: [UInt8], at time: Timestamp, lock: StoreLock) throws(StoreError) -> String
}

extension Store {
    /// Commits shards with nothing set aside.
    public func commit(_ shards: [ShardKey: ShardContent], at time: Timestamp, lock: StoreLock) throws(StoreError) -> CommitResult {
        try commit(shards, setAside: [], at: time, lock: lock)
    }
}
