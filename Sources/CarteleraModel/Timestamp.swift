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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        appendISO8601(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `iso8601` as UTF-8 bytes, for writers that build text without making strings.
    public func appendISO8601(to bytes: inout [UInt8]) {
        let day = utcDay
        let secondOfDay = min(max(utcSecondOfDay, 0), 86_399)
        let (y, m, d) = day.components
        DigitText.append(y, width: 4, then: UInt8(ascii: "-"), to: &bytes)
        DigitText.append(m, width: 2, then: UInt8(ascii: "-"), to: &bytes)
        DigitText.append(d, width: 2, then: UInt8(ascii: "T"), to: &bytes)
        DigitText.append(secondOfDay / 3600, width: 2, then: UInt8(ascii: ":"), to: &bytes)
        DigitText.append(secondOfDay / 60 % 60, width: 2, then: UInt8(ascii: ":"), to: &bytes)
        DigitText.append(secondOfDay % 60, width: 2, then: UInt8(ascii: "Z"), to: &bytes)
    }

    /// Parses ISO 8601 with `Z` or a `±hh:mm` offset (required), optional seconds and fractional seconds.
    public init?(iso8601 text: String) {
        var text = text
        guard let value = text.withUTF8({ Timestamp(iso8601UTF8: $0) }) else { return nil }
        self = value
    }

    /// Parses the UTF-8 bytes of an ISO 8601 instant, as `init?(iso8601:)` parses its text.
    public init?(iso8601UTF8 scalars: UnsafeBufferPointer<UInt8>) {
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[start..<start + length] {
                guard byte >= 48 && byte <= 57, let next = Checked.appendingDigit(value, Int(byte - 48)) else { return nil }
                value = next
            }
            return value
        }
        guard scalars.count >= 17, let y = number(0, 4), let mo = number(5, 2), let d = number(8, 2),
              let h = number(11, 2), let mi = number(14, 2),
              scalars[4] == 45, scalars[7] == 45, scalars[10] == 84 || scalars[10] == 32, scalars[13] == 58,
              let day = Day(year: y, month: mo, day: d), h < 24, mi < 60 else { return nil }
        // Seconds may be left out ("18:00Z"); the zone may not: a time without one is local, and this type cannot know where.
        var s = 0
        var index = 16
        if scalars[16] == 58 {
            guard let seconds = number(17, 2), seconds < 61 else { return nil }
            s = seconds
            index = 19
        }
        if index == 19, index < scalars.count, scalars[index] == 46 {
            index += 1
            while index < scalars.count, scalars[index] >= 48, scalars[index] <= 57 { index += 1 }
        }
        guard index < scalars.count else { return nil }
        var offset = 0
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
        var text = DigitText(capacity: 10)
        text.append(y, width: 4, then: UInt8(ascii: "-"))
        text.append(m, width: 2, then: UInt8(ascii: "-"))
        text.append(d, width: 2, then: nil)
        return text.string
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

/// Zero-padded numbers and separators written straight into bytes: dates are formatted for every stored item, and `String(format:)` is many times slower.
struct DigitText {
    private var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends a non-negative `number` padded with zeros to `width` digits (more when it needs them), then `separator`.
    mutating func append(_ number: Int, width: Int, then separator: UInt8?) {
        Self.append(number, width: width, then: separator, to: &bytes)
    }

    /// Appends `number` to `bytes` as `append(_:width:then:)` does.
    static func append(_ number: Int, width: Int, then separator: UInt8?, to bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var count = 1
        var scale: UInt = 10
        while count < 20, number.magnitude >= scale {
            count += 1
            scale = scale.multipliedReportingOverflow(by: 10).partialValue
        }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(width, count)))
        var rest = number.magnitude
        var index = bytes.count - 1
        while rest > 0 {
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
        if let separator { bytes.append(separator) }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
