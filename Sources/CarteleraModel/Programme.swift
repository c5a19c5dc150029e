/// One airing of a programme on a channel.
public struct Programme: Hashable, Codable, Sendable, Identifiable {
    /// The stable id: channel and start.
    public var id: ProgrammeID
    public var channel: ChannelID
    /// The start instant (UTC).
    public var start: Timestamp
    /// The end instant (UTC), when the source gives or implies one.
    public var stop: Timestamp?
    /// The IANA zone the source shows its times in.
    public var timeZone: String
    public var title: String
    public var subtitle: String?
    public var description: String?
    /// The source's own category labels, kept as they were.
    public var categories: [String]
    /// The canonical genres the labels map onto.
    public var genres: [Genre]
    public var type: ProgrammeType?
    /// Production year.
    public var year: Int?
    public var season: Int?
    public var episode: Int?
    /// An image, an http(s) URL.
    public var image: String?
    /// The programme's page on the source site.
    public var url: String?
    public var directors: [String]
    public var actors: [String]
    /// Guests and presenters' guests (talk shows).
    public var guests: [String]
    /// Age rating, such as `{system: "ES", value: "+12"}`.
    public var rating: Rating?
    /// Critics' or viewers' score out of 10.
    public var score: Double?
    public var country: String?
    public var language: String?
    /// Where the programme came from; several sources when merged.
    public var provenance: [Provenance]

    public init(
        channel: ChannelID, start: Timestamp, stop: Timestamp? = nil, timeZone: String, title: String,
        subtitle: String? = nil, description: String? = nil, categories: [String] = [], genres: [Genre] = [],
        type: ProgrammeType? = nil, year: Int? = nil, season: Int? = nil, episode: Int? = nil,
        image: String? = nil, url: String? = nil, directors: [String] = [], actors: [String] = [], guests: [String] = [],
        rating: Rating? = nil, score: Double? = nil, country: String? = nil, language: String? = nil,
        provenance: [Provenance]
    ) {
        self.id = ProgrammeID(channel: channel, start: start)
        self.channel = channel
        self.start = start
        self.stop = stop
        self.timeZone = timeZone
        self.title = title
        self.subtitle = subtitle
        self.description = description
        self.categories = categories
        self.genres = genres
        self.type = type
        self.year = year
        self.season = season
        self.episode = episode
        self.image = image
        self.url = url
        self.directors = directors
        self.actors = actors
        self.guests = guests
        self.rating = rating
        self.score = score
        self.country = country
        self.language = language
        self.provenance = provenance
    }
}

/// An age or content rating in a named system.
public struct Rating: Hashable, Codable, Sendable {
    public var system: String?
    public var value: String
    public init(system: String?, value: String) {
        self.system = system
        self.value = value
    }
}
