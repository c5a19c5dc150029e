/// A venue's stable id: its city and name, folded to a slug (`madrid/sala-el-sol`).
public struct VenueID: StringIdentifier {
    /// The id's text.
    public let rawValue: String
    /// An id from its text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An id from its text.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The id of a venue from its name and city: `madrid/sala-el-sol`.
    public init(name: String, city: String) { self.rawValue = "\(Slug.make(city))/\(Slug.make(name))" }
}

/// A club, bar or hall.
public struct Venue: Hashable, Codable, Sendable, Identifiable {
    /// The stable id: city and name.
    public var id: VenueID
    /// The venue's name.
    public var name: String
    /// The street address, when known.
    public var address: String?
    /// The city, as the source names it.
    public var city: String
    /// Where it is, when the source gives coordinates.
    public var location: GeoPoint?
    /// Canonical music genres.
    public var musicGenres: [MusicGenre]
    /// The source's own music labels, kept as they were.
    public var musicLabels: [String]
    /// The source's keywords or tags ("terraza", "reggaeton"), kept as they were; normalizing maps the musical ones to genres.
    public var keywords: [String]
    /// Price range as the source writes it ("€€", "10–15 €").
    public var priceRange: String?
    /// Whether entry is free (on usual nights).
    public var freeEntry: Bool?
    /// Rating out of 5.
    public var rating: Double?
    /// How many votes the rating is from.
    public var ratingCount: Int?
    /// Opening hours as the source writes them, one line per day or range ("Ju–Sá 23:30–06:00").
    public var openingHours: [String]
    /// Images, http(s) URLs.
    public var images: [String]
    /// Its own site, an http(s) URL.
    public var website: String?
    /// A phone number, as written.
    public var phone: String?
    /// Where the venue came from; several sources when merged.
    public var provenance: [Provenance]
    /// Set when a listing stopped showing the venue: kept, not deleted. While nil, the venue was in its sources' last listings.
    public var notSeenSince: Timestamp?
    /// The source's own id for the venue, when it gives one.
    public var externalID: String?
    /// The country, as the source writes it (`ES`, `Portugal`), when it says.
    public var country: String?
    /// The region or state, when the source says.
    public var region: String?

    /// A venue from its parts.
    public init(
        id: VenueID, name: String, address: String? = nil, city: String, location: GeoPoint? = nil, musicGenres: [MusicGenre] = [],
        musicLabels: [String] = [], keywords: [String] = [], priceRange: String? = nil, freeEntry: Bool? = nil, rating: Double? = nil, ratingCount: Int? = nil,
        openingHours: [String] = [], images: [String] = [], website: String? = nil, phone: String? = nil,
        provenance: [Provenance], notSeenSince: Timestamp? = nil, externalID: String? = nil
    ) {
        self.id = id
        self.name = name
        self.address = address
        self.city = city
        self.location = location
        self.musicGenres = musicGenres
        self.musicLabels = musicLabels
        self.keywords = keywords
        self.priceRange = priceRange
        self.freeEntry = freeEntry
        self.rating = rating
        self.ratingCount = ratingCount
        self.openingHours = openingHours
        self.images = images
        self.website = website
        self.phone = phone
        self.provenance = provenance
        self.notSeenSince = notSeenSince
        self.externalID = externalID
    }
}
