import CarteleraCore
import Foundation

/// A UTC instant with whole-second precision, encoded as ISO 8601 (`2026-11-22T20:30:00Z`).
public struct Timestamp: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Int64

    /// The instant that many seconds after 1970-01-01T00:00:00Z.
    public init(secondsSince1970: Int64) { self.secondsSince1970 = secondsSince1970 }

    /// The instant of a `Date`, to the second below; dates beyond the supported days (years 1 to 9999) are clamped to them.
    public init(_ date: Date) {
        let seconds = date.timeIntervalSince1970
        let limits = Timestamp.supported
        if !(seconds >= Double(limits.lowerBound)) {
            self.secondsSince1970 = limits.lowerBound
        } else if seconds >= Double(limits.upperBound) {
            self.secondsSince1970 = limits.upperBound
        } else {
            self.secondsSince1970 = Int64(seconds.rounded(.down))
        }
    }

    /// An instant read from outside (an epoch number on a page); nil outside years 1 to 9999.
    public init?(checkedSecondsSince1970 seconds: Int64) {
        guard Timestamp.supported.contains(seconds) else { return nil }
        self.secondsSince1970 = seconds
    }

    /// The instants of the supported days: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
    public static let supported: ClosedRange<Int64> =
        Int64(CivilDate.days.lowerBound) * 86_400...Int64(CivilDate.days.upperBound) * 86_400 + 86_399

    /// The instant as a Foundation `Date`.
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }

    /// This instant moved by a number of seconds.
    /// This instant moved by a number of seconds, saturating at the ends of `Int64` instead of trapping.
    public func adding(seconds: Int64) -> Timestamp {
        let (sum, overflow) = secondsSince1970.addingReportingOverflow(seconds)
        return Timestamp(secondsSince1970: overflow ? (seconds > 0 ? .max : .min) : sum)
    }

    /// The UTC day this instant falls in.
    public var utcDay: Day { Day(daysSince1970: Int(floorDiv(secondsSince1970, 86_400))) }

    /// Seconds since the start of `utcDay`, 0 to 86 399 for supported instants.
    public var utcSecondOfDay: Int {
        let (difference, overflow) = secondsSince1970.subtractingReportingOverflow(Int64(utcDay.daysSince1970) * 86_400)
        return overflow ? 0 : Int(clamping: difference)
    }

    /// ISO 8601 in UTC with a `Z`.
    public var iso8601: String {
        let day = utcDay
        let secondOfDay = min(max(utcSecondOfDay, 0), 86_399)
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
                guard byte >= 48 && byte <= 57, let next = Checked.appendingDigit(value, Int(byte - 48)) else { return nil }
                value = next
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

    /// ISO 8601 in UTC.
    public var description: String { iso8601 }
    /// Earlier instants first.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// Decodes an ISO 8601 string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Timestamp(iso8601: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 instant: \(text)")
        }
        self = value
    }

    /// Encodes as ISO 8601 in UTC.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}

/// A calendar day (proleptic Gregorian), without a zone; encoded as `YYYY-MM-DD`.
public struct Day: Hashable, Comparable, Codable, Sendable, CustomStringConvertible, Strideable {
    /// Days since 1970-01-01, within `CivilDate.days` (years 1 to 9999).
    public let daysSince1970: Int

    /// The day with that number; numbers beyond years 1 to 9999 are clamped to them, so every day prints.
    public init(daysSince1970: Int) { self.daysSince1970 = min(max(daysSince1970, CivilDate.days.lowerBound), CivilDate.days.upperBound) }

    /// A day from its year, month (1–12) and day of month; nil when the date does not exist or the year is outside 1 to 9999.
    public init?(year: Int, month: Int, day: Int) {
        guard let days = CivilDate.daysSince1970(year: year, month: month, day: day) else { return nil }
        self.daysSince1970 = days
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
        // Every Day is in range (the initialisers clamp or check), so the fallback is never taken.
        CivilDate.components(daysSince1970: daysSince1970) ?? (1970, 1, 1)
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int { CivilDate.isoWeekday(daysSince1970: daysSince1970) }

    /// The instant this day starts at in UTC.
    public var startUTC: Timestamp { Timestamp(secondsSince1970: Int64(daysSince1970) * 86_400) }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (y, m, d) = components
        return String(format: "%04d-%02d-%02d", y, m, d)
    }

    /// The number of days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int { CivilDate.daysIn(month: month, year: year) }

    /// Earlier days first.
    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }
    /// The number of days from this day to `other`.
    public func distance(to other: Day) -> Int { other.daysSince1970 - daysSince1970 }
    /// The day `n` days later (earlier when negative), clamped to years 1 to 9999.
    public func advanced(by n: Int) -> Day {
        let (sum, overflow) = daysSince1970.addingReportingOverflow(n)
        return Day(daysSince1970: overflow ? (n > 0 ? .max : .min) : sum)
    }

    /// Decodes a `YYYY-MM-DD` string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Day(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD day: \(text)")
        }
        self = value
    }

    /// Encodes as `YYYY-MM-DD`.
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
