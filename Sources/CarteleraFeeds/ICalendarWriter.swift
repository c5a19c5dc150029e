import CarteleraModel
import CarteleraOutput
import Foundation

/// One event of a calendar feed: what the writer needs, nothing scraped left unescaped by it.
struct CalendarEvent: Codable, Hashable, Sendable {
    /// Stable across builds: a calendar app matches updates and cancellations by it.
    var uid: String
    /// Grows when the start, end or title changes, and when the event is cancelled or comes back.
    var sequence: Int
    /// When this version of the event was made (its last change), so an unchanged event keeps its bytes.
    var stamp: Timestamp
    var start: Timestamp
    var end: Timestamp?
    var summary: String
    var description: String?
    var location: String?
    var geo: GeoPoint?
    /// An http(s) page about it.
    var url: String?
    var categories: [String]
    /// Published with STATUS:CANCELLED, so calendars drop it and its reminder.
    var cancelled: Bool
}

/// Writes iCalendar (RFC 5545): one VEVENT per event, times in UTC, a DISPLAY alarm before each start, every
/// content line escaped and folded at 75 octets with CRLF line ends.
enum ICalendarWriter {
    /// The calendar's bytes.
    static func calendar(name: String, description: String?, language: String, events: [CalendarEvent], alarmMinutes: Int?) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(events.count * 500 + 300)
        func line(_ text: String) { PublishedText.foldedLine(text, into: &out) }
        line("BEGIN:VCALENDAR")
        line("VERSION:2.0")
        line("PRODID:-//Cartelera//Cartelera feeds//\(language.uppercased().filter { $0.isLetter || $0 == "-" })")
        line("CALSCALE:GREGORIAN")
        line("METHOD:PUBLISH")
        // An X- property's value is TEXT only when it says so: without VALUE=TEXT, readers such as Python's icalendar keep
        // the escapes ("La Promesa\, cada emisión") in the calendar's name.
        line("X-WR-CALNAME;VALUE=TEXT:" + PublishedText.iCalendarText(name))
        if let description { line("X-WR-CALDESC;VALUE=TEXT:" + PublishedText.iCalendarText(description)) }
        // How often subscribers should look again: cron runs every few hours.
        line("X-PUBLISHED-TTL:PT4H")
        for event in events {
            line("BEGIN:VEVENT")
            line("UID:" + PublishedText.iCalendarText(event.uid))
            line("DTSTAMP:" + utc(event.stamp))
            line("SEQUENCE:\(max(event.sequence, 0))")
            line("DTSTART:" + utc(event.start))
            if let end = event.end, end > event.start { line("DTEND:" + utc(end)) }
            line("SUMMARY:" + PublishedText.iCalendarText(event.summary))
            if let description = event.description, !description.isEmpty { line("DESCRIPTION:" + PublishedText.iCalendarText(description)) }
            if let location = event.location, !location.isEmpty { line("LOCATION:" + PublishedText.iCalendarText(location)) }
            if let geo = event.geo { line("GEO:\(coordinate(geo.latitude));\(coordinate(geo.longitude))") }
            if let url = PublishedText.webURL(event.url) { line("URL:" + url) }
            let categories = event.categories.map(PublishedText.iCalendarText).filter { !$0.isEmpty }
            if !categories.isEmpty { line("CATEGORIES:" + categories.joined(separator: ",")) }
            line("STATUS:" + (event.cancelled ? "CANCELLED" : "CONFIRMED"))
            line("TRANSP:TRANSPARENT")
            if let minutes = alarmMinutes, !event.cancelled {
                line("BEGIN:VALARM")
                line("ACTION:DISPLAY")
                line("DESCRIPTION:" + PublishedText.iCalendarText(event.summary))
                line("TRIGGER:-PT\(minutes)M")
                line("END:VALARM")
            }
            line("END:VEVENT")
        }
        line("END:VCALENDAR")
        return out
    }

    /// `YYYYMMDDThhmmssZ`.
    static func utc(_ instant: Timestamp) -> String {
        let (year, month, day) = instant.utcDay.components
        let second = instant.utcSecondOfDay
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + two(month) + two(day)
            + "T" + two(second / 3600) + two(second / 60 % 60) + two(second % 60) + "Z"
    }

    /// Six decimals, as GEO takes them.
    private static func coordinate(_ value: Double) -> String {
        String(format: "%.6f", value)
    }
}
