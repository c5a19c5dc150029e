import CarteleraCore
import CarteleraModel

/// The HTTP date format (IMF-fixdate, RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `time` as an IMF-fixdate.
    static func format(_ time: Timestamp) -> String {
        let day = time.utcDay
        let (year, month, date) = day.components
        let seconds = time.utcSecondOfDay
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[day.isoWeekday - 1]), \(two(date)) \(months[month - 1]) \(year) \(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)) GMT"
    }

    /// An IMF-fixdate back to an instant; nil for any other form (a client sending one gets a full response).
    static func parse(_ text: String) -> Timestamp? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let date = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])),
              let year = Int(parts[3]), let day = Day(year: year, month: month + 1, day: date) else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hours = Int(clock[0]), let minutes = Int(clock[1]), let seconds = Int(clock[2]),
              (0..<24).contains(hours), (0..<60).contains(minutes), (0..<61).contains(seconds) else { return nil }
        return day.startUTC.adding(seconds: Int64(hours * 3600 + minutes * 60 + seconds))
    }
}
