import CarteleraModel

/// A wall-clock date and time in some zone, before it is placed on the UTC timeline.
public struct LocalDateTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var day: Day
    /// Seconds since local midnight; may exceed a day when a source writes "25:30".
    public var secondOfDay: Int

    public init(day: Day, secondOfDay: Int) {
        self.day = day.advanced(by: secondOfDay / 86_400)
        self.secondOfDay = secondOfDay % 86_400
    }

    public init(day: Day, hour: Int, minute: Int, second: Int = 0) {
        self.init(day: day, secondOfDay: hour * 3600 + minute * 60 + second)
    }

    /// Seconds since 1970 if this wall-clock time were UTC.
    var naiveSeconds: Int64 { Int64(day.daysSince1970) * 86_400 + Int64(secondOfDay) }

    public var description: String {
        "\(day) \(String(secondOfDay / 3600).leftPadded(2)):\(String(secondOfDay / 60 % 60).leftPadded(2))"
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.naiveSeconds < rhs.naiveSeconds }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
