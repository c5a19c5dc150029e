import CarteleraCore
import Foundation
import CarteleraModel

/// What a query needs from its surroundings: the time, the guide's zone, the named channel lists.
public struct QueryContext: Sendable {
    /// The instant "now" means.
    public var now: Timestamp
    /// The zone "tonight", "today" and local times are read in (the guide's, not the viewer's).
    public var guideZone: ZoneConverter
    /// Named channel lists from the configuration file ("mine" → La1.es, La2.es…).
    public var channelLists: [String: [ChannelID]]
    /// When "tonight" starts and ends, in seconds after local midnight (20:00 and 06:00 by default).
    public var tonight: (start: Int, end: Int)

    /// A context; tonight is 20:00 to 06:00 unless said otherwise.
    public init(now: Timestamp, guideZone: ZoneConverter, channelLists: [String: [ChannelID]] = [:], tonight: (start: Int, end: Int) = (20 * 3600, 6 * 3600)) {
        self.now = now
        self.guideZone = guideZone
        self.channelLists = channelLists
        self.tonight = tonight
    }
}

/// A query as text, parameter by parameter, before it is checked: what the command line's flags and the HTTP
/// API's query string both fill in. `query(kind:context:)` checks every value and says what is wrong with the first bad one.
public struct QueryParameters: Sendable, Hashable {
    /// Rows returned when no limit is given.
    public static let defaultLimit = 50
    /// The most rows one page may hold.
    public static let maximumLimit = 10_000

    /// Free text, 1 to 200 characters.
    public var text: String?
    /// `any` (every kind of match, ranked) or `word` (whole words only).
    public var match: String?
    /// Genre names or labels, each resolved to a canonical genre ("acción" → action).
    public var genres: [String] = []
    /// Music genre names or labels.
    public var music: [String] = []
    /// A year (`1999`) or a range (`1990-2005`).
    public var year: String?
    /// Programme types (film, series, news…).
    public var types: [String] = []
    /// Channel ids, each may be a comma-separated list.
    public var channels: [String] = []
    /// A channel list named in the configuration file.
    public var channelList: String?
    /// On the air at the query's time.
    public var now = false
    /// Tonight, as the configuration defines it (default 20:00 to 06:00 in the guide's zone).
    public var tonight = false
    /// A local day: `YYYY-MM-DD`, `today`, `tomorrow` or `yesterday`.
    public var day: String?
    /// The window's start: an instant with its offset, a local date-time or date, or `HH:MM` today.
    public var from: String?
    /// The window's end, written as `from` is.
    public var to: String?
    /// The coming days, hours or minutes from the query's time (`3h`, `90m`, `2h30m`, `7d`).
    public var next: String?
    /// `overlap` (on at any moment of the window, the default) or `starts` (starting inside it).
    public var window: String?
    /// A point as `LAT,LON` in degrees.
    public var near: String?
    /// A distance from `near`: `2km`, `500m` or kilometres as a bare number.
    public var within: String?
    /// Only what is free to enter.
    public var free = false
    /// At least this rating: a programme's score out of 10, a venue's rating out of 5.
    public var minimumRating: String?
    /// Only nights whose guest list is open at the query's time.
    public var guestListOpen = false
    /// Only paid promotions, or nights they feature.
    public var featured = false
    /// Venues and nights of a city.
    public var city: String?
    /// The order: one of `Query.Sort` that the kind allows.
    public var sort: String?
    /// Rows per page, 1 to `maximumLimit`.
    public var limit: String?
    /// Rows to skip.
    public var offset: String?

    /// No parameter set.
    public init() {}

