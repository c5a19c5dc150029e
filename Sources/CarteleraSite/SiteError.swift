import CarteleraStore

/// A site build's failure: the templates, the store or a file, named.
public struct SiteError: Error, CustomStringConvertible, Sendable {
    /// What kind of thing failed.
    public enum Kind: String, Sendable {
        /// The `Web/` folder is missing or holds a template, label file or asset that cannot be used.
        case web
        /// The store or one of its files cannot be read.
        case store
        /// A page or file of the output folder cannot be written or removed.
        case output
    }

    /// What kind of thing failed.
    public var kind: Kind
    /// The file or folder at fault.
    public var file: String
    /// What went wrong, in a sentence that says what to do when there is something to do.
    public var message: String

    /// An error about `file`.
    public init(_ kind: Kind, file: String, _ message: String) {
        self.kind = kind
        self.file = file
        self.message = message
    }

    /// A store read's failure, naming the store file (under `location`, the store's folder).
    init(_ error: StoreError, in location: String) {
        self.init(.store, file: error.file ?? location, error.detail)
        isSuperseded = error.kind == .superseded
    }

    /// True when a commit replaced the snapshot being published: build again from a new one.
    public var isSuperseded = false

    /// One line: `Web/templates/home.mustache: …`.
    public var description: String { "\(file): \(message)" }
}
