import CarteleraCore
import CarteleraModel
import Foundation

extension SitePages {
    /// Tonight, the club lists (all and pre-filtered), every club and every night.
    func nightlifePages(_ emit: PageSink) {
        tonightPages(emit)
        let clubs = content.venues.filter { index.clubs.contains($0.id) }
        let rows = clubs.map { ($0, clubRow($0)) }
        emit(clubList(path: SitePaths.clubs, heading: labels["clubsHeading"], rows: rows))
        emit(clubList(path: SitePaths.freeClubs, heading: labels["clubsFree"], rows: rows.filter { $0.0.freeEntry == true }))
        emit(clubList(path: SitePaths.topRatedClubs, heading: labels["clubsRating"], rows: rows.filter { ($0.0.rating ?? 0) >= 4 }))
        for genre in MusicGenre.allCases {
            let matching = rows.filter { $0.0.musicGenres.contains(genre) }
            guard !matching.isEmpty else { continue }
            emit(clubList(path: SitePaths.music(genre), heading: "\(labels["clubsMusic"]) \(musicLabel(genre))", rows: matching))
        }
        let nightsByVenue = Dictionary(grouping: allNights.filter { $0.night.date >= tonightEvening }, by: { $0.night.venue })
        for venue in clubs { emit(club(venue, nights: nightsByVenue[venue.id] ?? [])) }
        for entry in allNights { emit(nightPage(entry.night, list: entry.list)) }
    }

    /// The evening "tonight" means at `now`: until the night's end hour it is still last night.
    var tonightEvening: Day {
        let local = zone.local(now)
        return local.secondOfDay < eveningCutoff ? local.day.advanced(by: -1) : local.day
    }

    /// Every stored night with its guest list, by evening and doors (worked out once per build).
    var allNights: [(night: Night, list: GuestList?)] { index.nights }

    /// The ids of nights a paid promotion running now points at.
    private var promotedNights: Set<String> { index.promotedNights }

    private var venuesByID: [VenueID: Venue] { index.venues }

    func statusText(_ status: GuestList.Status) -> String {
        switch status {
        case .open: labels["statusOpen"]
        case .closed: labels["statusClosed"]
        case .full: labels["statusFull"]
        }
    }

    /// A night as a card of a list, linked from `path`: a line of what is known of it (its venue unless the card is on the
    /// venue's own page, the evening's date when `showsDate`, doors, music, price or free entry), so no separator is left
    /// dangling; its flyer and guest list.
    private func nightCard(_ night: Night, list: GuestList?, from path: String, promoted: Bool, showsDate: Bool = false) -> PageEntries {
        let root = SitePaths.up(from: path)
        let venue = venuesByID[night.venue]
        var card: PageEntries = [("title", .text(night.title)), ("href", .text(root + SitePaths.night(night.id))), ("promoted", .flag(promoted))]
        var meta: [PageEntries] = []
        func part(_ text: String, link: String? = nil, time: String? = nil, label: String? = nil, date: Bool = false) {
            meta.append([("text", .text(text)), ("first", .flag(meta.isEmpty)), ("isLink", .flag(link != nil)), ("link", .text(link ?? "")),
                         ("isTime", .flag(time != nil)), ("iso", .text(time ?? "")), ("label", .text(label ?? "")), ("isDate", .flag(date)),
                         ("isText", .flag(link == nil && time == nil && !date))])
        }
        if !showsDate {
            let name = nonEmpty(venue?.name) ?? night.venue.rawValue
            part(name, link: index.clubs.contains(night.venue) ? root + SitePaths.club(night.venue) : nil)
        }
        if showsDate { part(shortDate(night.date), date: true) }
        if let doors = night.doors { part(time(doors, on: night.date), time: doors.iso8601, label: labels["doors"]) }
        let music = night.musicGenres.isEmpty ? (venue?.musicGenres ?? []) : night.musicGenres
        if !music.isEmpty { part(music.map(musicLabel).joined(separator: ", ")) }
        if let price = nonEmpty(night.price) {
            part(price)
        } else if night.freeEntry == true {
            part(labels["freeEntry"])
        }
        card.append(("meta", .objects(meta)))
        if let flyer = night.flyer { card.append(("flyer", image(flyer, alt: "\(labels["flyerOf"]) \(night.title)", kind: .flyer))) }
        if let list {
            var guest: PageEntries = [("statusText", .text(statusText(list.status(at: now))))]
            if list.status(at: now) == .open, let left = list.placesLeft { guest.append(("placesLeft", .integer(left))) }
            card.append(("guestList", .object(guest)))
        }
        return card
    }

