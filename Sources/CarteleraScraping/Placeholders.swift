import CarteleraModel
import CarteleraOutput

/// The values a `{…}` placeholder in a URL, form, body or selector can take.
///
/// A placeholder is `{` then a name starting with a letter, up to the next `}`. Any other `{` is written as is, so JSON
/// bodies (`{"tipo":"anonima"}`) and regular-expression counts (`\d{2}`) need no escaping; `{{` writes a `{` where one
/// must stand before a letter (a GraphQL query's `{{page{{id}}`).
struct PlaceholderValues: Sendable {
    var day: Day?
    var channel: ChannelEntry?
    var page: Int?
    /// The scrape's today in the source's zone, for sites that name days relative to it.
    var today: Day?
    var fields: [String: String] = [:]
    /// Values read from the session request's answer, for `{session.NAME}`.
    var session: [String: String] = [:]
    /// The zone the day asked for is cut in (`day_zone`), for `{time:…}`.
    var dayZone: ZoneConverter = .utc
    /// The zone `{time:…}` writes clock times in (`timezone`).
    var clockZone: ZoneConverter = .utc

    /// Representative values for checking templates when a definition loads: a real day, a channel and page 1.
    static let probe: PlaceholderValues = {
        var values = PlaceholderValues(day: Day(daysSince1970: 20_000), channel: ChannelEntry(id: "probe", siteId: "probe", name: "probe", lang: "en"), page: 1)
        values.today = values.day
        return values
    }()

