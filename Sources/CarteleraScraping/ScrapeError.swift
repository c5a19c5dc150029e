import CarteleraFetch
import CarteleraMarkup
import CarteleraModel

/// A part of a scrape that failed, with the source, URL and cause.
public struct ScrapeError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case fetch, markup, noItems, badTime, belowSanityFloor, definition
    }

    public var kind: Kind
    public var source: SourceID
    public var url: String?
    public var message: String
    /// The fetch error behind it, kept reachable.
    public var fetchError: FetchError?
    /// The markup error behind it, kept reachable.
    public var markupError: MarkupError?

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
