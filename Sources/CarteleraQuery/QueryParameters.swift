import CarteleraCore
import Foundation
import CarteleraModel

/// What a query needs from its surroundings: the time, the guide's zone, the named channel lists, the store's channels.
public struct QueryContext: Sendable {
    /// The instant "now" means.
    public var now: Timestamp
    /// The zone "tonight", "today" and local times are read in (the guide's, not the viewer's).
    public var guideZone: ZoneConverter
    /// Named channel lists from the configuration file ("mine" → La1.es, La2.es…).
    public var channelLists: [String: [ChannelID]]
    /// When "tonight" starts and ends, in seconds after local midnight (20:00 and 06:00 by default).
    public var tonight: (start: Int, end: Int)
    /// The channels the store holds, when a query is checked against it (the command line, the API); nil to take any id (feeds).
    public var knownChannels: Set<ChannelID>?

    /// A context; tonight is 20:00 to 06:00 unless said otherwise.
    public init(now: Timestamp, guideZone: ZoneConverter, channelLists: [String: [ChannelID]] = [:], tonight: (start: Int, end: Int) = (20 * 3600, 6 * 3600)) {
        self.now = now
        self.guideZone = guideZone
        self.channelLists = channelLists
        self.tonight = tonight
    }
}

/// A query as text, parameter by parameter, before it is checked: what the command line's options, the HTTP API's
/// query string and a feed definition's `query:` mapping all fill in, by the names `QueryParameter.all` declares.
/// `query(kind:context:)` checks every value and says what is wrong with the first bad one.
public struct QueryParameters: Sendable, Hashable {
    /// Rows returned when no limit is given.
    public static let defaultLimit = 50
    /// The most rows one page may hold.
    public static let maximumLimit = 10_000

    /// The values of each parameter by its slot, empty when it is not given.
    private var given: [[String]]

    /// No parameter set.
    public init() {
        given = Array(repeating: [], count: QueryParameter.Slot.allCases.count)
    }

    /// The values of `parameter` as text, empty when it is not given; a flag holds `true` or `false`.
    public subscript(parameter: QueryParameter) -> [String] {
        get { given[parameter.slot.rawValue] }
        set { given[parameter.slot.rawValue] = newValue }
    }

    /// The values at `slot`.
    private func texts(_ slot: QueryParameter.Slot) -> [String] { given[slot.rawValue] }

    /// The parameters given, in the order `QueryParameter.all` declares them.
    public var parameters: [QueryParameter] { QueryParameter.all.filter { !given[$0.slot.rawValue].isEmpty } }

    /// Sets the parameter called `name` to `values` as a surface received them: lists take every value, the others
    /// exactly one, flags `true`/`false` (an empty value is `true`, as `?free` in a query string); throws naming the parameter.
    public mutating func set(_ name: String, to values: [String]) throws(QueryError) {
        guard let slot = QueryParameter.Slot(name: name) else {
            throw QueryError(parameter: name, value: values.joined(separator: ","), message: "unknown parameter (\(QueryParameter.all.map(\.name).joined(separator: ", ")))")
        }
        try set(slot, QueryParameter.rules[slot.rawValue], name: name, to: values)
    }

    /// Sets the parameter at `slot`, which `rule` describes, as `set(_:to:)` does.
    mutating func set(_ slot: QueryParameter.Slot, _ rule: QueryParameter.Rule, name: String, to values: [String]) throws(QueryError) {
        switch rule.value {
        case .list:
            given[slot.rawValue] += values
        case .single, .flag:
            guard values.count == 1, let value = values.first else {
                let hint: QueryMessage = slot == .sort ? "; for tie-breaking orders, list them in one: \(parameter: .sort, "rating,distance")" : ""
                throw QueryError(parameter: name, value: values.joined(separator: ","), message: "give it once\(hint)")
            }
            guard rule.value == .flag else {
                given[slot.rawValue] = [value]
                return
            }
            switch value {
            case "", "true", "1", "yes": given[slot.rawValue] = ["true"]
            case "false", "0", "no": given[slot.rawValue] = ["false"]
            default: throw QueryError(parameter: name, value: value, message: "use true or false")
            }
        }
    }

    /// The single value at `slot`, nil when not given.
    private func single(_ slot: QueryParameter.Slot) -> String? { given[slot.rawValue].last }

    /// Whether the flag at `slot` is set to true.
    private func flag(_ slot: QueryParameter.Slot) -> Bool { given[slot.rawValue].last == "true" }

