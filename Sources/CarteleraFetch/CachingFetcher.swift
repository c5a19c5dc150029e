import Logging

/// Conditional GETs against an on-disk `HTTPCache`, so unchanged pages cost only a 304.
///
/// A stored page is revalidated with If-None-Match / If-Modified-Since; on 304 its body is returned
/// with `fromCache` set and `bytesTransferred` counting the 304 alone. 200 responses carrying an
/// ETag or Last-Modified are stored; `Cache-Control: no-store` is respected. A cache file that is cut short
/// or garbled is logged, removed and treated as a miss.
public struct CachingFetcher: Fetcher {
    private let base: any Fetcher
    private let cache: HTTPCache
    private let logger: Logger

    /// Wraps `base` with the given cache.
    public init(base: any Fetcher, cache: HTTPCache, logger: Logger = Logger(label: "cartelera.fetch")) {
        self.base = base
        self.cache = cache
        self.logger = logger
    }

    /// Fetches, revalidating a stored copy when there is one.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let callerValidates = request.headers.keys.contains {
            ["if-none-match", "if-modified-since"].contains($0.lowercased())
        }
        guard request.method.uppercased() == "GET", !callerValidates else { return try await base.fetch(request) }

        let cached: HTTPCache.Entry?
        switch cache.lookup(request) {
        case .hit(let entry):
            cached = entry
        case .miss:
            cached = nil
        case .unreadable(let reason):
            cached = nil
            logger.info(
                "cache file unreadable, removed; fetching afresh",
                metadata: ["http.url": "\(request.url)", "cache.file": "\(cache.path(for: request))", "cache.error": "\(reason)"])
        }
        var conditional = request
        if let etag = cached?.etag { conditional.headers["If-None-Match"] = etag }
        if let lastModified = cached?.lastModified { conditional.headers["If-Modified-Since"] = lastModified }
        let response = try await base.fetch(conditional)

        if response.status == 304, let cached {
            var headers = cached.headers
            headers.merge(response.headers) { _, fresh in fresh }
            headers["content-length"] = cached.headers["content-length"]
            let entry = HTTPCache.Entry(url: cached.url, status: cached.status, headers: headers, body: cached.body)
            if entry.etag != cached.etag || entry.lastModified != cached.lastModified { store(entry, for: request) }
            return FetchResponse(
                url: response.url, status: cached.status, headers: headers, body: cached.body, fromCache: true,
                bytesTransferred: response.bytesTransferred, attempts: response.attempts)
        }
        let noStore = response.headers["cache-control"]?.lowercased().contains("no-store") ?? false
        if response.status == 200, !noStore, response.headers["etag"] != nil || response.headers["last-modified"] != nil {
            store(
                HTTPCache.Entry(url: response.url, status: response.status, headers: response.headers, body: response.body),
                for: request)
        }
        return response
    }

    /// Stores, logging instead of failing: a cache that cannot be written must not lose the page.
    private func store(_ entry: HTTPCache.Entry, for request: FetchRequest) {
        do {
            try cache.store(entry, for: request)
        } catch {
            logger.info("cache not written", metadata: ["http.url": "\(request.url)", "fetch.error": "\(error)", "cache.directory": "\(cache.directory)"])
        }
    }
}
