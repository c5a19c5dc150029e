/// One query parameter, declared once: its name, the value it takes, the kinds it applies to and its help.
///
/// Every surface derives from `QueryParameter.all`: the command line's options (`--min-rating N`), the HTTP API's
/// query string (`?min-rating=N`), the feed definitions' `query:` keys (`min-rating: N`) and the README's table.
/// `QueryParameters` holds their values as text, and `QueryParameters.query(kind:context:)` checks them.
public struct QueryParameter: Sendable, Hashable, CustomStringConvertible {
    /// What a parameter takes.
    public enum Value: Sendable, Hashable {
        /// Yes or no: `--free`, `?free` or `?free=true`, `free: true`.
        case flag
        /// One value, given once.
        case single
        /// Values, repeated or comma-separated.
        case list
    }

    /// Where `QueryParameters` keeps its values: its position in `all`.
    let slot: Slot
    /// The name, as the query string and feed definitions write it and the command line after `--`.
    public let name: String
    /// Whether it is a flag, takes one value or a list.
    public let value: Value
    /// What its value is called in help (`LAT,LON`); empty for flags.
    public let valueName: String
    /// The kinds it applies to; any other kind refuses it by name.
    public let kinds: [Query.Kind]
    /// What it does and the forms it accepts, one sentence.
    public let help: String

    /// A parameter from its parts.
    init(_ slot: Slot, _ name: String, _ value: Value, _ valueName: String = "", kinds: [Query.Kind] = Query.Kind.allCases, help: String) {
        self.slot = slot
        self.name = name
        self.value = value
        self.valueName = valueName
        self.kinds = kinds
        self.help = help
    }

    public var description: String { name }

    public static func == (lhs: QueryParameter, rhs: QueryParameter) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The declared parameter called `name`, nil for any other name.
    public static func named(_ name: String) -> QueryParameter? { Slot(name: name).map { all[$0.rawValue] } }
}

extension QueryParameter {
    /// Each parameter's place among the values `QueryParameters` keeps, in the order of `all`: a request's checks read
    /// a value at its place instead of hashing the parameter's name, or copying its declaration, for every one.
    enum Slot: Int, CaseIterable, Sendable {
        case text, match, genre, allGenres, type, year, music, channel, channelList, now, tonight, day, next, from, to, window
        case near, within, city, free, minRating, guestListOpen, featured, sort, limit, offset

        /// The slot of the parameter called `name`, nil for any other name.
        init?(name: String) {
            guard let slot = QueryParameter.slots[name] else { return nil }
            self = slot
        }
    }

    /// What a request's checks read of each parameter, by slot: whether it is a flag, a single value or a list, and the
    /// kinds it applies to as bits (`Query.Kind.bit`).
    struct Rule: Sendable {
        let value: Value
        let kinds: UInt8
    }

    /// The rules of `all`, by slot.
    static let rules: [Rule] = all.map { parameter in Rule(value: parameter.value, kinds: parameter.kinds.reduce(0) { $0 | $1.bit }) }

    private static let slots = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0.slot) })
}

extension Query.Kind {
    /// The kind's bit in a set of kinds.
    var bit: UInt8 {
        switch self {
        case .programmes: 1
        case .audiences: 2
        case .shares: 4
        case .venues: 8
        case .nights: 16
        case .promotions: 32
        }
    }
}

extension QueryParameter {
    private static let textKinds: [Query.Kind] = Query.Kind.allCases.filter { $0 != .shares }
    private static let timedKinds: [Query.Kind] = Query.Kind.allCases.filter { $0 != .venues }
    private static let placeKinds: [Query.Kind] = [.venues, .nights]
    private static let channelKinds: [Query.Kind] = [.programmes, .audiences, .shares]

    /// Every parameter, in the order help and documentation list them.
    public static let all: [QueryParameter] = [
        text, match, genre, allGenres, type, year, music, channel, channelList, now, tonight, day, next, from, to, window,
        near, within, city, free, minRating, guestListOpen, featured, sort, limit, offset,
    ]

