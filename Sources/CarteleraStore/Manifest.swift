import CarteleraModel

/// The index of every shard in a store: item count, content hash and when it last changed.
///
/// A rebuild compares hashes with the ones it saw last time and redoes only what changed.
public struct Manifest: Codable, Sendable, Hashable {
    /// The schema version this build reads and writes.
    public static let currentSchemaVersion = 1

    /// One shard's entry.
    public struct Entry: Codable, Sendable, Hashable {
        /// Items in the shard (an audience day counts entries and shares).
        public var items: Int
        /// 64-bit FNV-1a of the file's bytes, 16 lowercase hex digits.
        public var hash: String
        /// When the shard's bytes last changed.
        public var updated: Timestamp

        public init(items: Int, hash: String, updated: Timestamp) {
            self.items = items
            self.hash = hash
            self.updated = updated
        }
    }

    public var schemaVersion: Int
    /// Entries by the shard's relative path.
    public var shards: [String: Entry]
    /// When any shard last changed; nil for a store never written.
    public var updated: Timestamp?

    public init(schemaVersion: Int = Manifest.currentSchemaVersion, shards: [String: Entry] = [:], updated: Timestamp? = nil) {
        self.schemaVersion = schemaVersion
        self.shards = shards
        self.updated = updated
    }

    /// The entry of one shard.
    public subscript(key: ShardKey) -> Entry? {
        get { shards[key.relativePath] }
        set { shards[key.relativePath] = newValue }
    }
}
