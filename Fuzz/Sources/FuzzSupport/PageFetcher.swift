import CarteleraFetch
import Synchronization

/// Answers requests with the same page, as a site serving the fuzzed bytes at every URL would.
///
/// Listing pages, further pages and detail pages all get the input, so one input reaches every reader of a
/// definition without files on disk. Only the first `maxPages` requests are answered: a definition with detail
/// pages would otherwise parse the page once per row, and the requests after those see an HTTP 404, which
/// exercises the scrapers' failure paths too.
public final class PageFetcher: Fetcher {
    private let body: [UInt8]
    private let contentType: String
    private let maxPages: Int
    private let served = Mutex(0)

    /// A fetcher serving `body` with `contentType` for the first `maxPages` requests.
    public init(body: [UInt8], contentType: String, maxPages: Int = 4) {
        self.body = body
        self.contentType = contentType
        self.maxPages = maxPages
    }

    /// The page, whatever was asked for, while pages are left; a 404 after that.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let count = served.withLock { served in
            served += 1
            return served
        }
        guard count <= maxPages else { throw FetchError(.httpStatus, request: request, status: 404, detail: "HTTP 404") }
        return FetchResponse(url: request.url, status: 200, headers: ["Content-Type": contentType], body: body)
    }
}
