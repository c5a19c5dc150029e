import CarteleraCore
import Logging

/// Logs every request once, at info: method, URL, status, whether a 304 was answered from the cache,
/// bytes, milliseconds and tries; or what failed.
///
/// The pipeline puts it inside the throttle and outside the retries, so each request is one line, robots.txt
/// included, and its milliseconds count the transfer and its retries, not the wait for the host's slot.
public struct LoggingFetcher: Fetcher {
    private let base: any Fetcher
    private let logger: Logger

    /// Wraps `base`, logging through `logger`.
    public init(base: any Fetcher, logger: Logger) {
        self.base = base
        self.logger = logger
    }

    /// Fetches, then logs the response or the error.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let started = ContinuousClock.now
        do {
            let response = try await base.fetch(request)
            logger.info("fetched", metadata: Self.metadata(request, started: started, response: response))
            return response
        } catch {
            logger.info("fetch failed", metadata: Self.metadata(request, started: started, error: error))
            throw error
        }
    }

    private static func metadata(_ request: FetchRequest, started: ContinuousClock.Instant, response: FetchResponse) -> Logger.Metadata {
        var metadata = common(request, started: started, attempts: response.attempts)
        metadata["http.status"] = "\(response.status)"
        metadata["fetch.from_cache"] = "\(response.fromCache)"
        metadata["fetch.bytes"] = "\(response.bytesTransferred)"
        metadata["fetch.body_bytes"] = "\(response.body.count)"
        return metadata
    }

    private static func metadata(_ request: FetchRequest, started: ContinuousClock.Instant, error: FetchError) -> Logger.Metadata {
        var metadata = common(request, started: started, attempts: error.attempts)
        if let status = error.status { metadata["http.status"] = "\(status)" }
        metadata["fetch.failure"] = "\(error.kind.rawValue)"
        metadata["fetch.error"] = "\(error.detail)"
        return metadata
    }

    private static func common(_ request: FetchRequest, started: ContinuousClock.Instant, attempts: Int) -> Logger.Metadata {
        let elapsed = started.duration(to: .now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        var metadata: Logger.Metadata = [
            "http.method": "\(request.method.uppercased())", "http.url": "\(request.url)",
            "fetch.ms": "\(Checked.milliseconds(seconds))", "fetch.attempts": "\(attempts)",
        ]
        if let source = request.source { metadata["source.id"] = "\(source)" }
        if let label = request.label { metadata["fetch.label"] = "\(label)" }
        return metadata
    }
}
