/// One night or event at a venue.
public struct Night: Hashable, Codable, Sendable, Identifiable {
    /// Venue, evening and title (`madrid/sala-el-sol@2026-11-28#viernes-indie`).
    public var id: String
    /// The venue it happens at.
    public var venue: VenueID
    /// The evening the night starts on, in the venue's zone: a night ending at 06:00 belongs to the evening before.
    public var date: Day
    /// Doors open (UTC).
    public var doors: Timestamp?
    /// Closing time (UTC), after `doors`.
    public var closing: Timestamp?
    /// The venue's IANA zone.
    public var timeZone: String
    /// The night's name.
    public var title: String
    /// DJs and artists, in billing order.
    public var lineup: [String]
    /// Canonical music genres.
    public var musicGenres: [MusicGenre]
    /// The source's own music labels, kept as they were.
    public var musicLabels: [String]
    /// The source's keywords or tags, kept as they were; normalizing maps the musical ones to genres.
    public var keywords: [String]
    /// A flyer image, an http(s) URL.
    public var flyer: String?
    /// Entry price as written ("15 € con copa").
    public var price: String?
    /// Lowest price in euros, when a number could be read.
    public var priceFrom: Double?
    /// Whether entry is free, when the page says.
    public var freeEntry: Bool?
    /// Where to buy tickets, an http(s) URL.
    public var ticketURL: String?
    /// The night's page on the source site.
    public var url: String?
    /// The sources that list it.
    public var provenance: [Provenance]
    /// When the organiser changed the night: postponed, rescheduled or moved online; nil when it is on as planned. (The
    /// schema.org reader removes a cancelled night instead of storing it; `cancelled` is for sources that keep them.)
    public var status: NightStatus?
    /// The start the night had before it was rescheduled, when the source says.
    public var previousStart: Timestamp?
    /// The last day of a night that runs over several (a festival), when the source gives only a date.
    public var lastDate: Day?
    /// The performers with their links, in the source's order (`lineup` keeps their names).
    public var performers: [Performer]?
    /// The currency of `priceFrom` and `priceTo` (ISO 4217, such as `EUR`), when the source declares one.
    public var priceCurrency: String?
    /// The highest price, in `priceCurrency`.
    public var priceTo: Double?
    /// How many offers the source lists (ticket types), when it says.
    public var offerCount: Int?
    /// Further pages for the same night, when two listings of it were merged.
    public var otherURLs: [String]?

    /// A night from its parts; its id follows venue, evening and title.
    public init(
        venue: VenueID, date: Day, title: String, doors: Timestamp? = nil, closing: Timestamp? = nil, timeZone: String,
        lineup: [String] = [], musicGenres: [MusicGenre] = [], musicLabels: [String] = [], keywords: [String] = [], flyer: String? = nil,
        price: String? = nil, priceFrom: Double? = nil, freeEntry: Bool? = nil, ticketURL: String? = nil, url: String? = nil,
        provenance: [Provenance]
    ) {
        self.id = Night.id(venue: venue, date: date, title: title)
        self.venue = venue
        self.date = date
        self.doors = doors
        self.closing = closing
        self.timeZone = timeZone
        self.title = title
        self.lineup = lineup
        self.musicGenres = musicGenres
        self.musicLabels = musicLabels
        self.keywords = keywords
        self.flyer = flyer
        self.price = price
        self.priceFrom = priceFrom
        self.freeEntry = freeEntry
        self.ticketURL = ticketURL
        self.url = url
        self.provenance = provenance
    }

    /// The id of the night a venue holds on an evening under a title.
    public static func id(venue: VenueID, date: Day, title: String) -> String {
        "\(venue.rawValue)@\(date)#\(Slug.make(title))"
    }
}

/// A change to a planned night, as schema.org's `eventStatus` says.
public enum NightStatus: String, Hashable, Codable, Sendable {
    /// It will not take place.
    case cancelled
    /// It will take place later, on a date not yet known.
    case postponed
    /// It moved to another date (the night's own), from `previousStart`.
    case rescheduled
    /// It takes place online instead.
    case movedOnline = "moved-online"
}

/// A performer of a night and their page.
public struct Performer: Hashable, Codable, Sendable {
    /// The name as the source writes it.
    public var name: String
    /// The performer's own page, when the source links one.
    public var url: String?

    /// A performer from a name and an optional link.
    public init(name: String, url: String? = nil) {
        self.name = name
        self.url = url
    }
}
