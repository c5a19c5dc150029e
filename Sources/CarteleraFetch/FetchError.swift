/// What went wrong fetching, with the URL and source.
public struct FetchError: Error, CustomStringConvertible, Sendable {
    /// The broad cause, which retry and reporting decide on.
    public enum Kind: String, Sendable {
        case timeout, connection, httpStatus, tooLarge, truncated, robotsDisallowed, invalidURL, unsupportedScheme,
            fileNotFound, decoding, cancelled, noFixture
    }

    /// The broad cause.
    public var kind: Kind
    /// The URL that was requested.
    public var url: String
    /// The HTTP method that was used.
    public var method: String
    /// The source id, when the request named one.
    public var source: String?
    /// The HTTP status, for `.httpStatus` (and the last status of a redirect loop).
    public var status: Int?
    /// What happened, in words.
    public var detail: String
    /// How many tries were made before giving up.
    public var attempts: Int
    /// How long the server asked us to wait (Retry-After), in seconds.
    public var retryAfterSeconds: Double?

    /// Creates an error.
    public init(
        _ kind: Kind,
        url: String,
        method: String = "GET",
        source: String? = nil,
        status: Int? = nil,
        detail: String,
        attempts: Int = 1,
        retryAfterSeconds: Double? = nil
    ) {
        self.kind = kind
        self.url = url
        self.method = method
        self.source = source
        self.status = status
        self.detail = detail
        self.attempts = attempts
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// Creates an error about a request, taking its URL, method and source.
    public init(_ kind: Kind, request: FetchRequest, status: Int? = nil, detail: String) {
        self.init(kind, url: request.url, method: request.method, source: request.source, status: status, detail: detail)
    }

    /// One line for a cron mail: "<source>: GET <url>: <what>".
    public var description: String {
        var line = "\(method) \(url): \(detail)"
        if attempts > 1 { line += " after \(attempts) tries" }
        if let source { line = "\(source): \(line)" }
        return line
    }
}
