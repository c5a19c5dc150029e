
/// A day's audience table and channel shares.
public struct AudienceDay: Codable, Sendable, Hashable {
    /// The programmes ranked by viewers.
    public var entries: [AudienceEntry]
    /// Each channel's share of the day.
    public var shares: [ChannelShare]

    /// A day from its entries and shares.
    public init(entries: [AudienceEntry] = [], shares: [ChannelShare] = []) {
        self.entries = entries
        self.shares = shares
    }

    /// True when the day has neither entries nor shares.
    public var isEmpty: Bool { entries.isEmpty && shares.isEmpty }
}
