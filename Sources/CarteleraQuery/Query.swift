import CarteleraModel

/// One question asked of the store: the kind of item, the filters, the order and the page.
///
/// The command line, the HTTP API, the feeds and the site all build this value (from `QueryParameters`) and
/// hand it to `QueryEngine`; every filter that does not apply to a kind is refused when parsing, not ignored.
public struct Query: Sendable, Hashable {
    /// The kinds of item a query returns.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case programmes, audiences, shares, venues, nights, promotions
    }

    /// How free text matches.
    public enum TextMatch: String, Sendable, CaseIterable, Codable {
        /// Exact title, title prefix, whole words, substring, then near misses (one or two edits in words of five letters or more), in that order.
        case any
        /// Every word of the text as a whole word of the title, nothing looser.
        case word
    }

    /// Which instants a time window compares.
    public enum WindowMode: String, Sendable, CaseIterable, Codable {
        /// Items on the air at any moment of the window: a programme that started before it and is still on counts.
        case overlap
        /// Items that start inside the window.
        case starts
    }

    /// The orders results can come in.
    public enum Sort: String, Sendable, CaseIterable, Codable {
        /// Earliest first (a promotion by when it starts).
        case time
        /// Newest production year first; programmes without one last.
        case year
        /// By channel name, accent- and case-insensitively (shares and audiences by channel id).
        case channel
        /// Nearest first; needs a point.
        case distance
        /// Best first; unrated last.
        case rating
        /// Most viewers first.
        case viewers
        /// Largest share first.
        case share
        /// By title (a venue's name), accent- and case-insensitively.
        case title
        /// Best text match first; needs text.
        case relevance
    }

    /// A span of time, `from` included and `to` excluded.
    public struct Window: Sendable, Hashable {
        /// The first instant of the window.
        public var from: Timestamp
        /// The instant after the window.
        public var to: Timestamp
        /// Whether an item must overlap the window or start inside it.
        public var mode: WindowMode

        /// A window from its bounds.
        public init(from: Timestamp, to: Timestamp, mode: WindowMode = .overlap) {
            self.from = from
            self.to = to
            self.mode = mode
        }
    }

    /// What is asked for.
    public var kind: Kind
    /// Free text, matched accent- and case-insensitively against titles (names for venues).
    public var text: String?
    /// Which matches of `text` count.
    public var textMatch: TextMatch
    /// Programmes in any of these canonical genres (every one of them with `allGenres`).
    public var genres: Set<Genre>
    /// Whether a programme must be in every genre of `genres`, not in any one.
    public var allGenres: Bool
    /// Venues and nights in any of these music genres.
    public var musicGenres: Set<MusicGenre>
    /// Production years, both ends included.
    public var years: ClosedRange<Int>?
    /// Programmes of any of these types.
    public var types: Set<ProgrammeType>
    /// Programmes, audiences and shares on these channels; nil for every channel.
    public var channels: Set<ChannelID>?
    /// Items of this span of time; nil for any time.
    public var window: Window?
    /// Venues and nights near this point…
    public var near: GeoPoint?
    /// …within this many kilometres (great-circle).
    public var withinKilometres: Double?
    /// Venues and nights that are (or are not) free to enter.
    public var freeEntry: Bool?
    /// At least this rating: a programme's score out of 10, a venue's rating out of 5.
    public var minimumRating: Double?
    /// Nights whose guest list is open at `at`.
    public var guestListOpen: Bool
    /// Only promoted (paid) items.
    public var featuredOnly: Bool
    /// Venues and nights of this city (its name or slug).
    public var city: String?
    /// The order, then the orders that break its ties; empty for the kind's default. Ties always end on record order.
    public var sorts: [Sort]
    /// At most this many rows.
    public var limit: Int
    /// Rows skipped before the first one returned.
    public var offset: Int
    /// The instant "now" means: guest-list status, promotion validity, now and next.
    public var at: Timestamp

    /// A query for every item of a kind, in its default order, first page.
    public init(kind: Kind, at: Timestamp) {
        self.kind = kind
        text = nil
        textMatch = .any
        genres = []
        allGenres = false
        musicGenres = []
        years = nil
        types = []
        channels = nil
        window = nil
        near = nil
        withinKilometres = nil
        freeEntry = nil
        minimumRating = nil
        guestListOpen = false
        featuredOnly = false
        city = nil
        sorts = []
        limit = QueryParameters.defaultLimit
        offset = 0
        self.at = at
    }

    /// The orders used: the ones asked for, or relevance for text, distance near a point, the kind's own otherwise
    /// (promotions: none, their rank order).
    public var effectiveSorts: [Sort] {
        if !sorts.isEmpty { return sorts }
        if text != nil { return [.relevance] }
        if near != nil { return [.distance] }
        switch kind {
        case .programmes, .nights: return [.time]
        case .audiences: return [.viewers]
        case .shares: return [.share]
        case .venues: return [.title]
        case .promotions: return []
        }
    }
}
