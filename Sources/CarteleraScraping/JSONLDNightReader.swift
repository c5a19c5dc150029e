import CarteleraCore
import CarteleraModel

/// Reads a schema.org event (Event, MusicEvent, DanceEvent, Festival…) as a Night.
struct JSONLDNightReader: Sendable {
    /// The schema.org types read as nights.
    static let types: Set<String> = ["Event", "MusicEvent", "DanceEvent", "Festival", "SocialEvent", "ComedyEvent", "TheaterEvent"]

    /// What one event yields.
    enum Reading {
        /// A night, with the venue its `location` describes when it is an object.
        case night(Night, venue: Venue?)
        /// A cancelled event: no night, but its evening is still read (so a stored night for it is replaced).
        case cancelled(title: String, evening: Day)
    }

    let venues: JSONLDVenueReader
    var zone: ZoneConverter
    /// The currency of prices that declare none (the definition's `currency`); nil assumes none.
    var currency: String? = nil

    /// The night `node` describes; `host` is the venue it is nested in, `soleVenue` the page's only venue.
    /// Values out of range (a price of 1e300) are left out, each with a message in `warnings`.
    func read(_ node: JSONLDNode, host: Venue?, soleVenue: Venue?, warnings: inout [ScrapeMessage]) throws(ScrapeMessage) -> Reading {
        guard let title = node.text("name") else { throw ScrapeMessage("an event without a name") }
        guard let startText = node.text("startDate") else { throw ScrapeMessage("event \"\(title)\" has no startDate") }
        let unreadable = ScrapeMessage("event \"\(title)\" has an unreadable startDate \"\(startText)\"")
        guard let start = JSONLDTime(startText) else { throw unreadable }
        // A tour page lists nights abroad: a start whose offset is not the definition zone's is read in its own zone,
        // the venue's country's real zone when one has that offset then, else the fixed zone of the offset.
        // UTC (+00:00) is how many sites write every time, so it means abroad only when the venue names a country not home.
        var reader = self
        let country = Self.country(of: node)
        if let instant = start.instant(in: zone), let own = Self.zone(ofOffsetIn: startText), own.offset(at: instant) != zone.offset(at: instant),
           own.offset(at: instant) != 0 || country.map({ TextFolding.fold($0) != venues.homeCountry.map(TextFolding.fold) }) == true {
            let offset = own.offset(at: instant)
            reader.zone = country.flatMap { CountryZones.zone(of: $0, offset: offset, at: instant) } ?? own
        }
        return try reader.read(node, title: title, start: start, unreadable: unreadable, host: host, soleVenue: soleVenue, warnings: &warnings)
    }

    /// The country of the event's location (`addressCountry`, as text or a Country with a name, or the country a text
    /// location such as "Austin, TX, US" ends with), if it says.
    static func country(of node: JSONLDNode) -> String? {
        if let address = node.nodes("location").first?.nodes("address").first { return JSONLDVenueReader.country(of: address) }
        return node.text("location").flatMap(JSONLDTextLocation.init)?.country
    }

    /// The fixed zone (`Etc/GMT+5`) of a whole-hour offset at the end of an ISO date-time, if any.
    static func zone(ofOffsetIn text: String) -> ZoneConverter? {
        let trimmed = text.trimmingWhitespace()
        let scalars = Array(trimmed.unicodeScalars.suffix(6))
        guard scalars.count == 6, scalars[0] == "+" || scalars[0] == "-", scalars[3] == ":",
              let hours = Int(String(String.UnicodeScalarView(scalars[1...2]))), String(String.UnicodeScalarView(scalars[4...5])) == "00",
              (0...14).contains(hours) else { return nil }
        // POSIX-style Etc zones count the other way: UTC-05:00 is Etc/GMT+5.
        let name = hours == 0 ? "Etc/UTC" : "Etc/GMT\(scalars[0] == "+" ? "-" : "+")\(hours)"
        return ZoneConverter(identifier: name)
    }