    /// The checked query for `kind`.
    public func query(kind: Query.Kind, context: QueryContext) throws(QueryError) -> Query {
        var query = Query(kind: kind, at: context.now)
        let applies = Applicability(kind: kind)
        if let text {
            try applies.check("text", text, applies.text)
            let trimmed = text.trimmingWhitespaceAndNewlines()
            guard !trimmed.isEmpty, trimmed.count <= 200 else {
                throw QueryError(parameter: "text", value: text, message: "give one to 200 characters of text")
            }
            query.text = trimmed
        }
        if let match {
            guard let value = Query.TextMatch(rawValue: match) else {
                throw QueryError(parameter: "match", value: match, message: "use any (every kind of match, ranked) or word (whole words only)")
            }
            query.textMatch = value
        }
        if !genres.isEmpty {
            try applies.check("genre", genres.joined(separator: ","), kind == .programmes)
            query.genres = Set(try Self.values(genres, parameter: "genre", resolving: QueryVocabulary.genre) { name in
                QueryVocabulary.programmeType.value(for: name).map { "\($0.rawValue) is a programme type, not a genre: use --type \($0.rawValue)" }
            })
        }
        if !music.isEmpty {
            try applies.check("music", music.joined(separator: ","), kind == .venues || kind == .nights)
            query.musicGenres = Set(try Self.values(music, parameter: "music", resolving: QueryVocabulary.musicGenre))
        }
        if let year {
            try applies.check("year", year, kind == .programmes)
            query.years = try Self.years(year)
        }
        if !types.isEmpty {
            try applies.check("type", types.joined(separator: ","), kind == .programmes)
            query.types = Set(try Self.values(types, parameter: "type", resolving: QueryVocabulary.programmeType) { name in
                QueryVocabulary.genre.value(for: name).map { "\($0.rawValue) is a genre, not a programme type: use --genre \($0.rawValue)" }
            })
        }
        if !channels.isEmpty || channelList != nil {
            try applies.check("channel", channels.joined(separator: ","), [.programmes, .audiences, .shares].contains(kind))
            var chosen = Set(channels.flatMap { $0.split(separator: ",") }.map { ChannelID(String($0).trimmingWhitespaceAndNewlines()) }.filter { !$0.rawValue.isEmpty })
            if let channelList {
                guard let listed = context.channelLists[channelList] else {
                    let known = context.channelLists.keys.sorted()
                    throw QueryError(parameter: "channel-list", value: channelList, message: known.isEmpty
                        ? "no channel lists are configured (add channel_lists: to the configuration file)"
                        : "no such list (configured: \(known.joined(separator: ", ")))")
                }
                chosen.formUnion(listed)
            }
            query.channels = chosen
        }
        query.window = try window(kind: kind, applies: applies, context: context)
        if let near {
            try applies.check("near", near, applies.distance)
            query.near = try Self.point(near)
        }
        if let within {
            try applies.check("within", within, applies.distance)
            guard query.near != nil else {
                throw QueryError(parameter: "within", value: within, message: "needs --near LAT,LON to measure from")
            }
            query.withinKilometres = try Self.kilometres(within)
        }
        if free {
            try applies.check("free", "", applies.distance)
            query.freeEntry = true
        }
        if let minimumRating {
            try applies.check("min-rating", minimumRating, kind == .programmes || kind == .venues)
            let scale = kind == .venues ? 5.0 : 10.0
            guard let value = Double(minimumRating), value.isFinite, (0...scale).contains(value) else {
                throw QueryError(parameter: "min-rating", value: minimumRating, message: "use a number from 0 to \(Int(scale)) (\(kind == .venues ? "venues are rated out of 5" : "programmes are scored out of 10"))")
            }
            query.minimumRating = value
        }
        if guestListOpen {
            try applies.check("guest-list-open", "", kind == .nights)
            query.guestListOpen = true
        }
        if featured {
            try applies.check("featured", "", kind == .promotions || kind == .nights)
            query.featuredOnly = true
        }
        if let city {
            try applies.check("city", city, kind == .venues || kind == .nights)
            query.city = city
        }
        if let sort {
            guard let value = Query.Sort(rawValue: sort), applies.sorts.contains(value) else {
                throw QueryError(parameter: "sort", value: sort, message: "\(kind.rawValue) sort by \(applies.sorts.map(\.rawValue).joined(separator: ", "))")
            }
            if value == .distance, query.near == nil {
                throw QueryError(parameter: "sort", value: sort, message: "sorting by distance needs --near LAT,LON")
            }
            if value == .relevance, query.text == nil {
                throw QueryError(parameter: "sort", value: sort, message: "sorting by relevance needs --text")
            }
            query.sort = value
        }
        if let limit {
            guard let value = Int(limit), (1...Self.maximumLimit).contains(value) else {
                throw QueryError(parameter: "limit", value: limit, message: "use a number of rows from 1 to \(Self.maximumLimit)")
            }
            query.limit = value
        }
        if let offset {
            guard let value = Int(offset), (0...100_000_000).contains(value) else {
                throw QueryError(parameter: "offset", value: offset, message: "use a number of rows to skip, 0 or more")
            }
            query.offset = value
        }
        return query
    }

