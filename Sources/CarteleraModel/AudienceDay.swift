
/// A day's audience table and channel shares.
public struct AudienceDay: Codable, Sendable, Hashable {
    public var entries: [AudienceEntry]
    public var shares: [ChannelShare]

    public init(entries: [AudienceEntry] = [], shares: [ChannelShare] = []) {
        self.entries = entries
        self.shares = shares
    }

    /// True when the day has neither entries nor shares.
    public var isEmpty: Bool { entries.isEmpty && shares.isEmpty }
}
