import CarteleraModel


/// A schema.org date or time as sites write it: ISO 8601 with or without an offset, a date alone, or a clock time alone.
enum JSONLDTime: Hashable, Sendable {
    /// A date and time with `Z` or an offset: an instant.
    case instant(Timestamp)
    /// A date and time without an offset: a wall-clock time in the site's zone.
    case local(LocalDateTime)
    /// A date alone (`2026-11-27`).
    case date(Day)
    /// A clock time alone, seconds since midnight (`doorTime: "20:00"`).
    case clock(Int)

    /// Reads `2026-11-27T22:30:00+01:00`, `…Z`, `2026-11-27T22:30`, `2026-11-27 22:30:00.000`, `2026-11-27` or `22:30`.
    init?(_ text: String) {
        var scanner = Scanner(Array(text.trimmingWhitespace().utf8))
        if let clock = scanner.clock() {
            // A clock time may carry an offset ("20:00:00+01:00"); the evening it falls on decides it anyway.
            guard scanner.atEnd || scanner.offset() != nil, scanner.atEnd else { return nil }
            self = .clock(clock)
            return
        }
        guard let day = scanner.date() else { return nil }
        if scanner.atEnd {
            self = .date(day)
            return
        }
        guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: " ")), let clock = scanner.clock() else { return nil }
        let local = LocalDateTime(day: day, secondOfDay: clock)
        if scanner.atEnd {
            self = .local(local)
            return
        }
        guard let offset = scanner.offset(), scanner.atEnd,
              let instant = Timestamp(checkedSecondsSince1970: Int64(day.daysSince1970) * 86_400 + Int64(clock - offset)) else { return nil }
        self = .instant(instant)
    }

    /// The instant, reading a time without an offset in `zone`; nil for a date or a clock time alone.
    func instant(in zone: ZoneConverter) -> Timestamp? {
        switch self {
        case .instant(let instant): instant
        case .local(let local): zone.instant(local)
        case .date, .clock: nil
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        mutating func date() -> Day? {
            let start = index
            guard let year = digits(4), take(UInt8(ascii: "-")), let month = digits(2), take(UInt8(ascii: "-")), let day = digits(2),
                  let date = Day(year: year, month: month, day: day) else {
                index = start
                return nil
            }
            return date
        }

        /// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff`, as seconds since midnight.
        mutating func clock() -> Int? {
            let start = index
            guard let hour = digits(2), take(UInt8(ascii: ":")), let minute = digits(2), hour < 24, minute < 60 else {
                index = start
                return nil
            }
            var second = 0
            if take(UInt8(ascii: ":")) {
                guard let value = digits(2), value < 60 else { index = start; return nil }
                second = value
                if take(UInt8(ascii: ".")) {
                    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                }
            }
            return hour * 3600 + minute * 60 + second
        }

        /// `Z`, `±HH`, `±HHMM` or `±HH:MM`, as seconds east of UTC.
        mutating func offset() -> Int? {
            if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
            let sign: Int
            if take(UInt8(ascii: "+")) { sign = 1 } else if take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
            guard let hours = digits(2), hours <= 14 else { return nil }
            _ = take(UInt8(ascii: ":"))
            let minutes = atEnd ? 0 : digits(2)
            guard let minutes, minutes < 60 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
