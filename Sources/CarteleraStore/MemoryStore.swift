import CarteleraCore
import CarteleraModel
import Foundation
import Synchronization

/// An in-memory store, for tests of the modules that use a store.
///
/// It keeps each shard as the bytes a `FileStore` would write, so ordering, unchanged detection and
/// manifest hashes behave the same; `StoreConformanceTests` holds both to one suite.
public final class MemoryStore: Store {
    private struct State {
        var shards: [ShardKey: Data] = [:]
        var manifest = Manifest()
        var sourceStates: [SourceID: SourceState] = [:]
        /// Report names and bytes, oldest first.
        var reports: [(name: String, json: [UInt8])] = []
        var locked = false
    }

    private let identity = UUID()
    private let state = Mutex(State())

    /// An empty store.
    public init() {}

    /// The reports kept, oldest first, for tests that check what a run reported.
    public var reports: [(name: String, json: [UInt8])] { state.withLock { $0.reports } }

    /// One channel's day, by start; [] when absent.
    public func programmes(day: Day, channel: ChannelID) throws(StoreError) -> [Programme] {
        try read(.programmes(day: day, channel: channel), as: [Programme].self) ?? []
    }

    /// Every channel of the day, channel by channel.
    public func programmes(day: Day) throws(StoreError) -> [Programme] {
        var all: [Programme] = []
        for channel in try channelsWithProgrammes(day: day) {
            all += try programmes(day: day, channel: channel)
        }
        return all
    }

    /// The channels with a shard that day, in id order.
    public func channelsWithProgrammes(day: Day) throws(StoreError) -> [ChannelID] {
        try shardKeys().compactMap { key in
            if case .programmes(day, let channel) = key { channel } else { nil }
        }
    }

    /// The days with a programme shard, oldest first.
    public func programmeDays() throws(StoreError) -> [Day] {
        Set(try shardKeys().compactMap { key in
            if case .programmes(let day, _) = key { day } else { nil }
        }).sorted()
    }

    /// Every shard held, in path order.
    public func shardKeys() throws(StoreError) -> [ShardKey] {
        state.withLock { $0.shards.keys.sorted() }
    }

    /// The channel list; [] when absent.
    public func channels() throws(StoreError) -> [Channel] {
        try read(.channels, as: [Channel].self) ?? []
    }

    /// A day's audiences; nil when absent.
    public func audiences(day: Day) throws(StoreError) -> AudienceDay? {
        try read(.audiences(day: day), as: AudienceDay.self)
    }

    /// A day's news, newest first; [] when absent.
    public func news(day: Day) throws(StoreError) -> [NewsItem] {
        try read(.news(day: day), as: [NewsItem].self) ?? []
    }

    /// A city's venues (by name or slug), in id order; [] when absent.
    public func venues(city: String) throws(StoreError) -> [Venue] {
        try read(.venues(city: Slug.make(city)), as: [Venue].self) ?? []
    }

    /// The slugs of the cities with venues, in order.
    public func venueCities() throws(StoreError) -> [String] {
        try shardKeys().compactMap { key in
            if case .venues(let city) = key { city } else { nil }
        }
    }

    /// An evening's nights and guest lists; nil when absent.
    public func nights(day: Day) throws(StoreError) -> NightsDay? {
        try read(.nights(day: day), as: NightsDay.self)
    }

    /// The evenings with nights, oldest first.
    public func nightDays() throws(StoreError) -> [Day] {
        try shardKeys().compactMap { key in
            if case .nights(let day) = key { day } else { nil }
        }
    }

    /// Every promotion, in id order; [] when absent.
    public func promotions() throws(StoreError) -> [Promotion] {
        try read(.promotions, as: [Promotion].self) ?? []
    }

    /// A source's saved state; nil when absent.
    public func sourceState(_ id: SourceID) throws(StoreError) -> SourceState? {
        state.withLock { $0.sourceStates[id] }
    }

    /// The manifest kept beside the shards.
    public func manifest() throws(StoreError) -> Manifest {
        state.withLock { $0.manifest }
    }

    /// Takes the store's only lock; `.locked` while it is held.
    public func lock() throws(StoreError) -> StoreLock {
        let granted = state.withLock { state in
            defer { state.locked = true }
            return !state.locked
        }
        guard granted else {
            throw StoreError(kind: .locked, file: "memory:\(identity)", detail: "pid \(ProcessInfo.processInfo.processIdentifier)")
        }
        return StoreLock(owner: identity) { [self] in state.withLock { $0.locked = false } }
    }

    /// Replaces the named shards, skipping identical bytes, as `FileStore` does.
    public func commit(_ shards: [ShardKey: ShardContent], at time: Timestamp, lock: StoreLock) throws(StoreError) -> CommitResult {
        try checkHeld(lock)
        var encoded: [ShardKey: Data] = [:]
        for (key, content) in shards {
            try content.validate(for: key)
            if !content.isEmpty { encoded[key] = try ShardCodec.encode(content, for: key) }
        }
        return state.withLock { state in
            var result = CommitResult()
            let before = state.manifest
            for key in shards.keys.sorted() {
                guard let bytes = encoded[key], let content = shards[key] else {
                    if state.shards.removeValue(forKey: key) != nil { result.removed.append(key) }
                    state.manifest[key] = nil
                    continue
                }
                if state.shards[key] == bytes {
                    result.unchanged.append(key)
                } else {
                    state.shards[key] = bytes
                    state.manifest[key] = Manifest.Entry(items: content.itemCount, hash: FNV1a.hex(bytes), updated: time)
                    result.written.append(key)
                }
            }
            if state.manifest != before { state.manifest.updated = time }
            return result
        }
    }

    /// Replaces a source's state.
    public func saveSourceState(_ sourceState: SourceState, lock: StoreLock) throws(StoreError) {
        try checkHeld(lock)
        state.withLock { $0.sourceStates[sourceState.source] = sourceState }
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

    private func read<Items: Codable>(_ key: ShardKey, as type: Items.Type) throws(StoreError) -> Items? {
        guard let data = state.withLock({ $0.shards[key] }) else { return nil }
        return try ShardCodec.decode(data, as: type, for: key)
    }
}
