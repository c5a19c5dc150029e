/// The politeness and robustness settings of a fetch pipeline (defaults in the engine; a source may override
/// some per request with a `FetchPolicy`).
///
/// Any value is safe to set: each layer holds what it uses to bounds. A NaN wait is the default and a negative
/// one 0; a NaN, zero or negative timeout is the default (curl reads 0 as none); waits and timeouts stop at a day,
/// retries at 20, the body limit at `FetchPolicy.maxBodyBytesCeiling`, and concurrency is at least 1.
public struct FetchConfiguration: Sendable {
    /// The User-Agent used unless a source overrides it: it names the project and how to reach it.
    public static let defaultUserAgent = "Cartelera/0.1 (+https://github.com/cartelera/cartelera; listings aggregator)"

    /// The User-Agent header, also the name robots.txt groups are matched against.
    public var userAgent: String
    /// The whole transfer must finish within this many seconds.
    public var timeoutSeconds: Double
    /// Connecting must finish within this many seconds.
    public var connectTimeoutSeconds: Double
    /// Bodies larger than this (after decompression) are refused.
    public var maxBodyBytes: Int
    /// Retries after the first try, on timeouts, connection failures, truncation, 5xx, 429 and 408.
    public var maxRetries: Int
    /// The first backoff delay; it doubles per retry, with jitter.
    public var backoffBaseSeconds: Double
    /// The longest backoff delay.
    public var maxBackoffSeconds: Double
    /// The longest wait a Retry-After header can ask for.
    public var maxRetryAfterSeconds: Double
    /// Requests in flight to one host at a time.
    public var perHostConcurrency: Int
    /// Seconds between request starts to the same host.
    public var perHostDelaySeconds: Double
    /// Whether robots.txt is fetched and obeyed.
    public var obeyRobots: Bool
    /// Where the conditional-request cache lives; nil means no cache.
    public var cacheDirectory: String?

    /// Creates a configuration; every setting has a polite default.
    public init(
        userAgent: String = FetchConfiguration.defaultUserAgent,
        timeoutSeconds: Double = 20,
        connectTimeoutSeconds: Double = 10,
        maxBodyBytes: Int = 16 * 1024 * 1024,
        maxRetries: Int = 3,
        backoffBaseSeconds: Double = 1.0,
        maxBackoffSeconds: Double = 30,
        maxRetryAfterSeconds: Double = 120,
        perHostConcurrency: Int = 2,
        perHostDelaySeconds: Double = 1.0,
        obeyRobots: Bool = true,
        cacheDirectory: String? = nil
    ) {
        self.userAgent = userAgent
        self.timeoutSeconds = timeoutSeconds
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.maxBodyBytes = maxBodyBytes
        self.maxRetries = maxRetries
        self.backoffBaseSeconds = backoffBaseSeconds
        self.maxBackoffSeconds = maxBackoffSeconds
        self.maxRetryAfterSeconds = maxRetryAfterSeconds
        self.perHostConcurrency = perHostConcurrency
        self.perHostDelaySeconds = perHostDelaySeconds
        self.obeyRobots = obeyRobots
        self.cacheDirectory = cacheDirectory
    }
}