    /// `template` with every placeholder replaced; unknown placeholders are reported by `unknownNames` when a definition loads.
    func render(_ template: String) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        for segment in Self.segments(template) {
            switch segment {
            case .text(let text): result += text
            case .placeholder(let name): result += value(for: name) ?? ""
            }
        }
        return result
    }

    /// `template` with each placeholder's value passed through `escape` first (for regular expressions and their templates).
    func render(_ template: String, escaping escape: (String) -> String) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        for segment in Self.segments(template) {
            switch segment {
            case .text(let text): result += text
            case .placeholder(let name): result += escape(value(for: name) ?? "")
            }
        }
        return result
    }

    func value(for name: String) -> String? {
        var filters = name.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let key = filters.removeFirst()
        var value = baseValue(key)
        for filter in filters { value = value.flatMap { Self.apply(filter, to: $0) } }
        return value
    }

    private func baseValue(_ key: String) -> String? {
        if let (shift, format) = Self.dateKey(key) {
            return day.map { Self.format($0.advanced(by: shift), format) }
        } else if let (shifts, format) = Self.timeKey(key) {
            return day.flatMap { time($0, shifts: shifts, format: format) }
        } else if key.hasPrefix("week.start:") || key.hasPrefix("week.end:") {
            // Sites that take a whole week as a range: the Monday and Sunday of the day's ISO week.
            let isStart = key.hasPrefix("week.start:")
            let format = String(key.drop { $0 != ":" }.dropFirst())
            return day.map { day in
                let monday = day.advanced(by: 1 - day.isoWeekday)
                return Self.format(isStart ? monday : monday.advanced(by: 6), format)
            }
        } else if key.hasPrefix("day.relative:") {
            // Sites whose URLs say "today", "tomorrow"…: the word at the day's distance from today.
            let words = key.dropFirst(13).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if let day, let today, case let distance = today.distance(to: day), words.indices.contains(distance) {
                return words[distance]
            }
            return nil
        } else if key == "day.offset" {
            // Sites that number days from today: 0 today, 1 tomorrow, -1 yesterday.
            guard let day, let today else { return nil }
            return String(today.distance(to: day))
        } else if key == "channel" {
            return channel.map { $0.siteId ?? $0.id }
        } else if key == "channel.id" {
            return channel?.id
        } else if key == "channel.name" {
            return channel?.name
        } else if key == "channel.lang" {
            return channel?.lang
        } else if key.hasPrefix("channel."), let part = Int(key.dropFirst(8)), part >= 1 {
            let parts = (channel?.siteId ?? channel?.id ?? "").split(separator: "#", omittingEmptySubsequences: false)
            return part <= parts.count ? String(parts[part - 1]) : nil
        } else if key == "page" {
            return page.map(String.init)
        } else if key.hasPrefix("page:") {
            // Sites that name a day's parts ("morning", "noon"…): the page-th word, counting from 1.
            let words = key.dropFirst(5).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if let page, page >= 1, page <= words.count { return words[page - 1] }
            return nil
        } else if key.hasPrefix("field.") {
            return fields[String(key.dropFirst(6))]
        } else if key.hasPrefix("session.") {
            return session[String(key.dropFirst(8))]
        }
        return nil
    }

    /// The instant the day starts in `dayZone`, moved by `shifts`, written with `format` in `clockZone`.
    private func time(_ day: Day, shifts: [TimeShift], format: String) -> String? {
        var start = day
        var seconds: Int64 = 0
        for shift in shifts {
            let count = shift.perPage ? shift.amount * Int64(page ?? 0) : shift.amount
            // Bounded when parsed (six digits) and by the page count, so none of these can overflow.
            switch shift.unit {
            case .days: start = start.advanced(by: Int(clamping: count))
            case .hours: seconds += count * 3600
            case .minutes: seconds += count * 60
            case .seconds: seconds += count
            }
        }
        let instant = dayZone.instant(LocalDateTime(day: start, secondOfDay: 0)).adding(seconds: seconds)
        return DateTimeWriter.write(instant, format: format, zone: clockZone)
    }

    /// A placeholder's filter applied to its value; nil drops the value.
    static func apply(_ filter: String, to value: String) -> String? {
        switch filter {
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "ascii": return ascii(value)
        case "json": return PublishedText.jsonEscaped(value)
        case "url": return FormEncoding.encode(value)
        default:
            guard let amount = addend(filter) else { return value }
            guard let number = Int64(value) else { return nil }
            let (sum, overflow) = number.addingReportingOverflow(amount)
            return overflow ? nil : String(sum)
        }
    }

    /// The N of an `add:N` filter (a whole number of at most 15 digits), else nil.
    static func addend(_ filter: String) -> Int64? {
        guard filter.hasPrefix("add:") else { return nil }
        let digits = filter.dropFirst(4)
        guard digits.count <= 16, let amount = Int64(digits) else { return nil }
        return amount
    }

    /// The filters a placeholder may end with: `{date:EEEE@ro|lower|ascii}`, `{channel.name|json}`, `{date:u|add:-1}`.
    static let filterNames: Set<String> = ["lower", "upper", "ascii", "json", "url"]

    /// The text without diacritics, case kept (`Duminică` → `Duminica`).
    static func ascii(_ text: String) -> String {
        String(String.UnicodeScalarView(text.decomposedStringWithCanonicalMapping.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }))
    }

    /// A piece of a template: text written as is, or a placeholder's name (with its filters).
    enum Segment: Equatable {
        case text(String)
        case placeholder(String)
    }

    /// The template cut into text and placeholders: `{` + a letter opens one up to the next `}`, `{{` is a `{`.
    static func segments(_ template: String) -> [Segment] {
        var segments: [Segment] = []
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let next = rest.index(after: open)
            if next < rest.endIndex, rest[next] == "{" {
                text += "{"
                rest = rest[rest.index(after: next)...]
                continue
            }
            guard next < rest.endIndex, rest[next].isLetter, let close = rest[next...].firstIndex(of: "}") else {
                text += "{"
                rest = rest[next...]
                continue
            }
            if !text.isEmpty { segments.append(.text(text)) }
            text = ""
            segments.append(.placeholder(String(rest[next..<close])))
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        if !text.isEmpty { segments.append(.text(text)) }
        return segments
    }

    /// The placeholder names (filters included) of a template, in order.
    static func names(in template: String) -> [String] {
        segments(template).compactMap { segment in
            if case .placeholder(let name) = segment { return name }
            return nil
        }
    }

    /// The N of every `{channel.N}` in `template`.
    static func channelParts(in template: String) -> [Int] {
        names(in: template).compactMap { full in
            let name = full.split(separator: "|").first ?? ""
            return name.hasPrefix("channel.") ? Int(name.dropFirst(8)) : nil
        }
    }

    /// The `{field.NAME}` names a template uses.
    static func fieldNames(in template: String) -> [String] {
        names(in: template).compactMap { full in
            let name = full.split(separator: "|").first ?? ""
            return name.hasPrefix("field.") ? String(name.dropFirst(6)) : nil
        }
    }

    /// The placeholder names `template` uses that no value can fill, for validation.
    ///
    /// `fieldNames` are the fields `{field.NAME}` may name (any when nil); `sessionNames` the session's values (none when empty).
    static func unknownNames(in template: String, fieldNames: Set<String>? = nil, sessionNames: Set<String> = []) -> [String] {
        var unknown: [String] = []
        for full in names(in: template) {
            let parts = full.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let name = parts.first ?? ""
            if let filter = parts.dropFirst().first(where: { !filterNames.contains($0) && addend($0) == nil }) {
                unknown.append("\(name)|\(filter)")
                continue
            }
            if let language = Self.language(of: name), DateNames.languages[language] == nil {
                unknown.append(name)
                continue
            }
            if name.hasPrefix("time"), let (_, format) = timeKey(name), !DateTimeWriter.isValid(format) {
                unknown.append(name)
                continue
            }
            let known = dateKey(name) != nil || timeKey(name) != nil || name == "day.offset" || name.hasPrefix("week.start:") || name.hasPrefix("week.end:")
                || name.hasPrefix("day.relative:") || name == "channel" || name == "channel.id" || name == "channel.name" || name == "channel.lang"
                || (name.hasPrefix("channel.") && (Int(name.dropFirst(8)) ?? 0) >= 1)
                || name == "page" || name.hasPrefix("page:")
                || (name.hasPrefix("field.") && name.count > 6 && (fieldNames?.contains(String(name.dropFirst(6))) ?? true))
                || (name.hasPrefix("session.") && sessionNames.contains(String(name.dropFirst(8))))
            if !known { unknown.append(name) }
        }
        return unknown
    }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The language code a date format ends with (`EEEE@ro` → `ro`), if any.
    static func language(of name: String) -> String? {
        guard dateKey(name) != nil || name.hasPrefix("week."), let at = name.lastIndex(of: "@") else { return nil }
        return String(name[name.index(after: at)...])
    }

    /// `date`, `date:FORMAT`, `date+N` and `date-N:FORMAT` (N days, at most 999): the shift and the format.
    static func dateKey(_ key: String) -> (shift: Int, format: String)? {
        guard key.hasPrefix("date") else { return nil }
        var rest = key.dropFirst(4)
        var shift = 0
        if let sign = rest.first, sign == "+" || sign == "-" {
            let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 3, let amount = Int(digits) else { return nil }
            shift = sign == "-" ? -amount : amount
            rest = rest.dropFirst(1 + digits.count)
        }
        if rest.isEmpty { return (shift, "yyyy-MM-dd") }
        guard rest.first == ":" else { return nil }
        return (shift, String(rest.dropFirst()))
    }

    /// One `+4h`, `-1s` or `+2h*page` of a `{time…}` placeholder.
    struct TimeShift: Equatable {
        enum Unit: Equatable { case days, hours, minutes, seconds }
        var amount: Int64
        var unit: Unit
        /// Multiplied by the page number (`+2h*page`: pages two hours apart).
        var perPage: Bool
    }

    /// `time:FORMAT` with shifts such as `time+1d-1s:epoch` or `time+2h*page:…`: the shifts and the format.
    static func timeKey(_ key: String) -> (shifts: [TimeShift], format: String)? {
        guard key.hasPrefix("time") else { return nil }
        var rest = key.dropFirst(4)
        var shifts: [TimeShift] = []
        while let sign = rest.first, sign == "+" || sign == "-" {
            let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 6, let amount = Int64(digits) else { return nil }
            rest = rest.dropFirst(1 + digits.count)
            let unit: TimeShift.Unit
            switch rest.first {
            case "d": unit = .days
            case "h": unit = .hours
            case "m": unit = .minutes
            case "s": unit = .seconds
            default: return nil
            }
            rest = rest.dropFirst()
            var perPage = false
            if rest.hasPrefix("*page") {
                perPage = true
                rest = rest.dropFirst(5)
            }
            shifts.append(TimeShift(amount: sign == "-" ? -amount : amount, unit: unit, perPage: perPage))
            guard shifts.count <= 8 else { return nil }
        }
        guard rest.first == ":", rest.count > 1 else { return nil }
        return (shifts, String(rest.dropFirst()))
    }

    /// Formats a day with `yyyy yy MM M dd d EEEE EEE MMMM MMM u` tokens (`u`: the ISO weekday, 1 for Monday), names in
    /// English or the language after `@`; other characters are kept.
    static func format(_ day: Day, _ pattern: String) -> String {
        var pattern = pattern
        var language = "en"
        if let at = pattern.lastIndex(of: "@") {
            language = String(pattern[pattern.index(after: at)...])
            pattern = String(pattern[..<at])
        }
        let (y, m, d) = day.components
        let weekday = DateNames.weekday(day.isoWeekday, language: language) ?? weekdays[day.isoWeekday - 1]
        let month = DateNames.month(m, language: language) ?? ""
        var result = ""
        let chars = Array(pattern)
        var index = 0
        while index < chars.count {
            let c = chars[index]
            var run = 1
            while index + run < chars.count, chars[index + run] == c { run += 1 }
            switch (c, run) {
            case ("y", 4...): result += String(y)
            case ("y", _): result += String(y % 100).leftPadded(2)
            case ("M", 4...): result += month
            case ("M", 3): result += String(month.prefix(3))
            case ("M", 2): result += String(m).leftPadded(2)
            case ("M", _): result += String(m)
            case ("d", 2...): result += String(d).leftPadded(2)
            case ("d", _): result += String(d)
            case ("E", 4...): result += weekday
            case ("E", _): result += String(weekday.prefix(3))
            case ("u", 1): result += String(day.isoWeekday)
            default: result += String(repeating: c, count: run)
            }
            index += run
        }
        return result
    }
}

extension ZoneConverter {
    /// Coordinated Universal Time.
    static let utc = ZoneConverter(identifier: "UTC")!
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
