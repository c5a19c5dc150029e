/// Summary of a commit.
public struct CommitResult: Sendable, Hashable {
    /// Shards whose bytes changed and were rewritten.
    public var written: [ShardKey]
    /// Shards whose new bytes equal the file already there, so the file was left alone.
    public var unchanged: [ShardKey]
    /// Shards deleted because their new content was empty.
    public var removed: [ShardKey]
    /// Shards moved to quarantine before being rewritten, with where they went (relative to the store's root).
    public var setAside: [ShardKey: String]
    /// The store's generation after the commit; nil when it changed nothing.
    public var generation: Int?

    /// A result from its parts.
    public init(written: [ShardKey] = [], unchanged: [ShardKey] = [], removed: [ShardKey] = [], setAside: [ShardKey: String] = [:], generation: Int? = nil) {
        self.written = written
        self.unchanged = unchanged
        self.removed = removed
        self.setAside = setAside
        self.generation = generation
    }

    /// Whether the commit changed the store's content.
    public var changedContent: Bool { !written.isEmpty || !removed.isEmpty || !setAside.isEmpty }
}