    /// The time window the parameters describe: now, tonight, a day, the next hours, or from/to.
    private func window(kind: Query.Kind, applies: Applicability, context: QueryContext) throws(QueryError) -> Query.Window? {
        let named = [("now", now ? "" : nil), ("tonight", tonight ? "" : nil), ("day", day), ("next", next)].filter { $0.1 != nil }
        if named.count > 1 {
            throw QueryError(parameter: named[1].0, value: named[1].1 ?? "", message: "use one of --now, --tonight, --day and --next, not several")
        }
        if let first = named.first, from != nil || to != nil {
            throw QueryError(parameter: first.0, value: first.1 ?? "", message: "use either \(first.0) or --from/--to")
        }
        var mode = Query.WindowMode.overlap
        if let window {
            guard let value = Query.WindowMode(rawValue: window) else {
                throw QueryError(parameter: "window", value: window, message: "use overlap (on the air at any moment of it) or starts (starting inside it)")
            }
            mode = value
        }
        let zone = context.guideZone
        let today = zone.local(context.now).day
        var result: Query.Window?
        if now {
            try applies.check("now", "", applies.time)
            result = Query.Window(from: context.now, to: context.now.adding(seconds: 1), mode: .overlap)
        } else if tonight {
            try applies.check("tonight", "", applies.time)
            // A night that runs past midnight (20:00 to 06:00) is still last night until it ends; one that ends the same day is today's.
            let local = zone.local(context.now)
            let crossesMidnight = context.tonight.end <= context.tonight.start
            let evening = crossesMidnight && local.secondOfDay < context.tonight.end ? today.advanced(by: -1) : today
            let start = zone.instant(LocalDateTime(day: evening, secondOfDay: context.tonight.start))
            let endDay = context.tonight.end <= context.tonight.start ? evening.advanced(by: 1) : evening
            result = Query.Window(from: start, to: zone.instant(LocalDateTime(day: endDay, secondOfDay: context.tonight.end)), mode: mode)
        } else if let day {
            try applies.check("day", day, applies.time)
            let date: Day
            switch day {
            case "today": date = today
            case "tomorrow": date = today.advanced(by: 1)
            case "yesterday": date = today.advanced(by: -1)
            default:
                guard let parsed = Day(day) else {
                    throw QueryError(parameter: "day", value: day, message: "use YYYY-MM-DD, today, tomorrow or yesterday")
                }
                date = parsed
            }
            result = Query.Window(from: zone.instant(LocalDateTime(day: date, secondOfDay: 0)),
                                  to: zone.instant(LocalDateTime(day: date.advanced(by: 1), secondOfDay: 0)), mode: mode)
        } else if let next {
            try applies.check("next", next, applies.time)
            let seconds = try Self.duration(next, parameter: "next")
            result = Query.Window(from: context.now, to: context.now.adding(seconds: Int64(seconds)), mode: mode)
        } else if from != nil || to != nil {
            try applies.check(from != nil ? "from" : "to", from ?? to ?? "", applies.time)
            let start = try from.map { text throws(QueryError) in try Self.instant(text, parameter: "from", zone: zone, today: today) }
            let end = try to.map { text throws(QueryError) in try Self.instant(text, parameter: "to", zone: zone, today: today) }
            let lower = start ?? Timestamp(secondsSince1970: Timestamp.supported.lowerBound)
            let upper = end ?? Timestamp(secondsSince1970: Timestamp.supported.upperBound)
            guard lower < upper else {
                throw QueryError(parameter: "to", value: to ?? "", message: "ends before --from \(from ?? "") starts")
            }
            result = Query.Window(from: lower, to: upper, mode: mode)
        } else if window != nil {
            throw QueryError(parameter: "window", value: window ?? "", message: "needs a time: --now, --tonight, --day, --next or --from/--to")
        }
        return result
    }