    /// The checked query for `kind`.
    public func query(kind: Query.Kind, context: QueryContext) throws(QueryError) -> Query {
        var query = Query(kind: kind, at: context.now)
        // The given parameters are checked as they come (nearly always every one applies); the first one that does not,
        // in the declared order, is named.
        let rules = QueryParameter.rules, bit = kind.bit
        for slot in given.indices where !given[slot].isEmpty && rules[slot].kinds & bit == 0 {
            throw QueryError(parameter: QueryParameter.all[slot].name, value: given[slot].joined(separator: ","), message: "does not apply to \(kind.rawValue)")
        }
        if let text = single(.text) {
            let trimmed = text.trimmingWhitespaceAndNewlines()
            guard !trimmed.isEmpty, trimmed.count <= 200 else {
                throw QueryError(parameter: "text", value: text, message: "give one to 200 characters of text")
            }
            query.text = trimmed
        }
        if let match = single(.match) {
            guard let value = Query.TextMatch(rawValue: match) else {
                throw QueryError(parameter: "match", value: match, message: "use any (every kind of match, ranked) or word (whole words only)")
            }
            query.textMatch = value
        }
        query.genres = Set(try Self.values(texts(.genre), parameter: "genre", resolving: QueryVocabulary.genre) { name in
            QueryVocabulary.programmeType.value(for: name).map { "\($0.rawValue) is a programme type, not a genre: use \(parameter: .type, $0.rawValue)" }
        })
        if flag(.allGenres) {
            guard !query.genres.isEmpty else {
                throw QueryError(parameter: QueryParameter.allGenres.name, value: "", message: "needs \(parameter: .genre, "G"): the genres a programme must all have")
            }
            query.allGenres = true
        }
        query.musicGenres = Set(try Self.values(texts(.music), parameter: "music", resolving: QueryVocabulary.musicGenre))
        if let year = single(.year) {
            query.years = try Self.years(year)
        }
        query.types = Set(try Self.values(texts(.type), parameter: "type", resolving: QueryVocabulary.programmeType) { name in
            QueryVocabulary.genre.value(for: name).map { "\($0.rawValue) is a genre, not a programme type: use \(parameter: .genre, $0.rawValue)" }
        })
        query.channels = try channelSelection(context: context)
        query.window = try window(context: context)
        if let near = single(.near) {
            query.near = try Self.point(near)
        }
        if let within = single(.within) {
            guard query.near != nil else {
                throw QueryError(parameter: "within", value: within, message: "needs \(parameter: .near, "LAT,LON") to measure from")
            }
            query.withinKilometres = try Self.kilometres(within)
        }
        if flag(.free) { query.freeEntry = true }
        if let minimumRating = single(.minRating) {
            let scale = kind == .venues ? 5.0 : 10.0
            guard let value = Double(minimumRating), value.isFinite, (0...scale).contains(value) else {
                throw QueryError(parameter: "min-rating", value: minimumRating, message: "use a number from 0 to \(Int(scale)) (\(kind == .venues ? "venues are rated out of 5" : "programmes are scored out of 10"))")
            }
            query.minimumRating = value
        }
        if flag(.guestListOpen) { query.guestListOpen = true }
        if flag(.featured) { query.featuredOnly = true }
        if let city = single(.city) { query.city = city }
        if let sort = single(.sort) {
            query.sorts = try Self.sorts(sort, kind: kind, query: query)
        }
        if let limit = single(.limit) {
            guard let value = Int(limit), (1...Self.maximumLimit).contains(value) else {
                throw QueryError(parameter: "limit", value: limit, message: "use a number of rows from 1 to \(Self.maximumLimit)")
            }
            query.limit = value
        }
        if let offset = single(.offset) {
            guard let value = Int(offset), (0...100_000_000).contains(value) else {
                throw QueryError(parameter: "offset", value: offset, message: "use a number of rows to skip, 0 or more")
            }
            query.offset = value
        }
        return query
    }

    /// The channels asked for, nil when none is: the ids given (repeated or comma-separated, trimmed) and the
    /// configured list named, if any. An id given that the context's `knownChannels` lacks is refused with the closest.
    /// Every surface (query, now, the API, feeds) resolves channels here.
    public func channelSelection(context: QueryContext) throws(QueryError) -> Set<ChannelID>? {
        let list = single(.channelList)
        guard !texts(.channel).isEmpty || list != nil else { return nil }
        var chosen = Set<ChannelID>()
        for id in texts(.channel).lazy.flatMap({ $0.commaSeparated() }).map({ String($0).trimmingWhitespaceAndNewlines() }) where !id.isEmpty {
            let channel = ChannelID(id)
            if let known = context.knownChannels, !known.contains(channel) {
                let closest = known.map(\.rawValue).map { ($0, EditDistance.between(id.lowercased(), $0.lowercased(), limit: 64)) }
                    .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
                throw QueryError(parameter: "channel", value: id, message: closest.isEmpty
                    ? "the store holds no channel yet"
                    : "no such channel in the store; the closest are \(closest.joined(separator: ", "))")
            }
            chosen.insert(channel)
        }
        if let list {
            guard let listed = context.channelLists[list] else {
                let known = context.channelLists.keys.sorted()
                throw QueryError(parameter: "channel-list", value: list, message: known.isEmpty
                    ? "no channel lists are configured (add channel_lists: to the configuration file)"
                    : "no such list (configured: \(known.joined(separator: ", ")))")
            }
            chosen.formUnion(listed.map { ChannelID($0.rawValue.trimmingWhitespaceAndNewlines()) })
        }
        return chosen
    }

