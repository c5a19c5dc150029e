import CarteleraModel
import CarteleraOutput
import CarteleraQuery
import CarteleraStore
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
/// content line escaped and folded at 75 octets with CRLF line ends. Programmes and nights only.
///
/// Each feed's calendar keeps a ledger in `.cartelera/calendars/<feed>.json`, so UIDs and sequences carry over builds.
public struct ICalendarFeedWriter: FeedWriter {
    public var name: String { "ics" }
    public var extensions: [String] { ["ics"] }
    public var mediaType: String { "text/calendar" }
    public var kinds: [Query.Kind] { [.programmes, .nights] }
    public var followsVanishedItems: Bool { true }

    /// `feeds/<name>.ics` through the feed's ledger.
    public func write(_ job: FeedJob) throws(BuildError) {
        let definition = job.definition
        let context = job.context
        let ledgerPath = Self.ledgerPath(feed: definition.name)
        var ledger = CalendarLedger(feed: definition.name)
        if let data = job.folder.existing(ledgerPath) {
            do {
                let kept = try JSONDecoder().decode(CalendarLedger.self, from: data)
                if kept.version == CalendarLedger.version, kept.feed == definition.name { ledger = kept }
            } catch {
                // The calendar still comes out whole (UIDs derive from the items), but sequences start again: say so.
                job.failures.append("\(job.folder.root)/\(ledgerPath): cannot be read (\(error)); \(definition.name).ics starts its events' sequences again")
            }
        }
        let items = job.entries.compactMap { entry -> CalendarLedger.Item? in
            guard let start = entry.start else { return nil }
            let event = CalendarEvent(
                uid: "", sequence: 0, stamp: context.now, start: start, end: entry.end, summary: entry.title, description: entry.text,
                location: entry.location, geo: entry.geo, url: entry.url, categories: entry.tags, cancelled: false)
            return CalendarLedger.Item(id: entry.id, place: entry.place, event: event)
        }
        let nightIDs = definition.kind == .nights ? try Self.storedNightIDs(job.store) : []
        let events = ledger.reconcile(items, now: context.now, keepCancelledUntil: context.now.adding(seconds: -86_400)) { id in
            let programme = ProgrammeID(rawValue: id)
            if programme.parts != nil { return job.engine.containsProgramme(programme) }
            return nightIDs.contains(id)
        }
        let calendar = Self.calendar(
            name: definition.title, description: definition.description, language: definition.language, events: events, alarmMinutes: definition.alarmMinutes)
        try job.write(calendar, extension: "ics")
        let encoded: [UInt8]
        do { encoded = Array(try PublishedJSON.encoder.encode(ledger)) } catch {
            throw BuildError(file: job.folder.root + "/" + ledgerPath, message: "cannot be encoded: \(error)")
        }
        try job.folder.writeSynced(encoded, to: ledgerPath)
    }

    /// Where a feed's ledger is kept, relative to the output folder.
    static func ledgerPath(feed: String) -> String { ".cartelera/calendars/\(feed).json" }

    /// Every stored night's id; a nights shard that cannot be read fails the build, since its nights would read as cancelled.
    private static func storedNightIDs(_ store: any StoreSnapshot) throws(BuildError) -> Set<String> {
        var ids = Set<String>()
        for day in try store.reading({ store throws(StoreError) in try store.nightDays() }) {
            for night in try store.reading({ store throws(StoreError) in try store.nights(day: day) })?.nights ?? [] { ids.insert(night.id) }
        }
        return ids
    }

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
