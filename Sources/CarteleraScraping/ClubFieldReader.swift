import CarteleraCore
import CarteleraModel

import Foundation

/// Turns a club listing's field values into venues, nights, guest lists and promotions.
///
/// Spanish listings write "Viernes 28 nov", "hasta la 1:30", "Lista cerrada", "Quedan 12 plazas",
/// "Entrada libre" and "15 € con copa"; English equivalents are understood too.
struct ClubFieldReader {
    let definition: CompiledDefinition
    let clubs: ClubListingSection
    let now: Timestamp

    private var city: String { clubs.city }
    private var zone: ZoneConverter { definition.zone }

    func venue(_ f: [String: [String]], baseURL: String, warnings: inout [String]) -> Venue? {
        guard let name = f["name"]?.first else { return nil }
        let venueCity = f["city"]?.first ?? city
        var location: GeoPoint?
        if let latitude = f["latitude"]?.first.flatMap(Self.coordinate), let longitude = f["longitude"]?.first.flatMap(Self.coordinate) {
            location = GeoPoint(latitude: latitude, longitude: longitude)
            if location == nil { warnings.append("\(definition.source): \(name): coordinates out of range (\(latitude), \(longitude))") }
        }
        let labels = f["genres"] ?? []
        let price = f["price"]?.first
        var numbers = NumberFields(item: "venue \"\(name)\"")
        defer { warnings += numbers.warnings(source: definition.source, url: baseURL) }
        return Venue(
            id: VenueID(name: name, city: venueCity), name: name, address: f["address"]?.first, city: venueCity, location: location,
            musicLabels: labels, priceRange: price,
            freeEntry: f["free_entry"].map { Self.truthy($0.first ?? "") } ?? price.map(Self.isFree).flatMap { $0 ? true : nil },
            rating: numbers.decimal("rating", f["rating"]?.first, in: 0...5), ratingCount: numbers.integer("votes", f["votes"]?.first, in: 0...Int.max),
            openingHours: f["hours"] ?? [], images: f["images"] ?? [], website: f["website"]?.first, phone: f["phone"]?.first,
            provenance: [Provenance(source: definition.source, url: f["url"]?.first ?? baseURL)])
    }

    /// A night and its guest list; the guest list's counts that are dropped are added to `dropped`.
    func night(_ f: [String: [String]], evening requested: Day, baseURL: String, warnings: inout [String], dropped: inout [DroppedValue]) -> (Night, GuestList?)? {
        guard let venueName = f["venue"]?.first, let title = f["title"]?.first else { return nil }
        var evening = requested
        if let text = f["date"]?.first, let format = clubs.nights?.table.fields["date"]?.format,
           let parts = format.parse(text), let day = ScheduleScraper.day(from: parts, near: requested) {
            evening = day
        }
        let doorsClock = clock(f["doors"]?.first, field: "doors")
        let closingClock = clock(f["closing"]?.first, field: "closing")
        let times = NightTimes.resolve(evening: evening, doors: doorsClock, closing: closingClock, zone: zone)
        let venue = VenueID(name: venueName, city: f["city"]?.first ?? city)
        let price = f["price"]?.first
        let free = f["free_entry"].map { Self.truthy($0.first ?? "") } ?? price.map(Self.isFree)
        let labels = f["genres"] ?? []
        var numbers = NumberFields(item: "night \"\(title)\" on \(evening)")
        let priceFrom = free == true ? 0 : numbers.decimal("price", price, in: Self.prices)
        warnings += numbers.warnings(source: definition.source, url: baseURL)
        let night = Night(
            venue: venue, date: evening, title: title, doors: times.doors, closing: times.closing, timeZone: zone.identifier,
            lineup: f["lineup"] ?? [], musicLabels: labels, flyer: f["flyer"]?.first,
            price: price, priceFrom: priceFrom, freeEntry: free,
            ticketURL: f["tickets"]?.first, url: f["url"]?.first,
            provenance: [Provenance(source: definition.source, url: baseURL)])
        return (night, guestList(f, night: night, baseURL: baseURL, warnings: &warnings, dropped: &dropped))
    }

    /// Prices a night can have, in the listing's currency.
    static let prices = 0.0...1_000_000.0
    /// Places a guest list can have.
    static let places = 0...1_000_000

