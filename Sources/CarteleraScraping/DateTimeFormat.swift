import CarteleraCore
import CarteleraModel


/// The date and time parts a format found in a text.
public struct DateTimeParts: Hashable, Sendable {
    /// The year (a two-digit year is read as 20yy).
    public var year: Int?
    /// The month, 1 to 12.
    public var month: Int?
    /// The day of the month.
    public var day: Int?
    /// The hour on a 24-hour clock (up to 30 for late-night times written past 24).
    public var hour: Int?
    /// The minutes.
    public var minute: Int?
    /// The seconds.
    public var second: Int?
    /// Offset from UTC in seconds, when the text states one.
    public var offset: Int?
    /// An absolute instant (epoch formats).
    public var instant: Timestamp?
    /// The weekday a name gave, 1 (Monday) to 7.
    public var weekday: Int?
    /// The day a word such as "hoy", "tomorrow" or "übermorgen" names, in days from today.
    public var relativeDay: Int?

    /// Parts with nothing found yet.
    public init() {}

    /// Seconds since midnight, when the text had a time.
    public var secondOfDay: Int? {
        guard let hour, let minute else { return nil }
        return hour * 3600 + minute * 60 + (second ?? 0)
    }
}

/// A date/time pattern such as `dd/MM/yyyy HH:mm`, `EEEE d 'de' MMMM`, `h:mma`, `epoch` or `iso8601`.
///
/// Letters: `yyyy` `yy` year; `M` `MM` month number; `MMM` `MMMM` month name (any language of `DateNames`, full,
/// or abbreviated in Spanish, English, Portuguese, French, Italian, German); `d` `dd` day; `EEE` `EEEE` a weekday name (full, or
/// its first three letters) or a word for today, tomorrow, yesterday or the day after tomorrow, in any language of `DateNames`;
/// `H` `HH` hour 0–23; `h` `hh` hour 1–12 with `a` (am/pm, a.m., p. m.); `m` `mm` minutes; `s` `ss` seconds;
/// `S` fraction digits; `X` `XXX` `Z` offset (`Z`, `+01`, `+0100`, `+01:00`). Text in single quotes is
/// literal; a space matches any run of white space. The pattern may match anywhere in the text.
public struct DateTimeFormat: Hashable, Sendable, CustomStringConvertible {
    enum Token: Hashable, Sendable {
        case year(digits: Int), monthNumber, monthName, day, weekdayName
        case hour24, hour12, meridiem, minute, second, fraction, offset
        case literal(String), space
    }

    enum Special: Hashable, Sendable { case epochSeconds, epochMilliseconds, iso8601 }

    /// The pattern as written.
    public let pattern: String
    let tokens: [Token]
    let special: Special?