    /// The text, nil when it is missing or blank.
    func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
        return text
    }

    /// Tonight in every city together and, when the clubs are in several cities, tonight in each (every city with a
    /// club has its page, empty evenings included, so a reader's bookmark always leads somewhere).
    func tonightPages(_ emit: PageSink) {
        // One page per city slug ("Málaga" and "Malaga" are one city), named as its first club spells it.
        var names: [String: String] = [:]
        for venue in content.venues where index.clubs.contains(venue.id) && !Slug.make(venue.city).isEmpty && names[Slug.make(venue.city)] == nil {
            names[Slug.make(venue.city)] = venue.city
        }
        let evening = tonightEvening
        let nights = allNights.filter { $0.night.date == evening }
        guard names.count > 1 else { return emit(tonight(path: SitePaths.tonight, city: nil, cities: [], nights: nights)) }
        let venues = venuesByID
        var counts: [String: Int] = [:]
        for entry in nights {
            if let city = venues[entry.night.venue]?.city { counts[Slug.make(city), default: 0] += 1 }
        }
        let cities = names.map { (name: $0.value, count: counts[$0.key] ?? 0) }.sorted { $0.name < $1.name }
        emit(tonight(path: SitePaths.tonight, city: nil, cities: cities, nights: nights))
        for city in cities { emit(tonight(path: SitePaths.tonight(city: city.name), city: city.name, cities: cities, nights: nights)) }
    }

    /// Tonight's page at `path`: paid promotions running now first, then the evening's nights, promoted ones first; only
    /// those of `city` when one is given; with links to each of `cities` and how many nights each has tonight.
    func tonight(path: String, city: String?, cities: [(name: String, count: Int)], nights nightsTonight: [(night: Night, list: GuestList?)]) -> SitePage {
        let root = SitePaths.up(from: path)
        let venues = venuesByID
        let promoted = promotedNights
        let evening = tonightEvening
        let nightsByID = Dictionary(allNights.map { ($0.night.id, $0.night) }, uniquingKeysWith: { first, _ in first })
        let nightVenues = nightsByID.mapValues(\.venue)
        let citySlug = city.map(Slug.make)
        func inCity(_ venue: VenueID?) -> Bool { citySlug == nil || venue.flatMap { venues[$0].map { Slug.make($0.city) } } == citySlug }
        let featured = content.promotions.filter { $0.paid && $0.isActive(at: now) && inCity($0.venue ?? $0.night.flatMap { nightVenues[$0] }) }
            .sorted { ($0.rank ?? Int.max, $0.id) < ($1.rank ?? Int.max, $1.id) }
            .map { promotion in featuredCard(promotion, root: root, nights: nightsByID) }
        let nights = nightsTonight.filter { inCity($0.night.venue) }
            .sorted { (promoted.contains($0.night.id) ? 0 : 1) < (promoted.contains($1.night.id) ? 0 : 1) }
            .map { nightCard($0.night, list: $0.list, from: path, promoted: promoted.contains($0.night.id)) }
        // A city with no night tonight is named with its (0) but not linked: its page would be empty.
        var cityLinks: [PageEntries] = []
        if !cities.isEmpty {
            cityLinks.append([("name", .text(labels["allCities"])), ("href", .text(root + SitePaths.tonight)), ("count", .integer(nightsTonight.count)),
                              ("selected", .flag(city == nil)), ("linked", .flag(true))])
            for (name, count) in cities {
                cityLinks.append([("name", .text(name)), ("href", .text(root + SitePaths.tonight(city: name))), ("count", .integer(count)),
                                  ("selected", .flag(city == name)), ("linked", .flag(count > 0 || city == name))])
            }
        }
        let heading = city.map { "\(labels["tonightIn"]) \($0)" } ?? labels["tonightHeading"]
        return page(path, template: "tonight", title: city.map { "\(labels["tonightTitle"]) · \($0)" } ?? labels["tonightTitle"], [
            ("heading", .text(heading)), ("dayText", .text(longDate(evening))), ("featured", .objects(featured)), ("nights", .objects(nights)),
            ("cities", .objects(cityLinks)),
        ])
    }

    /// A paid promotion as a card of tonight's page: its title, flyer and sponsor, which club it is for and when (the
    /// night's evening and doors, else until when it runs), linked to the night, else the club, else its own page.
    private func featuredCard(_ promotion: Promotion, root: String, nights: [String: Night]) -> PageEntries {
        var card: PageEntries = [("title", .text(promotion.title))]
        let night = promotion.night.flatMap { nights[$0] }
        if let flyer = promotion.flyer { card.append(("flyer", image(flyer, alt: "\(labels["flyerOf"]) \(promotion.title)", kind: .flyer))) }
        if let sponsor = nonEmpty(promotion.sponsor) { card.append(("sponsor", .text(sponsor))) }
        if let venueID = night?.venue ?? promotion.venue, let venue = venuesByID[venueID], let name = nonEmpty(venue.name) {
            card.append(("venueName", .text(name)))
            if index.clubs.contains(venueID) { card.append(("venueHref", .text(root + SitePaths.club(venueID)))) }
        }
        if let night {
            // Doors after midnight name their own day ("jueves 26 · 00:30"), others the evening's ("miércoles 25 · 23:30").
            let when = night.doors.map { doors in
                zone.local(doors).day == night.date ? shortDate(night.date) + " · " + time(doors) : time(doors, on: night.date)
            } ?? shortDate(night.date)
            card.append(("whenText", .text(when)))
            card.append(("whenISO", .text(night.doors?.iso8601 ?? night.date.description)))
        } else if let end = promotion.validTo {
            card.append(("whenText", .text(labels["until"] + " " + longDate(zone.local(end).day))))
            card.append(("whenISO", .text(end.iso8601)))
        }
        if let night {
            card.append(("href", .text(root + SitePaths.night(night.id))))
        } else if let venue = promotion.venue, index.clubs.contains(venue) {
            card.append(("href", .text(root + SitePaths.club(venue))))
        } else if let url = promotion.url {
            card.append(("href", .text(url)))
        }
        return card
    }

    /// A club as a row of the club lists, its link still to be made relative to the list's page.
    func clubRow(_ venue: Venue) -> PageEntries {
        var row: PageEntries = [
            ("name", .text(venue.name)), ("music", .text(venue.musicGenres.map(\.rawValue).joined(separator: ","))),
            ("free", .text(venue.freeEntry == true ? "1" : "0")),
            ("rating", .text(venue.rating.map { index.oneDecimal[$0.bitPattern]?.point ?? String(format: "%.1f", $0) } ?? "0")),
        ]
        // One line of what is known, so an empty city or music leaves no separator behind.
        var meta = [nonEmpty(venue.city), nonEmpty(venue.musicGenres.map(musicLabel).joined(separator: ", "))].compactMap { $0 }
        if venue.freeEntry == true { meta.append(labels["freeEntry"]) }
        if let rating = venue.rating { meta.append("\(labels["rating"]) \(decimal(rating))/5") }
        // The separator stays at the end of a line, never starts one.
        if !meta.isEmpty { row.append(("meta", .text(meta.joined(separator: "\u{00A0}· ")))) }
        if let location = venue.location {
            row.append(("lat", .text(String(format: "%.5f", location.latitude))))
            row.append(("lon", .text(String(format: "%.5f", location.longitude))))
        }
        return row
    }

    func clubList(path: String, heading: String, rows: [(Venue, PageEntries)]) -> SitePage {
        let root = SitePaths.up(from: path)
        let clubs = rows.map { venue, row in row + [("href", .text(root + SitePaths.club(venue.id)))] }
        return page(path, template: "clubs", title: heading, [
            ("heading", .text(heading)), ("clubs", .objects(clubs)), ("count", .integer(clubs.count)), ("musicOptions", musicOptions(from: path)),
        ])
    }

    func club(_ venue: Venue, nights: [(night: Night, list: GuestList?)]) -> SitePage {
        let path = SitePaths.club(venue.id)
        let promoted = promotedNights
        var values: PageEntries = [("name", .text(venue.name))]
        if let address = nonEmpty(venue.address) {
            // Addresses often end with the city already ("…, 28970 Humanes de Madrid"): it is not said twice.
            let namesCity = nonEmpty(venue.city).map { TextFolding.fold(address).contains(TextFolding.fold($0)) } ?? true
            values.append(("place", .text(namesCity ? address : address + ", " + venue.city)))
            values.append(("placeLabel", .text(labels["address"])))
        } else if let city = nonEmpty(venue.city) {
            values.append(("place", .text(city)))
            values.append(("placeLabel", .text(labels["city"])))
        }
        if let location = venue.location {
            let lat = String(format: "%.6f", location.latitude), lon = String(format: "%.6f", location.longitude)
            values.append(("coordinates", .text("\(lat), \(lon)")))
            values.append(("mapHref", .text(labels.mapHref(lat: lat, lon: lon))))
        }
        if !venue.musicGenres.isEmpty { values.append(("musicText", .text(venue.musicGenres.map(musicLabel).joined(separator: ", ")))) }
        if let price = venue.priceRange, !price.isEmpty { values.append(("price", .text(price))) }
        if venue.freeEntry == true { values.append(("freeEntry", .flag(true))) }
        if let rating = venue.rating {
            values.append(("ratingText", .text(decimal(rating))))
            if let count = venue.ratingCount { values.append(("ratingCount", .text(grouped(count)))) }
        }
        if let website = venue.website { values.append(("website", .text(website))) }
        if let photo = venue.images.first { values.append(("image", image(photo, alt: "\(labels["photoOf"]) \(venue.name)", kind: .photo))) }
        values.append(("nights", .objects(nights.map {
            nightCard($0.night, list: $0.list, from: path, promoted: promoted.contains($0.night.id), showsDate: true)
        })))
        var place: PageEntries = [("@type", .text("NightClub")), ("name", .text(venue.name)), ("address", postalAddress(city: venue.city, street: venue.address))]
        if let location = venue.location {
            place.append(("geo", .object([("@type", .text("GeoCoordinates")), ("latitude", .real(location.latitude)), ("longitude", .real(location.longitude))])))
        }
        if let rating = venue.rating, let count = venue.ratingCount, count > 0 {
            place.append(("aggregateRating", .object([
                ("@type", .text("AggregateRating")), ("ratingValue", .real(rating)), ("bestRating", .integer(5)), ("ratingCount", .integer(count)),
            ])))
        }
        if let website = venue.website { place.append(("url", .text(website))) }
        if let image = venue.images.first { place.append(("image", .text(image))) }
        return page(path, template: "club", title: venue.name, jsonLD: SiteJSON.script(place), values)
    }

    /// A schema.org postal address: the city, and the street when it is known.
    private func postalAddress(city: String, street: String?) -> PageValue {
        var address: PageEntries = [("@type", .text("PostalAddress")), ("addressLocality", .text(city))]
        if let street { address.append(("streetAddress", .text(street))) }
        return .object(address)
    }

    func nightPage(_ night: Night, list: GuestList?) -> SitePage {
        let path = SitePaths.night(night.id)
        let root = SitePaths.up(from: path)
        let siteRoot = language == .es ? root : root + "../"
        let venue = venuesByID[night.venue]
        // The page's title is the frame's.
        var values: PageEntries = [
            ("eveningText", .text(longDate(night.date))), ("venueName", .text(venue?.name ?? night.venue.rawValue)),
            ("promoted", .flag(promotedNights.contains(night.id))),
        ]
        if index.clubs.contains(night.venue) { values.append(("venueHref", .text(root + SitePaths.club(night.venue)))) }
        if let doors = night.doors {
            values.append(("doors", .text(time(doors, on: night.date))))
            values.append(("doorsISO", .text(doors.iso8601)))
        }
        if let closing = night.closing {
            values.append(("closing", .text(time(closing, on: night.date))))
            values.append(("closingISO", .text(closing.iso8601)))
        }
        if !night.lineup.isEmpty { values.append(("lineup", .text(night.lineup.joined(separator: ", ")))) }
        if !night.musicGenres.isEmpty { values.append(("musicText", .text(night.musicGenres.map(musicLabel).joined(separator: ", ")))) }
        if let price = night.price, !price.isEmpty {
            values.append(("price", .text(price)))
        } else if night.freeEntry == true {
            // A price text already says "entrada libre" when entry is free; the flag speaks only when there is none.
            values.append(("free", .flag(true)))
        }
        if let ticket = night.ticketURL { values.append(("ticketURL", .text(ticket))) }
        if let flyer = night.flyer { values.append(("flyer", image(flyer, alt: "\(labels["flyerOf"]) \(night.title)", kind: .flyer))) }
        if let list {
            let status = list.status(at: now)
            var guest: PageEntries = [
                ("statusText", .text(statusText(status))), ("open", .flag(status == .open)),
                ("action", .text(siteRoot + "api/nights/\(SitePaths.apiSegment(night.id))/guestlist")),
            ]
            if status == .open, let left = list.placesLeft { guest.append(("placesLeft", .integer(left))) }
            if let deadline = list.deadline {
                guest.append(("deadline", .text(time(deadline, on: night.date))))
                guest.append(("deadlineISO", .text(deadline.iso8601)))
            }
            if !list.conditions.isEmpty { guest.append(("conditions", .text(list.conditions.joined(separator: "; ")))) }
            if let instructions = list.signUpInstructions, !instructions.isEmpty { guest.append(("instructions", .text(instructions))) }
            if let url = list.signUpURL { guest.append(("signUpURL", .text(url))) }
            values.append(("guestList", .object(guest)))
        }
        var location: PageEntries = [("@type", .text("Place")), ("name", .text(venue?.name ?? night.venue.rawValue))]
        if let venue { location.append(("address", postalAddress(city: venue.city, street: venue.address))) }
        var event: PageEntries = [
            ("@type", .text("Event")), ("name", .text(night.title)), ("startDate", .text((night.doors ?? night.date.startUTC).iso8601)),
            ("eventAttendanceMode", .text("https://schema.org/OfflineEventAttendanceMode")), ("location", .object(location)),
        ]
        if let closing = night.closing { event.append(("endDate", .text(closing.iso8601))) }
        if let flyer = night.flyer { event.append(("image", .text(flyer))) }
        if night.freeEntry == true { event.append(("isAccessibleForFree", .flag(true))) }
        if !night.lineup.isEmpty { event.append(("performer", .objects(night.lineup.map { [("@type", .text("PerformingGroup")), ("name", .text($0))] }))) }
        return page(path, template: "night", title: night.title, jsonLD: SiteJSON.script(event), values)
    }
}
