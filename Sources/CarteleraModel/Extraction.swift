/// Everything one source yielded in one scrape.
public struct Extraction: Sendable, Codable, Hashable {
    public var source: SourceID
    public var channels: [Channel]
    public var programmes: [Programme]
    public var audiences: [AudienceEntry]
    public var shares: [ChannelShare]
    public var news: [NewsItem]
    public var venues: [Venue]
    public var nights: [Night]
    public var guestLists: [GuestList]
    public var promotions: [Promotion]
    /// The days the scrape asked for, in the source's zone.
    public var days: [Day]

    public init(
        source: SourceID, channels: [Channel] = [], programmes: [Programme] = [], audiences: [AudienceEntry] = [],
        shares: [ChannelShare] = [], news: [NewsItem] = [], venues: [Venue] = [], nights: [Night] = [],
        guestLists: [GuestList] = [], promotions: [Promotion] = [], days: [Day] = []
    ) {
        self.source = source
        self.channels = channels
        self.programmes = programmes
        self.audiences = audiences
        self.shares = shares
        self.news = news
        self.venues = venues
        self.nights = nights
        self.guestLists = guestLists
        self.promotions = promotions
        self.days = days
    }

    /// How many items of every kind the extraction holds.
    public var itemCount: Int {
        programmes.count + audiences.count + shares.count + news.count + venues.count + nights.count + guestLists.count + promotions.count
    }
}
