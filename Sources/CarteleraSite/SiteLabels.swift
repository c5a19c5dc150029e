import CarteleraModel
import Foundation

/// One language's words, from `Web/labels/<language>.json`: every label the templates show, plus the names of
/// weekdays and months and the date patterns the builder fills in.
struct SiteLabels: Sendable {
    /// Every plain text label, by key: what templates read as `{{t.key}}`.
    let texts: [String: String]
    /// Monday first.
    let weekdays: [String]
    /// January first.
    let months: [String]
    /// Names of feed formats by format name (`json`, `ics`, `xmltv`).
    let feedFormats: [String: String]
    /// "in Spanish", "in English"… by language tag: what a feed in another language than the page's is marked with.
    let languageNames: [String: String]
    /// What a refused sign-up or cancellation says, by `SignUpProblem.Reason`.
    let signUpProblems: [String: String]
    /// The map service's address with `{lat}` and `{lon}` found once (as U+0001 and U+0002), nil when the label holds
    /// either control character itself: Foundation's search on every club page was a fortieth of a large build.
    private let mapServiceMarked: String?

    /// Labels from the JSON file's bytes; `file` names it in errors.
    init(json: Data, file: String) throws(SiteError) {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: json) } catch {
            throw SiteError(.web, file: file, "is not valid JSON: \(error.localizedDescription)")
        }
        guard let dictionary = object as? [String: Any] else { throw SiteError(.web, file: file, "must hold one JSON object of labels") }
        var texts: [String: String] = [:]
        for (key, value) in dictionary {
            if let text = value as? String { texts[key] = text }
        }
        guard let weekdays = dictionary["weekdays"] as? [String], weekdays.count == 7 else { throw SiteError(.web, file: file, "weekdays: seven names are needed, Monday first") }
        guard let months = dictionary["months"] as? [String], months.count == 12 else { throw SiteError(.web, file: file, "months: twelve names are needed") }
        for key in ["dateFormat", "shortDateFormat", "mapService", "languageName"] where texts[key] == nil {
            throw SiteError(.web, file: file, "\(key): the label is missing")
        }
        self.texts = texts
        self.weekdays = weekdays
        self.months = months
        feedFormats = dictionary["feedFormats"] as? [String: String] ?? [:]
        languageNames = dictionary["languageNames"] as? [String: String] ?? [:]
        signUpProblems = dictionary["signUpProblems"] as? [String: String] ?? [:]
        let mapService = texts["mapService"] ?? ""
        mapServiceMarked = mapService.unicodeScalars.contains { $0 == "\u{1}" || $0 == "\u{2}" } ? nil
            : mapService.replacingOccurrences(of: "{lat}", with: "\u{1}").replacingOccurrences(of: "{lon}", with: "\u{2}")
    }

    /// The map service's address for a point: `mapService` with `{lat}` and `{lon}` replaced by `lat` and `lon` (numbers).
    func mapHref(lat: String, lon: String) -> String {
        guard let marked = mapServiceMarked else {
            return self["mapService"].replacingOccurrences(of: "{lat}", with: lat).replacingOccurrences(of: "{lon}", with: lon)
        }
        var href = ""
        href.reserveCapacity(marked.utf8.count + 4 * lat.utf8.count)
        for scalar in marked.unicodeScalars {
            switch scalar {
            case "\u{1}": href += lat
            case "\u{2}": href += lon
            default: href.unicodeScalars.append(scalar)
            }
        }
        return href
    }

    /// The label, or its key when the file lacks it (so a missing label shows up on the page rather than vanishing).
    subscript(key: String) -> String { texts[key] ?? key }

    /// "lunes 23 de noviembre de 2026" / "Monday 23 November 2026".
    func longDate(_ day: Day) -> String { fill(self["dateFormat"], day) }

    /// "lunes 23" / "Monday 23".
    func shortDate(_ day: Day) -> String { fill(self["shortDateFormat"], day) }

    private func fill(_ pattern: String, _ day: Day) -> String {
        let (year, month, dayOfMonth) = day.components
        return pattern
            .replacingOccurrences(of: "{weekday}", with: weekdays[(day.isoWeekday - 1 + 7) % 7])
            .replacingOccurrences(of: "{day}", with: String(dayOfMonth))
            .replacingOccurrences(of: "{month}", with: months[(month - 1 + 12) % 12])
            .replacingOccurrences(of: "{year}", with: String(year))
    }
}
