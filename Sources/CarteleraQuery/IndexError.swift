/// What went wrong reading or building the query index, naming the file.
public struct IndexError: Error, CustomStringConvertible, Sendable {
    /// The kinds of failure.
    public enum Kind: String, Sendable {
        /// The file is not a whole index: it is rebuilt from the shards.
        case corrupt
        /// The file is an index of another format version (an older release's): it is rebuilt from the shards.
        case format
        /// The file is not there.
        case missing
        /// The system refused a read.
        case io
    }

    /// What went wrong.
    public var kind: Kind
    /// The index file, when one is concerned.
    public var file: String?
    /// What happened, in words.
    public var detail: String

    /// An error from its parts.
    public init(kind: Kind, file: String?, detail: String) {
        self.kind = kind
        self.file = file
        self.detail = detail
    }

    /// One line naming the file.
    public var description: String {
        "index: \(file ?? "query index"): \(detail)"
    }
}
