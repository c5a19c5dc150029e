/// The character set a document was decoded with and where that came from.
public struct DetectedCharset: Sendable, Hashable {
    /// Where the charset decision came from.
    public enum Origin: String, Sendable {
        case header, byteOrderMark, metaTag, xmlDeclaration, utf8Valid, fallback
    }

    /// The canonical name, e.g. "UTF-8" or "windows-1252".
    public var name: String
    /// Which evidence decided the charset.
    public var origin: Origin

    /// Creates a charset record.
    public init(name: String, origin: Origin) {
        self.name = name
        self.origin = origin
    }
}
