/// The bounds every fetch setting is held to, wherever it came from: the configuration, a source's policy,
/// a robots.txt Crawl-delay or a Retry-After header. No value may trap a conversion or stall a run for ever.
enum FetchLimits {
    /// The longest any timeout, delay or backoff may be: a day.
    static let longestWaitSeconds: Double = 86_400
    /// The most retries after the first try.
    static let mostRetries = 20

    /// A wait in seconds within 0...longestWaitSeconds; NaN gives `fallback`, which must itself be in range.
    static func wait(_ seconds: Double, fallback: Double) -> Double {
        guard !seconds.isNaN else { return fallback }
        return min(max(seconds, 0), longestWaitSeconds)
    }

    /// A timeout in seconds within a millisecond and a day; NaN, zero or negative gives `fallback`,
    /// since curl reads 0 as "no timeout" and a nonsense value should not fail every transfer.
    static func timeout(_ seconds: Double, fallback: Double) -> Double {
        guard seconds > 0 else { return fallback }
        return min(max(seconds, 0.001), longestWaitSeconds)
    }

    /// A body limit within 0...FetchPolicy.maxBodyBytesCeiling.
    static func bodyBytes(_ bytes: Int) -> Int {
        min(max(bytes, 0), FetchPolicy.maxBodyBytesCeiling)
    }

    /// Requests in flight per host: at least one.
    static func concurrency(_ count: Int) -> Int {
        max(count, 1)
    }

    /// Retries within 0...mostRetries.
    static func retries(_ count: Int) -> Int {
        min(max(count, 0), mostRetries)
    }
}
