/// What went wrong while parsing or querying markup.
public struct MarkupError: Error, CustomStringConvertible, Sendable {
    /// The broad category of the failure.
    public enum Kind: String, Sendable {
        case tooLarge, empty, unparsable, invalidXPath, invalidSelector, unsupportedEncoding, hostileMarkup
        /// Elements nested deeper than the parser's limit: libxml2 stopped there, so the rest of the page is missing.
        case tooDeep
        /// The bytes are not text in the declared charset nor in any other one that could be detected.
        case undecodable
    }

    /// The category of the failure.
    public var kind: Kind
    /// A human-readable explanation, e.g. libxml2's message or the offending selector.
    public var detail: String
    /// The document's URL, when known.
    public var url: String?
    /// The 1-based line libxml2 reported, when the failure has one.
    public var line: Int?

    /// Creates an error of the given kind.
    public init(kind: Kind, detail: String, url: String? = nil, line: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.url = url
        self.line = line
    }

    /// One line naming the URL (when known), the kind, the line and the detail.
    public var description: String {
        Self.line(url: url, kind: kind.rawValue, line: line, detail: detail)
    }

    /// `<url>: <kind> (line <n>): <detail>`, the one-line shape of every error and warning of this module.
    static func line(url: String?, kind: String, line: Int?, detail: String) -> String {
        let location = line.map { " (line \($0))" } ?? ""
        let subject = url.map { "\($0): " } ?? ""
        return "\(subject)\(kind)\(location): \(detail)"
    }
}