    /// Compiles a pattern; throws a message for an unclosed quote or an unknown letter.
    public init(_ pattern: String) throws(ScrapeMessage) {
        self.pattern = pattern
        switch pattern {
        case "epoch": special = .epochSeconds; tokens = []; return
        case "epoch-ms": special = .epochMilliseconds; tokens = []; return
        case "iso8601": special = .iso8601; tokens = []; return
        default: special = nil
        }
        var tokens: [Token] = []
        let chars = Array(pattern)
        var index = 0
        while index < chars.count {
            let c = chars[index]
            if c == "'" {
                guard let close = chars[(index + 1)...].firstIndex(of: "'") else {
                    throw ScrapeMessage("unclosed quote in date format \"\(pattern)\"")
                }
                tokens.append(.literal(String(chars[(index + 1)..<close])))
                index = close + 1
                continue
            }
            var run = 1
            while index + run < chars.count, chars[index + run] == c { run += 1 }
            switch c {
            case "y": tokens.append(.year(digits: run >= 3 ? 4 : 2))
            case "M": tokens.append(run >= 3 ? .monthName : .monthNumber)
            case "d": tokens.append(.day)
            case "E": tokens.append(.weekdayName)
            case "H": tokens.append(.hour24)
            case "h": tokens.append(.hour12)
            case "a": tokens.append(.meridiem)
            case "m": tokens.append(.minute)
            case "s": tokens.append(.second)
            case "S": tokens.append(.fraction)
            case "X", "Z", "x": tokens.append(.offset)
            case " ": tokens.append(.space)
            default:
                if c.isLetter { throw ScrapeMessage("unknown letter '\(c)' in date format \"\(pattern)\" (quote literal text: 'de')") }
                tokens.append(.literal(String(repeating: c, count: run)))
            }
            index += run
        }
        self.tokens = tokens
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// The parts found in `text`, or nil when the pattern matches nowhere in it.
    public func parse(_ text: String) -> DateTimeParts? {
        switch special {
        case .epochSeconds, .epochMilliseconds:
            // An instant outside years 1 to 9999 is a misread number, not a broadcast time.
            guard let digits = text.split(whereSeparator: { !$0.isNumber && $0 != "-" }).first, let value = Int64(digits),
                  let instant = Timestamp(checkedSecondsSince1970: special == .epochMilliseconds ? value / 1000 : value) else { return nil }
            var parts = DateTimeParts()
            parts.instant = instant
            return parts
        case .iso8601:
            return Self.parseISO(text)
        case nil:
            let chars = Array(text)
            // A weekday token may match any word; a match whose word names a day is preferred to one that does not.
            var unnamed: DateTimeParts?
            for start in chars.indices {
                // A match starts at a word or number boundary, never inside "32" or "noviembre".
                if start > 0, chars[start - 1].isLetter || chars[start - 1].isNumber, chars[start].isLetter || chars[start].isNumber { continue }
                guard let (parts, namedDay) = match(chars, from: start) else { continue }
                if namedDay || !tokens.contains(.weekdayName) { return parts }
                if unnamed == nil { unnamed = parts }
            }
            return unnamed
        }
    }

    private static func parseISO(_ text: String) -> DateTimeParts? {
        let trimmed = text.trimmingWhitespace()
        if let instant = Timestamp(iso8601: trimmed) {
            // 0001-01-01T00:00:00+01:00 is before year 1: no broadcast time is.
            guard Timestamp.supported.contains(instant.secondsSince1970) else { return nil }
            var parts = DateTimeParts()
            parts.instant = instant
            return parts
        }
        // No offset: a local date-time.
        guard let format = try? DateTimeFormat("yyyy-MM-dd'T'HH:mm") else { return nil }
        return format.parse(trimmed.replacingFirst(" ", with: "T"))
    }

    /// The parts from `start`, and whether a weekday token read a known day name or word.
    private func match(_ chars: [Character], from start: Int) -> (DateTimeParts, Bool)? {
        var parts = DateTimeParts()
        var namedDay = false
        var position = start
        var pm: Bool?
        for token in tokens {
            switch token {
            case .space:
                while position < chars.count, chars[position].isWhitespace { position += 1 }
            case .literal(let text):
                for expected in text {
                    if expected == " " {
                        while position < chars.count, chars[position].isWhitespace { position += 1 }
                        continue
                    }
                    guard position < chars.count, chars[position] == expected else { return nil }
                    position += 1
                }
            case .year(let digits):
                guard let value = number(chars, &position, min: digits, max: digits) else { return nil }
                parts.year = digits == 2 ? 2000 + value : value
            case .monthNumber:
                guard let value = number(chars, &position, min: 1, max: 2), (1...12).contains(value) else { return nil }
                parts.month = value
            case .monthName:
                guard let value = MonthNames.month(chars, &position) else { return nil }
                parts.month = value
            case .day:
                guard let value = number(chars, &position, min: 1, max: 2), (1...31).contains(value) else { return nil }
                parts.day = value
            case .weekdayName:
                guard let word = Self.dayWord(chars, &position) else { return nil }
                parts.weekday = word.weekday
                parts.relativeDay = word.relativeDay
                namedDay = word.weekday != nil || word.relativeDay != nil
            case .hour24:
                guard let value = number(chars, &position, min: 1, max: 2), value <= 30 else { return nil }
                parts.hour = value
            case .hour12:
                guard let value = number(chars, &position, min: 1, max: 2), (1...12).contains(value) else { return nil }
                parts.hour = value
            case .meridiem:
                while position < chars.count, chars[position] == " " { position += 1 }
                guard position < chars.count else { return nil }
                let letter = chars[position].lowercased()
                guard letter == "a" || letter == "p" else { return nil }
                pm = letter == "p"
                position += 1
                // "am", "a.m.", "p. m."
                while position < chars.count, [".", " ", "m", "M"].contains(chars[position]) {
                    if chars[position] == " ", position + 1 < chars.count, !["m", "M"].contains(chars[position + 1]) { break }
                    position += 1
                }
            case .minute:
                guard let value = number(chars, &position, min: 2, max: 2), value < 60 else { return nil }
                parts.minute = value
            case .second:
                guard let value = number(chars, &position, min: 2, max: 2), value < 61 else { return nil }
                parts.second = value
            case .fraction:
                while position < chars.count, chars[position].isNumber { position += 1 }
            case .offset:
                guard let value = offset(chars, &position) else { return nil }
                parts.offset = value
            }
        }
        if let pm, let hour = parts.hour {
            parts.hour = pm ? (hour % 12) + 12 : hour % 12
        }
        return (parts, namedDay)
    }

    /// A weekday name or a word for a day relative to today at `position` (up to three words, such as "pasado mañana"),
    /// else any one word; nil when no word starts there.
    private static func dayWord(_ chars: [Character], _ position: inout Int) -> (weekday: Int?, relativeDay: Int?)? {
        func isWordPart(_ index: Int) -> Bool {
            guard index < chars.count else { return false }
            if chars[index].isLetter { return true }
            // "aujourd'hui", "segunda-feira", "après-demain": joiners between letters.
            return ["'", "’", "-"].contains(chars[index]) && index > 0 && chars[index - 1].isLetter && index + 1 < chars.count && chars[index + 1].isLetter
        }
        var ends: [Int] = []
        var index = position
        while ends.count < 3 {
            let wordStart = index
            while isWordPart(index) { index += 1 }
            guard index > wordStart else { break }
            ends.append(index)
            guard index < chars.count, chars[index] == " ", index + 1 < chars.count, chars[index + 1].isLetter else { break }
            index += 1
        }
        guard let firstEnd = ends.first else { return nil }
        for end in ends.reversed() {
            let folded = TextFolding.fold(String(chars[position..<end]))
            let weekday = DateNames.weekdaysByName[folded], relative = DateNames.relativeDays[folded]
            guard weekday != nil || relative != nil else { continue }
            position = end
            if position < chars.count, chars[position] == "." { position += 1 }
            return (weekday, relative)
        }
        position = firstEnd
        if position < chars.count, chars[position] == "." { position += 1 }
        return (nil, nil)
    }

    private func number(_ chars: [Character], _ position: inout Int, min: Int, max: Int) -> Int? {
        var value = 0
        var count = 0
        while position < chars.count, count < max, let digit = chars[position].wholeNumberValue, chars[position].isASCII {
            value = value * 10 + digit
            position += 1
            count += 1
        }
        return count >= min ? value : nil
    }

    private func offset(_ chars: [Character], _ position: inout Int) -> Int? {
        guard position < chars.count else { return nil }
        if chars[position] == "Z" {
            position += 1
            return 0
        }
        guard chars[position] == "+" || chars[position] == "-" else { return nil }
        let sign = chars[position] == "-" ? -1 : 1
        position += 1
        guard let hours = number(chars, &position, min: 2, max: 2) else { return nil }
        if position < chars.count, chars[position] == ":" { position += 1 }
        let minutes = number(chars, &position, min: 2, max: 2) ?? 0
        return sign * (hours * 3600 + minutes * 60)
    }
}

/// Month names in the languages TV-guide sites use.
enum MonthNames {
    /// Folded name or abbreviation → month number. Abbreviations are the first three letters.
    static let table: [String: Int] = {
        let names: [[String]] = [
            ["enero", "january", "janeiro", "janvier", "gennaio", "januar", "ene", "jan", "gen", "jänner", "ianuarie"],
            ["febrero", "february", "fevereiro", "fevrier", "febbraio", "februar", "feb", "fev", "fév"],
            ["marzo", "march", "marco", "mars", "marz", "mar", "mär"],
            ["abril", "april", "avril", "aprile", "abr", "apr", "avr"],
            ["mayo", "may", "maio", "mai", "maggio", "mag"],
            ["junio", "june", "junho", "juin", "giugno", "juni", "jun", "giu"],
            ["julio", "july", "julho", "juillet", "luglio", "juli", "jul", "lug", "juil"],
            ["agosto", "august", "aout", "ago", "aug", "aou"],
            ["septiembre", "setiembre", "september", "setembro", "septembre", "settembre", "sep", "set", "sept"],
            ["octubre", "october", "outubro", "octobre", "ottobre", "oktober", "oct", "out", "ott", "okt"],
            ["noviembre", "november", "novembro", "novembre", "nov"],
            ["diciembre", "december", "dezembro", "decembre", "dicembre", "dezember", "dic", "dec", "dez"],
        ]
        var table: [String: Int] = [:]
        for (index, list) in names.enumerated() {
            for name in list { table[TextFolding.fold(name)] = index + 1 }
        }
        return table
    }()

    /// Reads a month name at `position`: the longest run of letters, or its first three letters.
    static func month(_ chars: [Character], _ position: inout Int) -> Int? {
        var end = position
        while end < chars.count, chars[end].isLetter { end += 1 }
        guard end > position else { return nil }
        let word = TextFolding.fold(String(chars[position..<end]))
        guard let month = table[word] ?? DateNames.monthsByName[word] ?? table[String(word.prefix(3))] else { return nil }
        position = end
        if position < chars.count, chars[position] == "." { position += 1 }
        return month
    }
}

extension String {
    /// The string without leading and trailing white space.
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