    /// The night's guest list, when the row has a guest-list block (any `list_*` field).
    private func guestList(_ f: [String: [String]], night: Night, baseURL: String, warnings: inout [String], dropped: inout [DroppedValue]) -> GuestList? {
        guard f.keys.contains(where: { $0.hasPrefix("list_") }) else { return nil }
        let statusText = f["list_status"]?.joined(separator: " ") ?? ""
        var deadline: Timestamp?
        if let text = f["list_deadline"]?.first {
            deadline = instant(text, field: "list_deadline", evening: night.date)
            if deadline == nil { warnings.append("\(definition.source): \(night.title): unreadable guest-list deadline \"\(text)\"") }
        }
        let instructions = f["list_instructions"]?.first
        var numbers = NumberFields(item: "guest list of \"\(night.title)\" on \(night.date)")
        let list = GuestList(
            venue: night.venue, night: night.id, date: night.date, declared: Self.declaredStatus(statusText),
            conditions: f["list_conditions"] ?? [], deadline: deadline,
            capacity: numbers.integer("list_capacity", f["list_capacity"]?.first, in: Self.places),
            placesLeft: numbers.integer("list_places", f["list_places"]?.first, in: Self.places),
            signUpURL: f["list_signup"]?.first, signUpInstructions: instructions,
            nightEnds: night.closing ?? NightTimes.instant(evening: night.date, secondOfDay: 6 * 3600, zone: zone),
            provenance: night.provenance)
        warnings += numbers.warnings(source: definition.source, url: baseURL)
        dropped += numbers.droppedValues(.guestList, id: list.id)
        return list
    }

    /// A promotion; dates without a year take the one nearest `near` (the first evening scraped).
    func promotion(_ f: [String: [String]], baseURL: String, near today: Day, warnings: inout [String]) -> Promotion? {
        guard let title = f["title"]?.first else { return nil }
        var numbers = NumberFields(item: "promotion \"\(title)\"")
        defer { warnings += numbers.warnings(source: definition.source, url: baseURL) }
        let venue = f["venue"]?.first.map { VenueID(name: $0, city: city) }
        // A date without a time runs from the start of its first day to the end of its last.
        let from = f["valid_from"]?.first.flatMap { instant($0, field: "valid_from", evening: today, endOfDay: false) }
        let to = f["valid_to"]?.first.flatMap { instant($0, field: "valid_to", evening: today, endOfDay: true) }
        let idParts = [definition.source.rawValue, venue?.rawValue ?? "", Slug.make(title), from.map { String($0.secondsSince1970) } ?? ""]
        return Promotion(
            id: idParts.filter { !$0.isEmpty }.joined(separator: "#"), venue: venue, night: nil, title: title, flyer: f["flyer"]?.first,
            validFrom: from, validTo: to, rank: numbers.integer("rank", f["rank"]?.first),
            // A listing's promotion block is paid placement unless the page says otherwise.
            paid: f["paid"].map { Self.truthy($0.first ?? "") } ?? true,
            sponsor: f["sponsor"]?.first, url: f["url"]?.first,
            provenance: [Provenance(source: definition.source, url: baseURL)])
    }

    /// A clock time ("23:30", "hasta la 1:30") in seconds after midnight.
    private func clock(_ text: String?, field: String) -> Int? {
        guard let text else { return nil }
        let format = clubs.nights?.table.fields[field]?.format ?? ScheduleScraper.defaultTimeFormat
        return format.parse(text)?.secondOfDay
    }

    /// An instant from a field: a full date-time, a date (start or end of that day), or a clock time on the night of `evening`.
    private func instant(_ text: String, field: String, evening: Day, endOfDay: Bool = false) -> Timestamp? {
        let tables = [clubs.nights, clubs.promotions].compactMap { $0?.table.fields[field] }
        let format = tables.first?.format ?? ScheduleScraper.defaultTimeFormat
        guard let parts = format.parse(text) else { return nil }
        if let instant = parts.instant { return instant }
        if let day = ScheduleScraper.day(from: parts, near: evening) {
            if let seconds = parts.secondOfDay {
                if let offset = parts.offset { return Timestamp(checkedSecondsSince1970: Int64(day.daysSince1970) * 86_400 + Int64(seconds - offset)) }
                return zone.instant(LocalDateTime(day: day, secondOfDay: seconds))
            }
            return zone.instant(LocalDateTime(day: endOfDay ? day.advanced(by: 1) : day, secondOfDay: 0))
        }
        return parts.secondOfDay.map { NightTimes.instant(evening: evening, secondOfDay: $0, zone: zone) }
    }

    static func declaredStatus(_ text: String) -> GuestList.DeclaredStatus? {
        let folded = TextFolding.fold(text)
        if ["cerrad", "closed", "finalizad"].contains(where: folded.contains) { return .closed }
        if ["complet", "llen", "full", "agotad", "sold out", "sin plazas"].contains(where: folded.contains) { return .full }
        if ["abiert", "open", "apuntate", "disponible", "quedan"].contains(where: folded.contains) { return .open }
        return nil
    }

    static func isFree(_ text: String) -> Bool {
        let folded = TextFolding.fold(text)
        return ["libre", "gratis", "gratuita", "free"].contains(where: folded.contains)
    }

    static func truthy(_ text: String) -> Bool {
        !["", "0", "no", "false", "falso"].contains(TextFolding.fold(text))
    }

    static func coordinate(_ text: String) -> Double? {
        Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "."))
    }
}