    public static let text = QueryParameter(.text, "text", .single, "text", kinds: textKinds, help:
        "Text in titles and venue names, accent- and case-insensitive (\"accion\" finds \"Acción\"): exact title first, then title prefix, whole word, substring and a near miss (one edit in words of 5–7 letters, two from 8).")
    public static let match = QueryParameter(.match, "match", .single, "any|word", kinds: textKinds, help:
        "How text matches: any (the default, ranked, near misses included) or word (whole words only, through the word index).")
    public static let genre = QueryParameter(.genre, "genre", .list, "genre", kinds: [.programmes], help:
        "Programme genres: canonical ids or Spanish/English labels (action, acción, comedia); repeated or comma-separated, in any of them.")
    public static let allGenres = QueryParameter(.allGenres, "all-genres", .flag, kinds: [.programmes], help:
        "With genre: only programmes in every genre given, not in any one of them.")
    public static let type = QueryParameter(.type, "type", .list, "type", kinds: [.programmes], help:
        "Programme types: film, series, show, documentary, sport, news, kids; repeated or comma-separated.")
    public static let year = QueryParameter(.year, "year", .single, "from-to", kinds: [.programmes], help:
        "Production years: 1999, 1990-2005, 1990- or -2005.")
    public static let music = QueryParameter(.music, "music", .list, "genre", kinds: placeKinds, help:
        "Music genres of venues and nights (techno, reggaeton, jazz…), as genre takes them.")
    public static let channel = QueryParameter(.channel, "channel", .list, "id", kinds: channelKinds, help:
        "Channel ids (La1.es), repeated or comma-separated; asking the store, an id it does not hold is refused.")
    public static let channelList = QueryParameter(.channelList, "channel-list", .single, "name", kinds: channelKinds, help:
        "A named channel list of the configuration file (channel_lists:), with any channel given too.")
    public static let now = QueryParameter(.now, "now", .flag, kinds: timedKinds, help:
        "On the air at the query's moment.")
    public static let tonight = QueryParameter(.tonight, "tonight", .flag, kinds: timedKinds, help:
        "Tonight, 20:00 to 06:00 in the guide's zone unless the configuration says otherwise; until 06:00 it is still last night.")
    public static let day = QueryParameter(.day, "day", .single, "day", kinds: timedKinds, help:
        "A day in the guide's zone: YYYY-MM-DD, today, tomorrow or yesterday.")
    public static let next = QueryParameter(.next, "next", .single, "duration", kinds: timedKinds, help:
        "The coming hours or days from the query's moment: 3h, 90m, 2h30m, 7d.")
    public static let from = QueryParameter(.from, "from", .single, "time", kinds: timedKinds, help:
        "From an instant with its offset (2026-11-25T18:00Z), a local 2026-11-25T20:00 or 2026-11-25, or 20:30 today.")
    public static let to = QueryParameter(.to, "to", .single, "time", kinds: timedKinds, help:
        "Up to an instant, excluded, written as from is.")
    public static let window = QueryParameter(.window, "window", .single, "overlap|starts", kinds: timedKinds, help:
        "With a time: overlap (the default: on at any moment of it) or starts (starting inside it).")
    public static let near = QueryParameter(.near, "near", .single, "lat,lon", kinds: placeKinds, help:
        "Near a point in decimal degrees (40.4168,-3.7038): each result with its great-circle (haversine) distance in km.")
    public static let within = QueryParameter(.within, "within", .single, "distance", kinds: placeKinds, help:
        "With near: within a distance: 2km, 500m or bare kilometres.")
    public static let city = QueryParameter(.city, "city", .single, "city", kinds: placeKinds, help:
        "Venues and nights of a city, by name or slug.")
    public static let free = QueryParameter(.free, "free", .flag, kinds: placeKinds, help:
        "Free entry only.")
    public static let minRating = QueryParameter(.minRating, "min-rating", .single, "n", kinds: [.programmes, .venues], help:
        "At least this rating: a programme's score out of 10, a venue's rating out of 5.")
    public static let guestListOpen = QueryParameter(.guestListOpen, "guest-list-open", .flag, kinds: [.nights], help:
        "Nights whose guest list is open at the query's moment (deadline, places and closing considered).")
    public static let featured = QueryParameter(.featured, "featured", .flag, kinds: [.promotions, .nights], help:
        "Paid promotions only, or the nights they feature; always labelled PROMOTED, never shown as ordinary results.")
    public static let sort = QueryParameter(.sort, "sort", .single, "order", help:
        "The order, then orders that break its ties, comma-separated (rating,distance): time, year (newest first), channel, distance, rating, viewers, share, title or relevance, each kind its own; ties end on (start, id).")
    public static let limit = QueryParameter(.limit, "limit", .single, "n", help:
        "Rows per page, 1 to 10000 (50 by default); the answer always says the total.")
    public static let offset = QueryParameter(.offset, "offset", .single, "n", help:
        "Rows to skip before the page.")
}
