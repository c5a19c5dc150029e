import CarteleraStore

/// Why a store's index files were not used, so that its query index was built in memory from the shards.
public struct IndexFallback: Sendable, Hashable, CustomStringConvertible {
    /// The file at fault in the store's `index/` folder (`programmes.idx`, `state.json`).
    public var file: String
    /// Why it was not used, in words: "missing or unreadable", "of format CARTIDX4; this release reads CARTIDX5".
    public var reason: String
    /// Whether every open builds the index again until the files are rewritten; false for a commit caught writing them,
    /// which the next open finds done.
    public var lasts: Bool

    /// A fallback from its parts.
    public init(file: String, reason: String, lasts: Bool) {
        self.file = file
        self.reason = reason
        self.lasts = lasts
    }

    /// The fallback for a file that could not be read as an index: it lasts until the file is rewritten.
    init(_ error: IndexError, file: String) {
        let reason = switch error.kind {
        case .missing, .format: error.detail
        case .corrupt: "damaged: \(error.detail)"
        case .io: "unreadable: \(error.detail)"
        }
        self.init(file: file, reason: reason, lasts: true)
    }

    /// The file and the reason.
    public var description: String { "\(file): \(reason)" }

    /// The line that tells the operator of the store at `store` which file is not used and why, what that costs and the
    /// command that ends it.
    public func notice(store: String) -> String {
        "query index \(store)/\(FileStore.derivedFolder)/\(file) not used (\(reason)): every command builds the index from the "
            + "shards in memory, slow on a large store; run `cartelera store reindex --store \(store)` once to write it"
    }

    /// The environment variable a process sets for the `cartelera` processes it starts once it has given the notice
    /// itself (a benchmark timing many of them), so that they keep quiet about it.
    public static let noticeGivenVariable = "CARTELERA_INDEX_NOTICE_GIVEN"
}
