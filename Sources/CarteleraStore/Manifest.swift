import CarteleraModel

/// The index of every shard in a store: item count, content hash and when it last changed, plus a generation.
///
/// The generation grows by one with every commit that changes a shard, and only then, so a reader (the
/// query index, the site, the feeds) can tell whether anything changed since a generation it has seen;
/// a rebuild compares hashes with the ones it saw last time and redoes only what changed.
public struct Manifest: Codable, Sendable, Hashable {
    /// The schema version this build writes.
    public static let currentSchemaVersion = 2
    /// The schema versions this build reads (version 1 through `ShardMigration`).
    public static let readableSchemaVersions: ClosedRange<Int> = 1...2

    /// One shard's entry.
    public struct Entry: Codable, Sendable, Hashable {
        /// Items in the shard (an audience day counts entries and shares).
        public var items: Int
        /// 64-bit FNV-1a of the file's bytes, 16 lowercase hex digits.
        public var hash: String
        /// When the shard's bytes last changed.
        public var updated: Timestamp

        /// An entry from its parts.
        public init(items: Int, hash: String, updated: Timestamp) {
            self.items = items
            self.hash = hash
            self.updated = updated
        }
    }

    /// The schema version the store was written with.
    public var schemaVersion: Int
    /// Grows by one with every commit that changes the store's content; 0 for a store never written.
    public var generation: Int
    /// Entries by the shard's relative path.
    public var shards: [String: Entry]
    /// When any shard last changed; nil for a store never written.
    public var updated: Timestamp?

    /// A manifest from its parts; the default is the empty manifest of a new store.
    public init(schemaVersion: Int = Manifest.currentSchemaVersion, generation: Int = 0, shards: [String: Entry] = [:], updated: Timestamp? = nil) {
        self.schemaVersion = schemaVersion
        self.generation = generation
        self.shards = shards
        self.updated = updated
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, generation, shards, updated
    }

    /// Decodes a manifest; one of schema version 1, which had no generation, reads as generation 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        generation = try container.decodeIfPresent(Int.self, forKey: .generation) ?? 0
        shards = try container.decode([String: Entry].self, forKey: .shards)
        updated = try container.decodeIfPresent(Timestamp.self, forKey: .updated)
    }

    /// The entry of one shard.
    public subscript(key: ShardKey) -> Entry? {
        get { shards[key.relativePath] }
        set { shards[key.relativePath] = newValue }
    }
}
