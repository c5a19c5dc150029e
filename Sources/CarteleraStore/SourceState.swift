import CarteleraModel

/// What a source did on its last runs, kept between runs.
public struct SourceState: Codable, Sendable, Hashable {
    /// How the last attempt ended.
    public enum Status: String, Codable, Sendable {
        case ok, failed, belowSanityFloor
    }

    public var source: SourceID
    public var status: Status
    public var lastAttempt: Timestamp?
    public var lastSuccess: Timestamp?
    public var lastError: String?
    /// The item counts of the last 10 successful runs, newest last.
    public var recentItemCounts: [Int]
    public var consecutiveFailures: Int

    public init(
        source: SourceID, status: Status = .ok, lastAttempt: Timestamp? = nil, lastSuccess: Timestamp? = nil,
        lastError: String? = nil, recentItemCounts: [Int] = [], consecutiveFailures: Int = 0
    ) {
        self.source = source
        self.status = status
        self.lastAttempt = lastAttempt
        self.lastSuccess = lastSuccess
        self.lastError = lastError
        self.recentItemCounts = recentItemCounts
        self.consecutiveFailures = consecutiveFailures
    }
}
