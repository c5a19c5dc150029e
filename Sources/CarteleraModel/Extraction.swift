/// Everything one source yielded in one scrape.
public struct Extraction: Sendable, Codable, Hashable {
    /// The source that yielded it.
    public var source: SourceID
    /// The channels it lists.
    public var channels: [Channel]
    /// Its programmes.
    public var programmes: [Programme]
    /// Its audience entries.
    public var audiences: [AudienceEntry]
    /// Its channel shares.
    public var shares: [ChannelShare]
    /// Its news items.
    public var news: [NewsItem]
    /// Its venues.
    public var venues: [Venue]
    /// Its nights.
    public var nights: [Night]
    /// Its guest lists.
    public var guestLists: [GuestList]
    /// Its promotions, each with its paid flag.
    public var promotions: [Promotion]
    /// The days the scrape asked for, in the source's zone.
    public var days: [Day]

    /// An extraction from its parts; every list defaults to empty.
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
