/// What went wrong in the store, naming the file.
public struct StoreError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The kinds of failure, each with its own advice in `description`.
    public enum Kind: String, Sendable {
        /// Another run holds the writer lock.
        case locked
        /// A file is not what the store wrote: invalid JSON, truncated, wrong kind or schema version.
        case corrupt
        /// The manifest was written by a store of another schema version.
        case schemaMismatch
        /// The system refused a read, write, rename or sync.
        case io
        /// A write was given a lock that is released or belongs to another store.
        case notLocked
        /// A commit was given content that does not belong in the shard it names.
        case invalidContent
        /// A snapshot's generation was replaced by a commit while it was read: read again from a new snapshot.
        case superseded
    }

    /// What went wrong.
    public var kind: Kind
    /// The file, relative to the store's root when it is inside it; the root itself for `locked`.
    public var file: String?
    /// What happened, in words.
    public var detail: String

    /// An error from its parts.
    public init(kind: Kind, file: String?, detail: String) {
        self.kind = kind
        self.file = file
        self.detail = detail
    }

    /// One line for a cron mail, saying what to do where there is something to do.
    public var description: String {
        let name = file ?? "store"
        switch kind {
        case .locked:
            return "store \(name) is locked by another run (\(detail))"
        case .corrupt:
            return "store: \(name) is corrupt: \(detail) (move it aside or delete it; the next run rewrites it)"
        case .schemaMismatch:
            return "store: \(name) \(detail) (use a cartelera that reads it, or point --store at another folder)"
        case .io:
            return "store: \(name): \(detail)"
        case .notLocked:
            return "store: \(name): \(detail) (take the lock with lock() on this store first)"
        case .invalidContent:
            return "store: \(name): \(detail)"
        case .superseded:
            return "store: \(name): \(detail) (a run committed while it was read; read again)"
        }
    }
}
