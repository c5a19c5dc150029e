import Foundation

/// What a commit is about to change, written before its first rename and removed after its manifest.
///
/// A run killed in between leaves the journal behind; the next `lock()` re-reads exactly the shards it
/// names and brings the manifest into line, without hashing the whole store.
struct CommitJournal: Codable, Hashable {
    /// The journal's file name at the store's root.
    static let fileName = "journal.json"

    /// The generation the commit was making.
    var generation: Int
    /// The shards it writes, removes or sets aside, by relative path.
    var shards: [String]
}
