/// One airing of a programme on a channel.
///
/// Its optional properties are spelled `Optional<…>`: written `T?`, a `var` starts as nil before any initializer runs,
/// so each initializer assigns over those nils and the optimizer builds the value aside and copies it whole (a
/// retain and a release per part), where the store's reader builds a million of them in place.
public struct Programme: Hashable, Codable, Sendable, Identifiable {
    /// The stable id: channel and start.
    public var id: ProgrammeID
    /// The channel it airs on.
    public var channel: ChannelID
    /// The start instant (UTC).
    public var start: Timestamp
    /// The end instant (UTC), when the source gives or implies one.
    public var stop: Optional<Timestamp>
    /// The IANA zone the source shows its times in.
    public var timeZone: String
    /// The title as the source writes it.
    public var title: String
    /// The episode title or subtitle.
    public var subtitle: Optional<String>
    /// The synopsis.
    public var description: Optional<String>
    /// The source's own category labels, kept as they were.
    public var categories: [String]
    /// The canonical genres the labels map onto.
    public var genres: [Genre]
    /// Film, series, show… when the labels say.
    public var type: Optional<ProgrammeType>
    /// Production year.
    public var year: Optional<Int>
    /// The season number.
    public var season: Optional<Int>
    /// The episode number.
    public var episode: Optional<Int>
    /// An image, an http(s) URL.
    public var image: Optional<String>
    /// The programme's page on the source site.
    public var url: Optional<String>
    /// Directors, as credited.
    public var directors: [String]
    /// Cast, as credited.
    public var actors: [String]
    /// Guests and presenters' guests (talk shows).
    public var guests: [String]
    /// Age rating, such as `{system: "ES", value: "+12"}`.
    public var rating: Optional<Rating>
    /// Critics' or viewers' score out of 10.
    public var score: Optional<Double>
    /// Country of production.
    public var country: Optional<String>
    /// Spoken language.
    public var language: Optional<String>
    /// Where the programme came from; several sources when merged.
    public var provenance: [Provenance]
    /// The source's own id for the programme (a site's programme number), when it gives one.
    public var externalID: Optional<String>
    /// More credits, images and keywords, when the source gives any.
    public var extras: Optional<ProgrammeExtras>

    /// A programme from its parts; its id follows channel and start.
    public init(
        channel: ChannelID, start: Timestamp, stop: Timestamp? = nil, timeZone: String, title: String,
        subtitle: String? = nil, description: String? = nil, categories: [String] = [], genres: [Genre] = [],
        type: ProgrammeType? = nil, year: Int? = nil, season: Int? = nil, episode: Int? = nil,
        image: String? = nil, url: String? = nil, directors: [String] = [], actors: [String] = [], guests: [String] = [],
        rating: Rating? = nil, score: Double? = nil, country: String? = nil, language: String? = nil,
        provenance: [Provenance], externalID: String? = nil, extras: ProgrammeExtras? = nil
    ) {
        self.init(
            id: ProgrammeID(channel: channel, start: start), channel: channel, start: start, stop: stop, timeZone: timeZone, title: title,
            subtitle: subtitle, description: description, categories: categories, genres: genres, type: type, year: year, season: season,
            episode: episode, image: image, url: url, directors: directors, actors: actors, guests: guests, rating: rating, score: score,
            country: country, language: language, provenance: provenance, externalID: externalID, extras: extras)
    }

    /// A programme exactly as stored, its id as given (a reader of the store's files keeps the id it reads).
    @inlinable
    public init(
        id: ProgrammeID, channel: ChannelID, start: Timestamp, stop: Timestamp?, timeZone: String, title: String,
        subtitle: String?, description: String?, categories: [String], genres: [Genre], type: ProgrammeType?, year: Int?, season: Int?,
        episode: Int?, image: String?, url: String?, directors: [String], actors: [String], guests: [String], rating: Rating?, score: Double?,
        country: String?, language: String?, provenance: [Provenance], externalID: String?, extras: ProgrammeExtras?
    ) {
        self.id = id
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
        self.externalID = externalID
        self.extras = extras
    }
}

/// An age or content rating in a named system.
public struct Rating: Hashable, Codable, Sendable {
    /// The rating system (ES, ICAA, MPAA…), when known.
    public var system: String?
    /// The rating as written (+12, TP).
    public var value: String
    /// A rating from its system and value.
    public init(system: String?, value: String) {
        self.system = system
        self.value = value
    }
}
