import CarteleraCore
import CarteleraModel
import Foundation
import Synchronization

/// An in-memory store, for tests of the modules that use a store.
///
/// It keeps each shard as the bytes a `FileStore` would write, so ordering, unchanged detection, manifest
/// hashes and generations behave the same; `StoreConformanceTests` holds both to one suite.
public final class MemoryStore: Store {
    private struct State {
        var shards: [ShardKey: Data] = [:]
        var manifest = Manifest()
        var sourceStates: [SourceID: SourceState] = [:]
        /// Report names and bytes, oldest first.
        var reports: [(name: String, json: [UInt8])] = []
        /// Shards set aside, by where they went.
        var quarantine: [String: Data] = [:]
        var locked = false
    }

    private let identity = UUID()
    private let state = Mutex(State())

    /// An empty store.
    public init() {}

    /// The reports kept, oldest first, for tests that check what a run reported.
    public var reports: [(name: String, json: [UInt8])] { state.withLock { $0.reports } }

    /// The shards set aside, by the name they were given, for tests that check nothing was lost.
    public var quarantine: [String: Data] { state.withLock { $0.quarantine } }

    /// Puts bytes in a shard's place as they are, for tests of what readers and writers do with a damaged shard.
    public func replaceBytes(of key: ShardKey, with bytes: Data) {
        state.withLock { $0.shards[key] = bytes }
    }

    /// The shard's bytes; nil when absent.
    public func shardData(_ key: ShardKey) throws(StoreError) -> Data? {
        state.withLock { $0.shards[key] }
    }

    /// Every shard held, in path order.
    public func shardKeys() throws(StoreError) -> [ShardKey] {
        state.withLock { $0.shards.keys.sorted() }
    }

    /// A source's saved state; nil when absent.
    public func sourceState(_ id: SourceID) throws(StoreError) -> SourceState? {
        state.withLock { $0.sourceStates[id] }
    }

    /// The manifest kept beside the shards.
    public func manifest() throws(StoreError) -> Manifest {
        state.withLock { $0.manifest }
    }

    /// A copy of the current generation: later commits do not change it.
    public func snapshot() throws(StoreError) -> any StoreSnapshot {
        state.withLock { state in
            MemoryStoreSnapshot(store: self, manifest: state.manifest, shards: state.shards, sourceStates: state.sourceStates)
        }
    }

    /// Takes the store's only lock; `.locked` while it is held. Nothing is ever left to heal in memory.
    public func lock(at time: Timestamp) throws(StoreError) -> StoreLock {
        let granted = state.withLock { state in
            defer { state.locked = true }
            return !state.locked
        }
        guard granted else {
            throw StoreError(kind: .locked, file: "memory:\(identity)", detail: "pid \(ProcessInfo.processInfo.processIdentifier)")
        }
        return StoreLock(owner: identity) { [self] in state.withLock { $0.locked = false } }
    }

    /// Replaces the named shards, skipping identical bytes and setting aside the named ones, as `FileStore` does.
    public func commit(_ shards: [ShardKey: ShardContent], setAside: Set<ShardKey>, at time: Timestamp, lock: StoreLock) throws(StoreError) -> CommitResult {
        try checkHeld(lock)
        var encoded: [ShardKey: Data] = [:]
        for (key, content) in shards {
            try content.validate(for: key)
            if !content.isEmpty { encoded[key] = try ShardCodec.encode(content, for: key) }
        }
        return state.withLock { state in
            var result = CommitResult()
            var manifest = state.manifest
            for key in setAside.sorted() {
                guard let bytes = state.shards.removeValue(forKey: key) else { continue }
                let name = "quarantine/\(ReportName.stamp(time))/\(key.relativePath)"
                state.quarantine[name] = bytes
                result.setAside[key] = name
                manifest[key] = nil
            }
            for key in shards.keys.sorted() {
                guard let bytes = encoded[key], let content = shards[key] else {
                    if state.shards.removeValue(forKey: key) != nil { result.removed.append(key) }
                    manifest[key] = nil
                    continue
                }
                if state.shards[key] == bytes {
                    result.unchanged.append(key)
                } else {
                    state.shards[key] = bytes
                    manifest[key] = Manifest.Entry(items: content.itemCount, hash: FNV1a.hex(bytes), updated: time)
                    result.written.append(key)
                }
            }
            if result.changedContent {
                manifest.generation += 1
                manifest.updated = time
                result.generation = manifest.generation
            }
            state.manifest = manifest
            return result
        }
    }

    /// Replaces a source's state.
    public func saveSourceState(_ sourceState: SourceState, lock: StoreLock) throws(StoreError) {
        try checkHeld(lock)
        state.withLock { $0.sourceStates[sourceState.source] = sourceState }
    }

    /// Forgets a source's state; a memory store's states are values, so none is ever undecodable.
    public func setAsideSourceState(_ id: SourceID, at time: Timestamp, lock: StoreLock) throws(StoreError) -> String? {
        try checkHeld(lock)
        return state.withLock { $0.sourceStates.removeValue(forKey: id) }.map { _ in "sources/\(id.rawValue).json" }
    }

    /// Keeps the report under the name `FileStore` would give it; the newest 50 stay.
    public func saveReport(_ json: [UInt8], at time: Timestamp, lock: StoreLock) throws(StoreError) -> String {
        try checkHeld(lock)
        return state.withLock { state in
            let stamp = ReportName.stamp(time)
            let copies = state.reports.filter { $0.name.hasPrefix("reports/\(stamp)") }.count
            let name = copies == 0 ? "reports/\(stamp).json" : "reports/\(stamp)-\(copies + 1).json"
            state.reports.append((name, json))
            state.reports.removeFirst(max(0, state.reports.count - FileStore.reportsKept))
            return name
        }
    }

    private func checkHeld(_ lock: StoreLock) throws(StoreError) {
        guard lock.owner == identity, lock.isHeld else {
            throw StoreError(kind: .notLocked, file: "memory:\(identity)", detail: lock.isHeld ? "the lock belongs to another store" : "the lock was released")
        }
    }
}
