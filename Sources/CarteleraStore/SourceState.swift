import CarteleraModel

/// What a source did on its last runs, kept between runs.
public struct SourceState: Codable, Sendable, Hashable {
    /// How the last attempt ended.
    public enum Status: String, Codable, Sendable {
        case ok, failed, belowSanityFloor
    }

    /// The source.
    public var source: SourceID
    /// How its last attempt ended.
    public var status: Status
    /// When it last ran.
    public var lastAttempt: Timestamp?
    /// When it last ran well: the freshness of its data.
    public var lastSuccess: Timestamp?
    /// Why its last attempt failed, when it did.
    public var lastError: String?
    /// The item counts of the last 10 successful runs, newest last.
    public var recentItemCounts: [Int]
    /// Failed runs since the last good one.
    public var consecutiveFailures: Int
    /// The channels the counts were taken over, when a configuration chose some; nil for every channel the source lists.
    /// When the choice changes, the counts start again: fewer channels yield fewer items without the source being broken.
    public var channels: [ChannelID]?

    /// A state from its parts; a new source has never run.
    public init(
        source: SourceID, status: Status = .ok, lastAttempt: Timestamp? = nil, lastSuccess: Timestamp? = nil,
        lastError: String? = nil, recentItemCounts: [Int] = [], consecutiveFailures: Int = 0, channels: [ChannelID]? = nil
    ) {
        self.source = source
        self.status = status
        self.lastAttempt = lastAttempt
        self.lastSuccess = lastSuccess
        self.lastError = lastError
        self.recentItemCounts = recentItemCounts
        self.consecutiveFailures = consecutiveFailures
        self.channels = channels
    }
}
