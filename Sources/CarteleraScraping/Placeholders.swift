import CarteleraModel

/// The values a `{…}` placeholder in a URL, form, body or selector can take.
struct PlaceholderValues: Sendable {
    var day: Day?
    var channel: ChannelEntry?
    var page: Int?
    /// The scrape's today in the source's zone, for sites that name days relative to it.
    var today: Day?
    var fields: [String: String] = [:]

    /// Representative values for checking templates when a definition loads: a real day, a channel and page 1.
    static let probe: PlaceholderValues = {
        var values = PlaceholderValues(day: Day(daysSince1970: 20_000), channel: ChannelEntry(id: "probe", siteId: "probe", name: "probe"), page: 1)
        values.today = values.day
        return values
    }()

    /// `template` with every placeholder replaced; unknown placeholders are reported by `check`.
    func render(_ template: String) -> String {
        guard template.contains("{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = rest[rest.index(after: open)..<close]
            result += value(for: String(name)) ?? ""
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    func value(for name: String) -> String? {
        var filters = name.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let key = filters.removeFirst()
        var value: String?
        if key == "date" || key.hasPrefix("date:") {
            let format = key == "date" ? "yyyy-MM-dd" : String(key.dropFirst(5))
            value = day.map { Self.format($0, format) }
        } else if key.hasPrefix("week.start:") || key.hasPrefix("week.end:") {
            // Sites that take a whole week as a range: the Monday and Sunday of the day's ISO week.
            let isStart = key.hasPrefix("week.start:")
            let format = String(key.drop { $0 != ":" }.dropFirst())
            value = day.map { day in
                let monday = day.advanced(by: 1 - day.isoWeekday)
                return Self.format(isStart ? monday : monday.advanced(by: 6), format)
            }
        } else if key.hasPrefix("day.relative:") {
            // Sites whose URLs say "today", "tomorrow"…: the word at the day's distance from today.
            let words = key.dropFirst(13).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if let day, let today, case let distance = today.distance(to: day), words.indices.contains(distance) {
                value = words[distance]
            }
        } else if key == "day.offset" {
            // Sites that number days from today: 0 today, 1 tomorrow, -1 yesterday.
            if let day, let today { value = String(today.distance(to: day)) }
        } else if key == "channel" {
            value = channel.map { $0.siteId ?? $0.id }
        } else if key == "channel.id" {
            value = channel?.id
        } else if key == "channel.name" {
            value = channel?.name
        } else if key.hasPrefix("channel."), let part = Int(key.dropFirst(8)), part >= 1 {
            let parts = (channel?.siteId ?? channel?.id ?? "").split(separator: "#", omittingEmptySubsequences: false)
            value = part <= parts.count ? String(parts[part - 1]) : nil
        } else if key == "page" {
            value = page.map(String.init)
        } else if key.hasPrefix("page:") {
            // Sites that name a day's parts ("morning", "noon"…): the page-th word, counting from 1.
            let words = key.dropFirst(5).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if let page, page >= 1, page <= words.count { value = words[page - 1] }
        } else if key.hasPrefix("field.") {
            value = fields[String(key.dropFirst(6))]
        }
        for filter in filters {
            switch filter {
            case "lower": value = value?.lowercased()
            case "upper": value = value?.uppercased()
            case "ascii": value = value.map(Self.ascii)
            default: break
            }
        }
        return value
    }

    /// The filters a placeholder may end with: `{date:EEEE@ro|lower|ascii}`.
    static let filterNames: Set<String> = ["lower", "upper", "ascii"]

    /// The text without diacritics, case kept (`Duminică` → `Duminica`).
    static func ascii(_ text: String) -> String {
        String(String.UnicodeScalarView(text.decomposedStringWithCanonicalMapping.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }))
    }

    /// The N of every `{channel.N}` in `template`.
    static func channelParts(in template: String) -> [Int] {
        var parts: [Int] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close].split(separator: "|").first ?? ""
            if name.hasPrefix("channel."), let part = Int(name.dropFirst(8)) { parts.append(part) }
            rest = rest[rest.index(after: close)...]
        }
        return parts
    }

    /// The placeholder names `template` uses that no value can fill, for validation.
    static func unknownNames(in template: String, fieldNames: Set<String> = []) -> [String] {
        var unknown: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let parts = String(rest[rest.index(after: open)..<close]).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let name = parts.first ?? ""
            if let filter = parts.dropFirst().first(where: { !filterNames.contains($0) }) {
                unknown.append("\(name)|\(filter)")
                rest = rest[rest.index(after: close)...]
                continue
            }
            if let language = Self.language(of: name), DateNames.languages[language] == nil {
                unknown.append(name)
                rest = rest[rest.index(after: close)...]
                continue
            }
            let known = name == "date" || name.hasPrefix("date:") || name == "day.offset" || name.hasPrefix("week.start:") || name.hasPrefix("week.end:") || name.hasPrefix("day.relative:") || name == "channel" || name == "channel.id"
                || name == "channel.name" || (name.hasPrefix("channel.") && (Int(name.dropFirst(8)) ?? 0) >= 1)
                || name == "page" || name.hasPrefix("page:") || (name.hasPrefix("field.") && (fieldNames.isEmpty || fieldNames.contains(String(name.dropFirst(6)))))
            if !known { unknown.append(name) }
            rest = rest[rest.index(after: close)...]
        }
        return unknown
    }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The language code a date format ends with (`EEEE@ro` → `ro`), if any.
    static func language(of name: String) -> String? {
        guard name.hasPrefix("date:") || name.hasPrefix("week."), let at = name.lastIndex(of: "@") else { return nil }
        return String(name[name.index(after: at)...])
    }

    /// Formats a day with `yyyy yy MM M dd d EEEE EEE MMMM MMM` tokens, names in English or the language after `@`; other characters are kept.
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
            default: result += String(repeating: c, count: run)
            }
            index += run
        }
        return result
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
