/// A failure to write, sync or put a published file in place, naming the file (never its temp file).
public struct OutputError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The file being written, or the folder being synced.
    public var file: String
    /// What the system refused, in words.
    public var detail: String

    /// An error about `file`.
    public init(file: String, detail: String) {
        self.file = file
        self.detail = detail
    }

    /// One line: `out/public/guide.xml: cannot sync: No space left on device`.
    public var description: String { "\(file): \(detail)" }
}
