import CarteleraModel
import Foundation

/// One generation of a `MemoryStore`: a copy of its shards and source states, which later commits leave alone.
///
/// It keeps no derived files, so the query engine builds its index from the shards.
public struct MemoryStoreSnapshot: StoreSnapshot {
    /// The manifest of the generation copied.
    public let manifest: Manifest
    private let store: MemoryStore
    private let shards: [ShardKey: Data]
    private let states: [SourceID: SourceState]

    init(store: MemoryStore, manifest: Manifest, shards: [ShardKey: Data], sourceStates: [SourceID: SourceState]) {
        self.store = store
        self.manifest = manifest
        self.shards = shards
        states = sourceStates
    }

    /// The generation copied.
    public var generation: Int { manifest.generation }

    /// `memory`.
    public var location: String { "memory" }

    /// The shards copied, in path order.
    public func shardKeys() throws(StoreError) -> [ShardKey] { shards.keys.sorted() }

    /// A shard's bytes as copied.
    public func shardData(_ key: ShardKey) throws(StoreError) -> Data? { shards[key] }

    /// A source's state as copied.
    public func sourceState(_ id: SourceID) throws(StoreError) -> SourceState? { states[id] }

    /// Every source's state as copied, by id.
    public func sourceStates() throws(StoreError) -> [SourceState] {
        states.values.sorted { $0.source.rawValue < $1.source.rawValue }
    }

    /// Nothing: a memory store keeps no derived files.
    public func derivedFile(_ name: String) throws(StoreError) -> MappedFile? { nil }

    /// Whether the store has committed a newer generation.
    public func isSuperseded() -> Bool {
        (try? store.manifest().generation) != generation
    }
}
