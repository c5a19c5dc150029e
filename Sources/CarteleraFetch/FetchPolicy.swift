/// One request's overrides of the pipeline's fetch settings, as a source's `fetch:` key states them.
///
/// A nil field keeps the pipeline's setting. Every value is held to safe bounds where it is used: a NaN
/// is ignored, as is a timeout of zero or less; other negatives count as 0 (a body limit of 0 refuses any body);
/// and nothing exceeds `FetchPolicy.maxBodyBytesCeiling` or a day of waiting.
/// Timeouts and the body limit replace the pipeline's; the per-host delay and concurrency can only make a
/// host's throttle more polite, never less; `obeyRobots: false` skips robots.txt, `true` cannot turn it on
/// in a pipeline built to ignore it (the command line outranks a source file).
///
///     let request = FetchRequest(url: "https://tv.example/guia", source: "tv.example",
///                                policy: FetchPolicy(timeoutSeconds: 30, perHostDelaySeconds: 2, perHostConcurrency: 1))
public struct FetchPolicy: Sendable, Hashable {
    /// The largest body any request may accept, whatever it asks for: 256 MiB.
    public static let maxBodyBytesCeiling = 256 * 1024 * 1024

    /// The whole transfer must finish within this many seconds (`timeout`).
    public var timeoutSeconds: Double?
    /// Bodies larger than this many bytes after decompression are refused (`max_body_bytes`).
    public var maxBodyBytes: Int?
    /// Whether robots.txt is fetched and obeyed (`robots`).
    public var obeyRobots: Bool?
    /// Seconds between request starts to this request's host (`delay`).
    public var perHostDelaySeconds: Double?
    /// Requests in flight to this request's host at a time (`concurrency`).
    public var perHostConcurrency: Int?

    /// Creates a policy; the default, with every field nil, is the pipeline's settings unchanged.
    public init(
        timeoutSeconds: Double? = nil,
        maxBodyBytes: Int? = nil,
        obeyRobots: Bool? = nil,
        perHostDelaySeconds: Double? = nil,
        perHostConcurrency: Int? = nil
    ) {
        self.timeoutSeconds = timeoutSeconds
        self.maxBodyBytes = maxBodyBytes
        self.obeyRobots = obeyRobots
        self.perHostDelaySeconds = perHostDelaySeconds
        self.perHostConcurrency = perHostConcurrency
    }
}
