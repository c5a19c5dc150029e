/// What taking the writer lock found and healed after a writer that was killed.
public struct StoreRecovery: Sendable, Hashable, Codable {
    /// Temporary files of interrupted writes, removed.
    public var temporaryFilesRemoved: Int
    /// Shards whose manifest entries were brought into line with the files (an interrupted commit's, or files added or removed by hand).
    public var shardsReconciled: [String]
    /// Whether an interrupted commit's journal was found.
    public var interruptedCommit: Bool
    /// Whether the query index was missing, stale or damaged and was rebuilt from the shards.
    public var indexRebuilt: Bool

    /// A recovery from its parts; the default found nothing.
    public init(temporaryFilesRemoved: Int = 0, shardsReconciled: [String] = [], interruptedCommit: Bool = false, indexRebuilt: Bool = false) {
        self.temporaryFilesRemoved = temporaryFilesRemoved
        self.shardsReconciled = shardsReconciled
        self.interruptedCommit = interruptedCommit
        self.indexRebuilt = indexRebuilt
    }

    /// Whether anything was found.
    public var isEmpty: Bool { temporaryFilesRemoved == 0 && shardsReconciled.isEmpty && !interruptedCommit && !indexRebuilt }
}