    private func read(
        _ node: JSONLDNode, title: String, start: JSONLDTime, unreadable: ScrapeMessage, host: Venue?, soleVenue: Venue?, warnings: inout [ScrapeMessage]
    ) throws(ScrapeMessage) -> Reading {
        let startInstant = start.instant(in: zone)
        let evening: Day
        if case .date(let day) = start {
            // A date alone is the evening itself: the night has no known start.
            evening = day
        } else if let startInstant {
            evening = NightTimes.evening(of: startInstant, zone: zone)
        } else {
            throw unreadable
        }
        if node.enumeration("eventStatus") == "EventCancelled" { return .cancelled(title: title, evening: evening) }

        var numbers = NumberFields(item: "event \"\(title)\"")
        let doors = instant(node.text("doorTime"), evening: evening) ?? startInstant
        var closing = instant(node.text("endDate"), evening: evening)
        if let end = closing, let doors, end <= doors {
            // A bare clock time at or before the doors closes the next morning; a full date that does is a mistake.
            if case .clock = node.text("endDate").flatMap(JSONLDTime.init) {
                closing = end.adding(seconds: 86_400)
            } else {
                closing = nil
            }
        }
        if let end = closing, end >= evening.advanced(by: Self.maximumDays + 1).startUTC {
            numbers.drop("endDate", "\"\(node.text("endDate") ?? "")\" is more than \(Self.maximumDays) days after the evening")
            closing = nil
        }

        let (venueID, venue) = try place(node, title: title, host: host, soleVenue: soleVenue, warnings: &warnings)
        let offers = JSONLDOffers(node.nodes("offers"), evening: evening, zone: zone, pageURL: venues.pageURL, now: venues.now, declaredCurrency: currency, numbers: &numbers)
        let free = node.bool("isAccessibleForFree") ?? (offers.priceFrom == 0 ? true : nil)
        var night = Night(
            venue: venueID, date: evening, title: title, doors: doors, closing: closing, timeZone: zone.identifier,
            lineup: lineup(node), musicLabels: JSONLDVenueReader.musicLabels(node), keywords: JSONLDVenueReader.keywords(node),
            flyer: venues.images(node).first, price: offers.price, priceFrom: offers.priceFrom, freeEntry: free,
            ticketURL: offers.ticketURL, url: node.text("url").flatMap { LinkResolver.resolve($0, against: venues.pageURL) },
            provenance: [Provenance(source: venues.source, url: venues.pageURL)])
        night.priceCurrency = offers.currency
        night.priceTo = offers.priceTo
        night.offerCount = node.nodes("offers").isEmpty ? nil : offers.offerCount
        let performers = self.performers(node)
        night.performers = performers.contains { $0.url != nil } ? performers : nil
        switch node.enumeration("eventStatus") {
        case "EventPostponed": night.status = .postponed
        case "EventRescheduled": night.status = .rescheduled
        case "EventMovedOnline": night.status = .movedOnline
        default: break
        }
        night.previousStart = node.texts("previousStartDate").lazy.compactMap { JSONLDTime($0)?.instant(in: zone) }.first
        // A date-only endDate after the evening: a night (a festival) that runs over several days, up to a month.
        if let endText = node.text("endDate"), case .date(let last)? = JSONLDTime(endText), last > evening {
            if evening.distance(to: last) > Self.maximumDays {
                numbers.drop("endDate", "\"\(endText)\" is more than \(Self.maximumDays) days after the evening")
            } else {
                night.lastDate = last
            }
        }
        warnings += numbers.dropped
        return .night(night, venue: venue)
    }

    /// The most days a night (a festival) runs past its evening: a later end is a mistake or a placeholder (9999-12-31).
    static let maximumDays = 31

    /// Performers with their links (`url`, else the first `sameAs`), names alone for plain strings, without repeats.
    private func performers(_ node: JSONLDNode) -> [Performer] {
        var seen = Set<String>()
        let found = ["performer", "performers"].flatMap { key in
            node.texts(key).map { Performer(name: $0) } + node.nodes(key).compactMap { performer in
                performer.text("name").map { name in
                    Performer(name: name, url: (performer.texts("url") + performer.texts("sameAs")).lazy.compactMap { LinkResolver.resolve($0, against: venues.pageURL) }.first)
                }
            }
        }
        return found.filter { seen.insert($0.name).inserted }
    }

    /// The venue of the event: its `location` (an object or a name), else the venue it is nested in, else the page's only venue.
    private func place(
        _ node: JSONLDNode, title: String, host: Venue?, soleVenue: Venue?, warnings: inout [ScrapeMessage]
    ) throws(ScrapeMessage) -> (VenueID, Venue?) {
        // Online events carry a VirtualLocation beside (or instead of) the room.
        if let location = node.nodes("location").first(where: { !$0.isA(["VirtualLocation"]) }) {
            do throws(ScrapeMessage) {
                let venue = try venues.venue(location, near: host ?? soleVenue, warnings: &warnings)
                return (venue.id, venue)
            } catch {
                // A location with neither a name nor an address still leaves the venue the event sits in.
                guard let venue = host ?? soleVenue else { throw ScrapeMessage("event \"\(title)\": \(error.description)") }
                return (venue.id, nil)
            }
        }
        // A text location is a weak venue, stored as such so that the night never points at a venue that is not.
        if let name = node.text("location") {
            let venue = venues.venue(named: name, near: host ?? soleVenue, warnings: &warnings)
            return (venue.id, venue)
        }
        if let venue = host ?? soleVenue { return (venue.id, nil) }
        throw ScrapeMessage("event \"\(title)\" names no location and the page has no single venue it could belong to")
    }

    /// Performers and their names, Person, MusicGroup or plain strings, without repeats.
    private func lineup(_ node: JSONLDNode) -> [String] {
        var seen = Set<String>()
        let names = ["performer", "performers"].flatMap { node.texts($0) + node.nodes($0).compactMap { $0.text("name") } }
        return names.filter { seen.insert($0).inserted }
    }

    /// An instant from a full date-time, or a clock time on the night of `evening`; nil for a date alone.
    private func instant(_ text: String?, evening: Day) -> Timestamp? {
        guard let text, let time = JSONLDTime(text) else { return nil }
        if case .clock(let second) = time { return NightTimes.instant(evening: evening, secondOfDay: second, zone: zone) }
        return time.instant(in: zone)
    }
}
