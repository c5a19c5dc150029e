
/// A wall-clock date and time in some zone, before it is placed on the UTC timeline.
public struct LocalDateTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The local date.
    public var day: Day
    /// Seconds since local midnight; may exceed a day when a source writes "25:30".
    public var secondOfDay: Int

    /// The time `secondOfDay` seconds after `day`'s midnight; 25:30 is 01:30 the day after, a negative count the day before.
    public init(day: Day, secondOfDay: Int) {
        let days = secondOfDay >= 0 ? secondOfDay / 86_400 : -((-(secondOfDay + 1)) / 86_400) - 1
        self.day = day.advanced(by: days)
        self.secondOfDay = secondOfDay - days * 86_400
    }

    /// The time at hour, minute and second of `day`; out-of-range parts carry over (hour 25 is 01:00 the day after).
    public init(day: Day, hour: Int, minute: Int, second: Int = 0) {
        // Hours of more than a few digits come only from hostile input; clamping keeps the arithmetic total.
        let clampedHour = min(max(hour, -1_000_000), 1_000_000)
        let clampedMinute = min(max(minute, -1_000_000), 1_000_000)
        let clampedSecond = min(max(second, -1_000_000), 1_000_000)
        self.init(day: day, secondOfDay: clampedHour * 3600 + clampedMinute * 60 + clampedSecond)
    }

    /// Seconds since 1970 if this wall-clock time were UTC.
    var naiveSeconds: Int64 { Int64(day.daysSince1970) * 86_400 + Int64(secondOfDay) }

    /// `YYYY-MM-DD hh:mm`.
    public var description: String {
        "\(day) \(String(secondOfDay / 3600).leftPadded(2)):\(String(secondOfDay / 60 % 60).leftPadded(2))"
    }

    /// Orders wall-clock times as if they were in one zone.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.naiveSeconds < rhs.naiveSeconds }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
