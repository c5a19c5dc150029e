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

    /// Wraps `base`; `maxRetries` counts tries after the first.
    public init(
        base: any Fetcher,
        maxRetries: Int = 3,
        backoffBaseSeconds: Double = 1,
        maxBackoffSeconds: Double = 30,
        maxRetryAfterSeconds: Double = 120,
        logger: Logger = Logger(label: "cartelera.fetch"),
        sleep: @escaping @Sendable (Double) async -> Void = RetryingFetcher.taskSleep
    ) {
        self.base = base
        self.maxRetries = maxRetries
        self.backoffBaseSeconds = backoffBaseSeconds
        self.maxBackoffSeconds = maxBackoffSeconds
        self.maxRetryAfterSeconds = maxRetryAfterSeconds
        self.logger = logger
        self.sleep = sleep
    }

    /// Sleeps with `Task.sleep`, returning early if the task is cancelled.
    public static let taskSleep: @Sendable (Double) async -> Void = { seconds in
        try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
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
        if let retryAfter = error.retryAfterSeconds { return min(retryAfter, maxRetryAfterSeconds) }
        var exponential = backoffBaseSeconds
        for _ in 1..<attempt { exponential *= 2 }
        // Jitter keeps parallel requests that failed together from retrying together.
        return min(exponential, maxBackoffSeconds) * Double.random(in: 0.5...1)
    }
}
