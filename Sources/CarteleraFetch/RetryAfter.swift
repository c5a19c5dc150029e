import CarteleraCore

/// Reads a Retry-After header: delay-seconds, or an HTTP-date.
///
/// An HTTP-date is measured against the same response's Date header rather than our clock,
/// which avoids reading the time here and is immune to clock skew between us and the server.
enum RetryAfter {
    /// Seconds to wait according to lowercased response headers, or nil when they do not say.
    static func seconds(in headers: [String: String]) -> Double? {
        guard let value = headers["retry-after"]?.trimmingSpaces(), !value.isEmpty else { return nil }
        // Only delay-seconds digits: Double("inf") and Double("nan") parse, and neither is a delay.
        if value.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return Double(value).map { min($0, FetchLimits.longestWaitSeconds) }
        }
        guard let until = secondsSince1970(httpDate: value),
            let now = headers["date"].flatMap({ secondsSince1970(httpDate: $0) })
        else { return nil }
        return min(max(0, until - now), FetchLimits.longestWaitSeconds)
    }

    /// Parses an IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), the only form servers must send.
    static func secondsSince1970(httpDate text: String) -> Double? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT",
            let day = Int(fields[1]),
            let month = months.firstIndex(of: fields[2].lowercased()),
            let year = Int(fields[3])
        else { return nil }
        let time = fields[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3, (0...23).contains(time[0]), (0...59).contains(time[1]), (0...60).contains(time[2]),
            let days = CivilDate.daysSince1970(year: year, month: month + 1, day: day)
        else { return nil }
        return Double(days) * 86_400 + Double(time[0] * 3_600 + time[1] * 60 + time[2])
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
}
