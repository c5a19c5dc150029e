/// Limits requests per host: at most N in flight, and a minimum delay between starts.
///
/// Hosts are told apart by host and port; file URLs pass straight through. A request's policy can make
/// its host more polite for the rest of the run (a longer delay, fewer slots), never less.
public struct ThrottlingFetcher: Fetcher {
    private let base: any Fetcher
    private let gate: HostGate

    /// Wraps `base` with `concurrencyPerHost` slots (at least 1) and `delaySeconds` between starts per host.
    public init(base: any Fetcher, concurrencyPerHost: Int = 2, delaySeconds: Double = 1) {
        self.base = base
        self.gate = HostGate(concurrency: concurrencyPerHost, delaySeconds: delaySeconds)
    }

    /// Raises the delay between starts for one host ("host:port"), as a robots.txt Crawl-delay asks.
    public func raiseDelay(to seconds: Double, forHost host: String) {
        gate.tighten(host, delaySeconds: seconds, concurrency: nil)
    }

    /// Waits for a slot and the host's next start time, then fetches.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard let parts = RequestURL(request.url), parts.scheme != "file", !parts.authority.isEmpty else {
            return try await base.fetch(request)
        }
        await gate.enter(parts.authority, policy: request.policy)
        defer { gate.leave(parts.authority) }
        guard !Task.isCancelled else { throw FetchError(.cancelled, request: request, detail: "cancelled") }
        return try await base.fetch(request)
    }
}