    /// Each value (repeated, or comma-separated) resolved, or an error suggesting the closest valid names.
    /// `misplaced` says when a name belongs to another parameter ("film" is a type, not a genre).
    private static func values<Value>(_ texts: [String], parameter: String, resolving table: QueryVocabulary.Table<Value>,
                                      misplaced: (String) -> String? = { _ in nil }) throws(QueryError) -> [Value] {
        var result: [Value] = []
        for text in texts.flatMap({ $0.split(separator: ",").map(String.init) }) {
            let trimmed = text.trimmingWhitespaceAndNewlines()
            guard let value = table.value(for: trimmed) else {
                if let message = misplaced(trimmed) { throw QueryError(parameter: parameter, value: trimmed, message: message) }
                throw QueryError(parameter: parameter, value: trimmed, message: "unknown \(table.noun); the closest are \(table.closest(to: trimmed).joined(separator: ", "))")
            }
            result.append(value)
        }
        return result
    }

    /// `1990-2005`, `1990`, `1990-` or `-2005`.
    static func years(_ text: String) throws(QueryError) -> ClosedRange<Int> {
        func year(_ part: Substring) throws(QueryError) -> Int? {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            guard let value = Int(trimmed), (1800...2100).contains(value) else {
                throw QueryError(parameter: "year", value: text, message: "years run from 1800 to 2100 (use FROM-TO such as 1990-2005, or one year)")
            }
            return value
        }
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let first = try year(parts[0])
        let last = parts.count > 1 ? try year(parts[1]) : first
        guard first != nil || last != nil else {
            throw QueryError(parameter: "year", value: text, message: "use FROM-TO such as 1990-2005, or one year")
        }
        let lower = first ?? 1800, upper = last ?? 2100
        guard lower <= upper else {
            throw QueryError(parameter: "year", value: text, message: "the range runs backwards (use FROM-TO such as \(upper)-\(lower), or one year)")
        }
        return lower...upper
    }

