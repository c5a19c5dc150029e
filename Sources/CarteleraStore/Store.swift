import CarteleraModel

/// The read/write interface of a store; FileStore and MemoryStore implement it and answer to one conformance suite.
///
/// Reads need no lock and see whole shards only: a shard is either its old or its new content, never half.
/// Writes need the `StoreLock` from this store's `lock()`. Merging sources is the caller's job: a commit
/// replaces each named shard with exactly the content given.
public protocol Store: Sendable {
    /// The programmes of one channel on one UTC day, by start; [] when absent.
    func programmes(day: Day, channel: ChannelID) throws(StoreError) -> [Programme]
    /// The programmes of every channel on one UTC day, channel by channel.
    func programmes(day: Day) throws(StoreError) -> [Programme]
    /// The channels with a programme shard on that day, in id order.
    func channelsWithProgrammes(day: Day) throws(StoreError) -> [ChannelID]
    /// The UTC days with at least one programme shard, oldest first.
    func programmeDays() throws(StoreError) -> [Day]
    /// Every shard present, in path order.
    func shardKeys() throws(StoreError) -> [ShardKey]
    /// The channel list; [] when absent.
    func channels() throws(StoreError) -> [Channel]
    /// A day's audiences; nil when absent.
    func audiences(day: Day) throws(StoreError) -> AudienceDay?
    /// A day's news, newest first; [] when absent.
    func news(day: Day) throws(StoreError) -> [NewsItem]
    /// The venues of a city (its name or slug), in id order, those not seen lately included; [] when absent.
    func venues(city: String) throws(StoreError) -> [Venue]
    /// The slugs of the cities with a venue shard, in order.
    func venueCities() throws(StoreError) -> [String]
    /// An evening's nights and guest lists; nil when absent.
    func nights(day: Day) throws(StoreError) -> NightsDay?
    /// The evenings with a nights shard, oldest first.
    func nightDays() throws(StoreError) -> [Day]
    /// Every promotion, in id order, each with its paid flag; [] when absent.
    func promotions() throws(StoreError) -> [Promotion]
    /// A source's state from its last runs; nil for a source never saved.
    func sourceState(_ id: SourceID) throws(StoreError) -> SourceState?
    /// The manifest; empty for a store never written.
    func manifest() throws(StoreError) -> Manifest

    /// Takes the exclusive writer lock (non-blocking): throws StoreError.locked naming the holder's pid when another process (or another FileStore instance) holds it.
    func lock() throws(StoreError) -> StoreLock
    /// Writes shards atomically (each file: temp in the same dir, write, fsync, rename, fsync the dir), then the manifest last. An empty content removes the shard. Requires the lock.
    func commit(_ shards: [ShardKey: ShardContent], at time: Timestamp, lock: StoreLock) throws(StoreError) -> CommitResult
    /// Saves a source's state, replacing the previous one. Requires the lock.
    func saveSourceState(_ state: SourceState, lock: StoreLock) throws(StoreError)
    /// Writes a run report; returns its path (or a name for MemoryStore).
    func saveReport(_ json: [UInt8], at time: Timestamp, lock: StoreLock) throws(StoreError) -> String
    /// Deletes programme shards older than `programmeDays` and audience, news and nights shards older than `audienceDays` (default 14) before `now`'s UTC day, and drops promotions that ended more than `promotionGraceDays` ago.
    func applyRetention(now: Timestamp, programmeDays: Int, audienceDays: Int, lock: StoreLock) throws(StoreError) -> [ShardKey]
}
