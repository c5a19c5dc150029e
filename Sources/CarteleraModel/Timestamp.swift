import Foundation

/// A UTC instant with whole-second precision, encoded as ISO 8601 (`2026-11-22T20:30:00Z`).
public struct Timestamp: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Int64

    public init(secondsSince1970: Int64) { self.secondsSince1970 = secondsSince1970 }
    public init(_ date: Date) { self.secondsSince1970 = Int64(date.timeIntervalSince1970.rounded(.down)) }

    /// The instant as a Foundation `Date`.
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }

    /// This instant moved by a number of seconds.
    public func adding(seconds: Int64) -> Timestamp { Timestamp(secondsSince1970: secondsSince1970 + seconds) }

    /// The UTC day this instant falls in.
    public var utcDay: Day { Day(daysSince1970: Int(floorDiv(secondsSince1970, 86_400))) }

    /// ISO 8601 in UTC with a `Z`.
    public var iso8601: String {
        let day = utcDay
        let secondOfDay = Int(secondsSince1970 - Int64(day.daysSince1970) * 86_400)
        let (y, m, d) = day.components
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", y, m, d, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    /// Parses ISO 8601 with `Z` or a `±hh:mm` offset, optional fractional seconds.
    public init?(iso8601 text: String) {
        let scalars = Array(text.utf8)
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[start..<start + length] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard scalars.count >= 19, let y = number(0, 4), let mo = number(5, 2), let d = number(8, 2),
              let h = number(11, 2), let mi = number(14, 2), let s = number(17, 2),
              scalars[4] == 45, scalars[7] == 45, scalars[10] == 84 || scalars[10] == 32,
              scalars[13] == 58, scalars[16] == 58,
              let day = Day(year: y, month: mo, day: d), h < 24, mi < 60, s < 61 else { return nil }
        var index = 19
        if index < scalars.count, scalars[index] == 46 {
            index += 1
            while index < scalars.count, scalars[index] >= 48, scalars[index] <= 57 { index += 1 }
        }
        var offset = 0
        if index < scalars.count {
            switch scalars[index] {
            case 90 where index == scalars.count - 1: offset = 0
            case 43, 45:
                guard let oh = number(index + 1, 2) else { return nil }
                var om = 0
                if index + 3 < scalars.count {
                    let minuteStart = scalars[index + 3] == 58 ? index + 4 : index + 3
                    guard let parsed = number(minuteStart, 2), minuteStart + 2 == scalars.count else { return nil }
                    om = parsed
                } else if index + 3 != scalars.count { return nil }
                offset = (oh * 3600 + om * 60) * (scalars[index] == 45 ? -1 : 1)
            default: return nil
            }
        }
        self.secondsSince1970 = Int64(day.daysSince1970) * 86_400 + Int64(h * 3600 + mi * 60 + s) - Int64(offset)
    }

    public var description: String { iso8601 }
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Timestamp(iso8601: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 instant: \(text)")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}

/// A calendar day (proleptic Gregorian), without a zone; encoded as `YYYY-MM-DD`.
public struct Day: Hashable, Comparable, Codable, Sendable, CustomStringConvertible, Strideable {
    /// Days since 1970-01-01.
    public let daysSince1970: Int

    public init(daysSince1970: Int) { self.daysSince1970 = daysSince1970 }

    /// A day from its year, month (1–12) and day of month; nil when the date does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Day.daysIn(month: month, year: year) else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        self.daysSince1970 = era * 146_097 + doe - 719_468
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Year, month and day of month.
    public var components: (year: Int, month: Int, day: Int) {
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int { ((daysSince1970 % 7 + 7) % 7 + 3) % 7 + 1 }

    /// The instant this day starts at in UTC.
    public var startUTC: Timestamp { Timestamp(secondsSince1970: Int64(daysSince1970) * 86_400) }

    public var description: String {
        let (y, m, d) = components
        return String(format: "%04d-%02d-%02d", y, m, d)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }
    public func distance(to other: Day) -> Int { other.daysSince1970 - daysSince1970 }
    public func advanced(by n: Int) -> Day { Day(daysSince1970: daysSince1970 + n) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Day(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD day: \(text)")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

@inline(__always)
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
