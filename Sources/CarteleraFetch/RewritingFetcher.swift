/// Sends requests for some URL prefixes elsewhere: the demo points its sample sites at the loopback server.
public struct RewritingFetcher: Fetcher {
    private let base: any Fetcher
    private let prefixes: [(from: String, to: String)]

    /// Requests whose URL starts with a key go to the same path under its value.
    public init(_ base: any Fetcher, prefixes: [String: String]) {
        self.base = base
        self.prefixes = prefixes.sorted { $0.key.count > $1.key.count }.map { ($0.key, $0.value) }
    }

    /// Fetches the request from its rewritten URL when a prefix matches, as it is otherwise.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard let match = prefixes.first(where: { request.url.hasPrefix($0.from) }) else { return try await base.fetch(request) }
        var rewritten = request
        rewritten.url = match.to + request.url.dropFirst(match.from.count)
        var response = try await base.fetch(rewritten)
        // Links in the page resolve against the site's own address, not the stand-in's.
        if response.url.hasPrefix(match.to) { response.url = match.from + response.url.dropFirst(match.to.count) }
        return response
    }
}
