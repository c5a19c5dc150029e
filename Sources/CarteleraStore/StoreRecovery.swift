/// What taking the writer lock found and healed after a writer that was killed.
public struct StoreRecovery: Sendable, Hashable, Codable {
    /// Temporary files of interrupted writes, removed.
    public var temporaryFilesRemoved: Int
    /// Shards whose manifest entries were brought into line with the files (an interrupted commit's, or files added or removed by hand).
    public var shardsReconciled: [String]
    /// Whether an interrupted commit's journal was found.
    public var interruptedCommit: Bool

    /// A recovery from its parts; the default found nothing.
    public init(temporaryFilesRemoved: Int = 0, shardsReconciled: [String] = [], interruptedCommit: Bool = false) {
        self.temporaryFilesRemoved = temporaryFilesRemoved
        self.shardsReconciled = shardsReconciled
        self.interruptedCommit = interruptedCommit
    }

    /// Whether anything was found.
    public var isEmpty: Bool { temporaryFilesRemoved == 0 && shardsReconciled.isEmpty && !interruptedCommit }
}
