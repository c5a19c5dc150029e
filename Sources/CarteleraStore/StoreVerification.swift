/// What a full check of a store found: every shard decoded and hashed, and compared with the manifest.
public struct StoreVerification: Sendable, Hashable, Codable {
    /// Shard files read.
    public var shards: Int
    /// Items in them.
    public var items: Int
    /// The manifest's generation.
    public var generation: Int
    /// Shards that do not decode as what their path holds, each with why.
    public var undecodable: [String]
    /// Shards whose manifest entry disagrees with the file (or is missing), and entries without a file.
    public var manifestMismatches: [String]
    /// Temporary files of interrupted writes.
    public var temporaryFiles: [String]
    /// Whether an interrupted commit's journal is waiting for the next writer to heal it.
    public var interruptedCommit: Bool
    /// Whether the derived index reflects the manifest's generation; nil when the store keeps no index.
    public var indexCurrent: Bool?
    /// What is wrong with each index file that does not reflect the manifest's generation (missing, behind, damaged).
    public var indexProblems: [String]
    /// Per-source state files (`sources/<id>.json`) that do not decode, each with why.
    public var sourceStates: [String]

    /// Whether nothing is wrong.
    public var isHealthy: Bool {
        undecodable.isEmpty && manifestMismatches.isEmpty && temporaryFiles.isEmpty && !interruptedCommit && indexCurrent != false
            && sourceStates.isEmpty
    }
}
