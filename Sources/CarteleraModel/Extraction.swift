/// Everything one source yielded in one scrape.
public struct Extraction: Sendable, Codable, Hashable {
    public var source: SourceID
    public var channels: [Channel]
    public var programmes: [Programme]
    public var audiences: [AudienceEntry]
    public var shares: [ChannelShare]
    public var news: [NewsItem]
    /// The UTC days the scrape asked for: the store replaces this source's data for these days only.
    public var days: [Day]

    public init(source: SourceID, channels: [Channel] = [], programmes: [Programme] = [], audiences: [AudienceEntry] = [], shares: [ChannelShare] = [], news: [NewsItem] = [], days: [Day] = []) {
        self.source = source
        self.channels = channels
        self.programmes = programmes
        self.audiences = audiences
        self.shares = shares
        self.news = news
        self.days = days
    }

    /// How many items of every kind the extraction holds.
    public var itemCount: Int { programmes.count + audiences.count + shares.count + news.count }
}
