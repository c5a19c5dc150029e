/// The viewers one programme had on one airing.
public struct AudienceEntry: Hashable, Codable, Sendable, Identifiable {
    /// Channel, start and title make the id: audience tables rarely agree on exact starts.
    public var id: String { "\(channel.rawValue)@\(start.secondsSince1970)" }
    public var channel: ChannelID
    /// The channel as the page names it.
    public var channelName: String
    public var title: String
    public var start: Timestamp
    /// Minutes on air.
    public var durationMinutes: Int?
    /// Average viewers.
    public var viewers: Int?
    /// Share of viewing, in percent (14.2 for "14,2%").
    public var share: Double?
    /// The day the audience table is for, in the source's zone.
    public var day: Day
    /// Rank in the table, 1 first.
    public var rank: Int?
    public var provenance: Provenance

    public init(channel: ChannelID, channelName: String, title: String, start: Timestamp, durationMinutes: Int?, viewers: Int?, share: Double?, day: Day, rank: Int?, provenance: Provenance) {
        self.channel = channel
        self.channelName = channelName
        self.title = title
        self.start = start
        self.durationMinutes = durationMinutes
        self.viewers = viewers
        self.share = share
        self.day = day
        self.rank = rank
        self.provenance = provenance
    }
}

/// A channel's share of the whole day's viewing.
public struct ChannelShare: Hashable, Codable, Sendable, Identifiable {
    public var id: String { "\(channel.rawValue)@\(day)" }
    public var channel: ChannelID
    public var channelName: String
    public var day: Day
    /// Daily share in percent.
    public var share: Double
    /// Change against the same day a week before, in percentage points.
    public var change: Double?
    public var provenance: Provenance

    public init(channel: ChannelID, channelName: String, day: Day, share: Double, change: Double?, provenance: Provenance) {
        self.channel = channel
        self.channelName = channelName
        self.day = day
        self.share = share
        self.change = change
        self.provenance = provenance
    }
}

/// A news item published beside an audience table.
public struct NewsItem: Hashable, Codable, Sendable, Identifiable {
    /// The link when there is one, otherwise the title.
    public var id: String { url ?? title }
    public var title: String
    public var summary: String?
    /// An http(s) link to the article.
    public var url: String?
    public var image: String?
    public var published: Timestamp?
    /// The day it was listed on, in the source's zone.
    public var day: Day
    public var provenance: Provenance

    public init(title: String, summary: String?, url: String?, image: String?, published: Timestamp?, day: Day, provenance: Provenance) {
        self.title = title
        self.summary = summary
        self.url = url
        self.image = image
        self.published = published
        self.day = day
        self.provenance = provenance
    }
}
