import CarteleraModel
import Foundation

/// What every read of a store goes through: shard bytes, the shards present, and the sources' saved states.
///
/// A writer's `Store` and a reader's `StoreSnapshot` are both readers, so the typed reads built on these three
/// requirements (`programmes(day:channel:)`, `venues(city:)`, … in `StoreReader+Typed.swift`) serve both.
public protocol StoreReader: Sendable {
    /// The bytes of a shard as stored; nil when it is absent.
    func shardData(_ key: ShardKey) throws(StoreError) -> Data?
    /// Every shard present, in path order.
    func shardKeys() throws(StoreError) -> [ShardKey]
    /// A source's state from its last runs; nil for a source never saved.
    func sourceState(_ id: SourceID) throws(StoreError) -> SourceState?
}

/// Reads the files derived from the shards (the query index) that a store keeps beside them.
public protocol DerivedFileReader: Sendable {
    /// A derived file (`programmes.idx`, `state.json`…), mapped read-only; nil when absent.
    func derivedFile(_ name: String) throws(StoreError) -> MappedFile?
}
