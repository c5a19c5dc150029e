import CarteleraCore
import Logging

/// Retries timeouts, connection failures, truncated bodies, 5xx, 429 and 408, with exponential backoff.
///
/// A Retry-After header (seconds or HTTP-date) replaces the backoff, up to `maxRetryAfterSeconds`.
/// The sleep is injected so tests can record delays instead of waiting them out.
public struct RetryingFetcher: Fetcher {
    private let base: any Fetcher
    private let maxRetries: Int
    private let backoffBaseSeconds: Double
    private let maxBackoffSeconds: Double
    private let maxRetryAfterSeconds: Double
    private let logger: Logger
    private let sleep: @Sendable (Double) async -> Void

    /// Wraps `base`; `maxRetries` counts tries after the first. Values are held to safe bounds:
    /// at most 20 retries, waits of 0 to a day, and a NaN wait replaced by the engine default.
    public init(
        base: any Fetcher,
        maxRetries: Int = 3,
        backoffBaseSeconds: Double = 1,
        maxBackoffSeconds: Double = 30,
        maxRetryAfterSeconds: Double = 120,
        logger: Logger = Logger(label: "cartelera.fetch"),
        sleep: @escaping @Sendable (Double) async -> Void = RetryingFetcher.taskSleep
    ) {
        let engine = FetchConfiguration()
        self.base = base
        self.maxRetries = FetchLimits.retries(maxRetries)
        self.backoffBaseSeconds = FetchLimits.wait(backoffBaseSeconds, fallback: engine.backoffBaseSeconds)
        self.maxBackoffSeconds = FetchLimits.wait(maxBackoffSeconds, fallback: engine.maxBackoffSeconds)
        self.maxRetryAfterSeconds = FetchLimits.wait(maxRetryAfterSeconds, fallback: engine.maxRetryAfterSeconds)
        self.logger = logger
        self.sleep = sleep
    }

    /// Sleeps with `Task.sleep`, returning early if the task is cancelled; NaN and negatives sleep not at all.
    public static let taskSleep: @Sendable (Double) async -> Void = { seconds in
        try? await Task.sleep(for: .milliseconds(Checked.milliseconds(seconds)))
    }

    /// Whether an error is worth another try.
    public static func isRetryable(_ error: FetchError) -> Bool {
        switch error.kind {
        case .timeout, .connection, .truncated:
            true
        case .httpStatus:
            error.status.map { (500...599).contains($0) || $0 == 429 || $0 == 408 } ?? false
        default:
            false
        }
    }

    /// Fetches, retrying as needed; the response or error records how many tries it took.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        var attempt = 1
        while true {
            do {
                var response = try await base.fetch(request)
                response.attempts = attempt
                return response
            } catch {
                var error = error
                error.attempts = attempt
                guard attempt <= maxRetries, Self.isRetryable(error) else { throw error }
                guard !Task.isCancelled else { throw FetchError(.cancelled, request: request, detail: "cancelled") }
                let delay = delay(after: error, attempt: attempt)
                logger.info(
                    "retrying",
                    metadata: [
                        "http.url": "\(request.url)", "source.id": "\(request.source ?? "")",
                        "fetch.error": "\(error.detail)", "fetch.attempt": "\(attempt)", "fetch.delay": "\(delay)",
                    ])
                await sleep(delay)
                attempt += 1
            }
        }
    }

    private func delay(after error: FetchError, attempt: Int) -> Double {
        // Retry-After is the server's word, but a NaN one (from a custom transport) says nothing: back off instead.
        if let retryAfter = error.retryAfterSeconds, !retryAfter.isNaN { return min(max(retryAfter, 0), maxRetryAfterSeconds) }
        var exponential = backoffBaseSeconds
        for _ in 1..<attempt { exponential *= 2 }
        // Jitter keeps parallel requests that failed together from retrying together.
        return min(exponential, maxBackoffSeconds) * Double.random(in: 0.5...1)
    }
}