    /// `LAT,LON` in decimal degrees.
    static func point(_ text: String) throws(QueryError) -> GeoPoint {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]), latitude.isFinite, longitude.isFinite else {
            throw QueryError(parameter: "near", value: text, message: "use LAT,LON in decimal degrees, such as 40.4168,-3.7038")
        }
        guard (-90...90).contains(latitude) else {
            throw QueryError(parameter: "near", value: text, message: "latitude \(parts[0]) is outside -90…90 (use LAT,LON such as 40.4168,-3.7038)")
        }
        guard let point = GeoPoint(latitude: latitude, longitude: longitude) else {
            throw QueryError(parameter: "near", value: text, message: "longitude \(parts[1]) is outside -180…180 (use LAT,LON such as 40.4168,-3.7038)")
        }
        return point
    }

    /// `2km`, `2 km`, `500m`, or a bare number of kilometres.
    static func kilometres(_ text: String) throws(QueryError) -> Double {
        let compact = text.filter { !$0.isWhitespace }.lowercased()
        let (number, factor): (Substring, Double) = compact.hasSuffix("km") ? (compact.dropLast(2), 1)
            : compact.hasSuffix("m") ? (compact.dropLast(1), 0.001) : (Substring(compact), 1)
        guard let value = Double(number), value.isFinite else {
            throw QueryError(parameter: "within", value: text, message: "use a distance such as 2km, 500m or 1.5")
        }
        let kilometres = value * factor
        guard kilometres > 0, kilometres <= 20_040 else {
            throw QueryError(parameter: "within", value: text, message: "use a positive distance up to half the Earth's circumference, such as 2km or 500m")
        }
        return kilometres
    }

    /// `3h`, `90m`, `2h30m`, `7d` or a bare number of hours, in seconds; at most a year.
    static func duration(_ text: String, parameter: String) throws(QueryError) -> Int {
        let compact = text.filter { !$0.isWhitespace }.lowercased()
        var total = 0, number = 0, digits = 0
        let fail = QueryError(parameter: parameter, value: text, message: "use a duration such as 3h, 90m, 2h30m or 7d")
        for character in compact {
            if let digit = character.wholeNumberValue, character.isASCII {
                guard let next = Checked.appendingDigit(number, digit), digits < 6 else { throw fail }
                number = next
                digits += 1
            } else if character == "d" || character == "h" || character == "m", digits > 0 {
                total += number * (character == "d" ? 86_400 : character == "h" ? 3600 : 60)
                guard total <= 366 * 86_400 else { throw fail }
                number = 0
                digits = 0
            } else {
                throw fail
            }
        }
        if digits > 0 { total += number * 3600 }
        guard total > 0, total <= 366 * 86_400 else { throw fail }
        return total
    }

    /// An instant: ISO 8601 with an offset, a local `YYYY-MM-DDTHH:MM` or `YYYY-MM-DD` in the guide's zone, or `HH:MM` today.
    static func instant(_ text: String, parameter: String, zone: ZoneConverter, today: Day) throws(QueryError) -> Timestamp {
        if let instant = Timestamp(iso8601: text) { return instant }
        let parts = text.replacingOccurrences(of: " ", with: "T").split(separator: "T", maxSplits: 1).map(String.init)
        if parts.count == 1, let day = Day(parts[0]) {
            return zone.instant(LocalDateTime(day: day, secondOfDay: 0))
        }
        let dayPart = parts.count == 2 ? Day(parts[0]) : today
        let clock = parts.count == 2 ? parts[1] : parts[0]
        let pieces = clock.split(separator: ":")
        if let day = dayPart, pieces.count == 2 || pieces.count == 3,
           let hour = Int(pieces[0]), let minute = Int(pieces[1]), (0...23).contains(hour), (0...59).contains(minute) {
            let second = pieces.count == 3 ? Int(pieces[2]) ?? -1 : 0
            if (0...59).contains(second) {
                return zone.instant(LocalDateTime(day: day, hour: hour, minute: minute, second: second))
            }
        }
        throw QueryError(parameter: parameter, value: text, message: "use an instant such as 2026-11-25T18:00Z, a local 2026-11-25T20:00 or 2026-11-25 (\(zone.identifier)), or 20:30 today")
    }
}

/// Which parameters a kind of query takes.
struct Applicability {
    let kind: Query.Kind
    var text: Bool { kind != .shares }
    var time: Bool { kind != .venues }
    var distance: Bool { kind == .venues || kind == .nights }
    var sorts: [Query.Sort] {
        switch kind {
        case .programmes: [.time, .title, .rating, .relevance]
        case .audiences: [.viewers, .share, .time, .title, .relevance]
        case .shares: [.share, .title]
        case .venues: [.distance, .rating, .title, .relevance]
        case .nights: [.time, .distance, .title, .relevance]
        case .promotions: [.time, .title, .relevance]
        }
    }

    /// Throws unless the parameter applies to this kind.
    func check(_ parameter: String, _ value: String, _ applies: Bool) throws(QueryError) {
        guard !applies else { return }
        throw QueryError(parameter: parameter, value: value, message: "does not apply to \(kind.rawValue)")
    }
}

extension String {
    /// The text without leading and trailing white space and newlines.
    func trimmingWhitespaceAndNewlines() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
