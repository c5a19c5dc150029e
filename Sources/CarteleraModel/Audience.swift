/// The viewers one programme had on one airing.
public struct AudienceEntry: Hashable, Codable, Sendable, Identifiable {
    /// Channel and start: one entry per airing in a day's table.
    public var id: String { "\(channel.rawValue)@\(start.secondsSince1970)" }
    /// The channel it aired on.
    public var channel: ChannelID
    /// The channel as the page names it.
    public var channelName: String
    /// The programme as the table names it.
    public var title: String
    /// When the airing started (UTC).
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
    /// The source and page it came from.
    public var provenance: Provenance

    /// An audience entry from its parts.
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
    /// Channel and day: one share per channel and day.
    public var id: String { Self.id(channel: channel, day: day) }

    /// The id of a channel's share of a day.
    public static func id(channel: ChannelID, day: Day) -> String { "\(channel.rawValue)@\(day)" }
    /// The channel.
    public var channel: ChannelID
    /// The channel as the page names it.
    public var channelName: String
    /// The day the share is for.
    public var day: Day
    /// Daily share in percent.
    public var share: Double
    /// Change against the same day a week before, in percentage points.
    public var change: Double?
    /// The source and page it came from.
    public var provenance: Provenance

    /// A channel share from its parts.
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
    /// The headline.
    public var title: String
    /// The teaser text, when the page gives one.
    public var summary: String?
    /// An http(s) link to the article.
    public var url: String?
    /// An image, an http(s) URL.
    public var image: String?
    /// When it was published, when the page says.
    public var published: Timestamp?
    /// The day it was listed on, in the source's zone.
    public var day: Day
    /// The source and page it came from.
    public var provenance: Provenance

    /// A news item from its parts.
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