    /// The orders of a `sort` value: comma-separated, each once, each one the kind takes.
    static func sorts(_ text: String, kind: Query.Kind, query: Query) throws(QueryError) -> [Query.Sort] {
        let allowed = Self.sorts(of: kind)
        var sorts: [Query.Sort] = []
        // One order without a comma (nearly always) is the whole value, as a split would give it.
        let names = text.utf8.contains(UInt8(ascii: ",")) ? text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespaceAndNewlines() }
            : [text.trimmingWhitespaceAndNewlines()]
        for name in names {
            guard let sort = Query.Sort(rawValue: name), allowed.contains(sort) else {
                let which = names.count > 1 ? "\(name.isEmpty ? "an empty order" : name): " : ""
                throw QueryError(parameter: "sort", value: text, message: "\(which)\(kind.rawValue) sort by \(allowed.map(\.rawValue).joined(separator: ", ")), or several comma-separated to break ties")
            }
            guard !sorts.contains(sort) else {
                throw QueryError(parameter: "sort", value: text, message: "\(name) is given twice")
            }
            if sort == .distance, query.near == nil {
                throw QueryError(parameter: "sort", value: text, message: "sorting by distance needs \(parameter: .near, "LAT,LON")")
            }
            if sort == .relevance, query.text == nil {
                throw QueryError(parameter: "sort", value: text, message: "sorting by relevance needs \(parameter: .text, "T")")
            }
            sorts.append(sort)
        }
        return sorts
    }

    /// The orders each kind takes.
    public static func sorts(of kind: Query.Kind) -> [Query.Sort] {
        switch kind {
        case .programmes: [.time, .title, .rating, .year, .channel, .relevance]
        case .audiences: [.viewers, .share, .time, .title, .channel, .relevance]
        case .shares: [.share, .channel, .title]
        case .venues: [.distance, .rating, .title, .relevance]
        case .nights: [.time, .distance, .title, .relevance]
        case .promotions: [.time, .title, .relevance]
        }
    }

    /// The time window the parameters describe: now, tonight, a day, the next hours, or from/to.
    private func window(context: QueryContext) throws(QueryError) -> Query.Window? {
        let now = flag(.now), tonight = flag(.tonight), day = single(.day), next = single(.next)
        let from = single(.from), to = single(.to), window = single(.window)
        // A window named by now, tonight, day or next (the list of them made only when there is one).
        if now || tonight || day != nil || next != nil {
            let named = [(QueryParameter.now, now ? "" : nil), (.tonight, tonight ? "" : nil), (.day, day), (.next, next)].filter { $0.1 != nil }
            if named.count > 1 {
                throw QueryError(parameter: named[1].0.name, value: named[1].1 ?? "",
                                 message: "use one of \(parameter: .now), \(parameter: .tonight), \(parameter: .day) and \(parameter: .next), not several")
            }
            if let first = named.first, from != nil || to != nil {
                throw QueryError(parameter: first.0.name, value: first.1 ?? "", message: "use either \(parameter: first.0) or \(parameter: .from)/\(parameter: .to)")
            }
        }
        var mode = Query.WindowMode.overlap
        if let window {
            guard let value = Query.WindowMode(rawValue: window) else {
                throw QueryError(parameter: "window", value: window, message: "use overlap (on the air at any moment of it) or starts (starting inside it)")
            }
            mode = value
        }
        let zone = context.guideZone
        // The guide's day now, read only by the windows that need it: a zone conversion costs more than the rest of a query's checks.
        func today() -> Day { zone.local(context.now).day }
        var result: Query.Window?
        if now {
            result = Query.Window(from: context.now, to: context.now.adding(seconds: 1), mode: .overlap)
        } else if tonight {
            // A night that runs past midnight (20:00 to 06:00) is still last night until it ends; one that ends the same day is today's.
            let local = zone.local(context.now)
            let crossesMidnight = context.tonight.end <= context.tonight.start
            let evening = crossesMidnight && local.secondOfDay < context.tonight.end ? local.day.advanced(by: -1) : local.day
            let start = zone.instant(LocalDateTime(day: evening, secondOfDay: context.tonight.start))
            let endDay = context.tonight.end <= context.tonight.start ? evening.advanced(by: 1) : evening
            result = Query.Window(from: start, to: zone.instant(LocalDateTime(day: endDay, secondOfDay: context.tonight.end)), mode: mode)
        } else if let day {
            let date: Day
            switch day {
            case "today": date = today()
            case "tomorrow": date = today().advanced(by: 1)
            case "yesterday": date = today().advanced(by: -1)
            default:
                guard let parsed = Day(day) else {
                    throw QueryError(parameter: "day", value: day, message: "use YYYY-MM-DD, today, tomorrow or yesterday")
                }
                date = parsed
            }
            result = Query.Window(from: zone.instant(LocalDateTime(day: date, secondOfDay: 0)),
                                  to: zone.instant(LocalDateTime(day: date.advanced(by: 1), secondOfDay: 0)), mode: mode)
        } else if let next {
            let seconds = try Self.duration(next, parameter: "next")
            result = Query.Window(from: context.now, to: context.now.adding(seconds: Int64(seconds)), mode: mode)
        } else if from != nil || to != nil {
            let start = try from.map { text throws(QueryError) in try Self.instant(text, parameter: "from", zone: zone, today: today) }
            let end = try to.map { text throws(QueryError) in try Self.instant(text, parameter: "to", zone: zone, today: today) }
            let lower = start ?? Timestamp(secondsSince1970: Timestamp.supported.lowerBound)
            let upper = end ?? Timestamp(secondsSince1970: Timestamp.supported.upperBound)
            guard lower < upper else {
                throw QueryError(parameter: "to", value: to ?? "", message: "ends before \(parameter: .from, from ?? "") starts")
            }
            result = Query.Window(from: lower, to: upper, mode: mode)
        } else if window != nil {
            throw QueryError(parameter: "window", value: window ?? "",
                             message: "needs a time: \(parameter: .now), \(parameter: .tonight), \(parameter: .day), \(parameter: .next) or \(parameter: .from)/\(parameter: .to)")
        }
        return result
    }

    /// Each value (repeated, or comma-separated) resolved, or an error suggesting the closest valid names.
    /// `misplaced` says when a name belongs to another parameter ("film" is a type, not a genre).
    private static func values<Value>(_ texts: [String], parameter: String, resolving table: QueryVocabulary.Table<Value>,
                                      misplaced: (String) -> QueryMessage? = { _ in nil }) throws(QueryError) -> [Value] {
        var result: [Value] = []
        for text in texts.flatMap({ $0.commaSeparated() }) {
            let trimmed = String(text).trimmingWhitespaceAndNewlines()
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
            // Digits alone (nearly every year given) have nothing to trim, and Foundation's trim costs more than the rest.
            let trimmed = part.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) ? part : Substring(part.trimmingCharacters(in: .whitespaces))
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
    static func instant(_ text: String, parameter: String, zone: ZoneConverter, today: () -> Day) throws(QueryError) -> Timestamp {
        if let instant = Timestamp(iso8601: text) { return instant }
        let parts = text.replacingOccurrences(of: " ", with: "T").split(separator: "T", maxSplits: 1).map(String.init)
        if parts.count == 1, let day = Day(parts[0]) {
            return zone.instant(LocalDateTime(day: day, secondOfDay: 0))
        }
        let dayPart = parts.count == 2 ? Day(parts[0]) : today()
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

extension String {
    /// The parts between commas, empty ones left out, as `split(separator: ",")` gives them: split on the UTF-8 bytes
    /// when every comma has an ASCII byte or an end on each side, where it is always a character of its own; else by
    /// characters (a comma followed by a combining mark is one character with it, and no place to split).
    func commaSeparated() -> [Substring] {
        let bytes = utf8
        var parts: [Substring] = []
        var start = bytes.startIndex, position = bytes.startIndex, previous: UInt8 = 0
        while position != bytes.endIndex {
            let byte = bytes[position]
            let next = bytes.index(after: position)
            if byte == UInt8(ascii: ",") {
                guard previous < 0x80, next == bytes.endIndex || bytes[next] < 0x80 else { return split(separator: ",") }
                if start != position { parts.append(self[start..<position]) }
                start = next
            }
            previous = byte
            position = next
        }
        if start != bytes.endIndex { parts.append(self[start...]) }
        return parts
    }

    /// The text without leading and trailing white space and newlines.
    func trimmingWhitespaceAndNewlines() -> String {
        // Text that begins and ends with a visible ASCII character (nearly every value) is itself: a character that
        // begins or ends with one is not white space.
        func visibleASCII(_ byte: UInt8?) -> Bool { byte.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        if visibleASCII(utf8.first), visibleASCII(utf8.last) { return self }
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
