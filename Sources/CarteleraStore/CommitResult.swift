/// Summary of a commit.
public struct CommitResult: Sendable, Hashable {
    /// Shards whose bytes changed and were rewritten.
    public var written: [ShardKey]
    /// Shards whose new bytes equal the file already there, so the file was left alone.
    public var unchanged: [ShardKey]
    /// Shards deleted because their new content was empty.
    public var removed: [ShardKey]

    public init(written: [ShardKey] = [], unchanged: [ShardKey] = [], removed: [ShardKey] = []) {
        self.written = written
        self.unchanged = unchanged
        self.removed = removed
    }
}
