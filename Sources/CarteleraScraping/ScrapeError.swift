import CarteleraFetch
import CarteleraMarkup
import CarteleraModel

/// A part of a scrape that failed, with the source, URL and cause.
public struct ScrapeError: Error, Sendable, CustomStringConvertible {
    /// The kinds of failure a part of a scrape can have.
    public enum Kind: String, Sendable {
        case fetch, markup, json, noItems, badTime, belowSanityFloor, definition
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// The source that failed.
    public var source: SourceID
    /// The URL at fault, when there is one.
    public var url: String?
    /// What went wrong.
    public var message: String
    /// The fetch error behind it, kept reachable.
    public var fetchError: FetchError?
    /// The markup error behind it, kept reachable.
    public var markupError: MarkupError?

    /// An error for a source, with its URL and underlying error when known.
    public init(kind: Kind, source: SourceID, url: String? = nil, message: String, fetchError: FetchError? = nil, markupError: MarkupError? = nil) {
        self.kind = kind
        self.source = source
        self.url = url
        self.message = message
        self.fetchError = fetchError
        self.markupError = markupError
    }

    static func fetch(_ error: FetchError, source: SourceID) -> ScrapeError {
        ScrapeError(kind: .fetch, source: source, url: error.url, message: error.description, fetchError: error)
    }

    static func markup(_ error: MarkupError, source: SourceID, url: String) -> ScrapeError {
        ScrapeError(kind: .markup, source: source, url: url, message: error.description, markupError: error)
    }

    /// One line naming the source (and URL when the message does not already).
    public var description: String {
        if message.hasPrefix(source.rawValue) { return message }
        if let url, !message.contains(url) { return "\(source): \(url): \(message)" }
        return "\(source): \(message)"
    }
}
