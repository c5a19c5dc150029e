/// Something a parse got past that may have changed the text: a charset that had to be re-detected, bytes
/// replaced with U+FFFD, NUL bytes replaced. The document is complete, but its text may differ from the page's.
public struct MarkupWarning: CustomStringConvertible, Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable {
        /// The declared charset does not fit the bytes; another one was detected and used.
        case charsetMismatch
        /// Nothing usable was declared and the bytes are not UTF-8, so windows-1252 was assumed.
        case charsetGuessed
        /// A declared charset label this module does not know, or cannot convert from, was ignored.
        case unknownCharset
        /// Byte sequences invalid in the charset used were replaced with U+FFFD.
        case invalidBytesReplaced
        /// NUL bytes, which would end libxml2's reading early, were replaced with U+FFFD.
        case nulBytesReplaced
    }

    /// What happened.
    public var kind: Kind
    /// The sentence that explains it, without the URL, e.g. "3 invalid UTF-8 sequences replaced with U+FFFD".
    public var detail: String
    /// The document's URL, when known.
    public var url: String?
    /// How many bytes or sequences were affected, when that is countable.
    public var count: Int?
    /// The byte offset in the body (as received) of the first affected byte.
    public var offset: Int?
    /// The 1-based line of the first affected byte.
    public var line: Int?

    /// Creates a warning.
    public init(kind: Kind, detail: String, url: String? = nil, count: Int? = nil, offset: Int? = nil, line: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.url = url
        self.count = count
        self.offset = offset
        self.line = line
    }

    /// One line naming the URL (when known), the kind, the line and the detail, shaped like `MarkupError`'s.
    public var description: String {
        MarkupError.line(url: url, kind: kind.rawValue, line: line, detail: detail)
    }
}
