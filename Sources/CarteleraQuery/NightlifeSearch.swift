import CarteleraModel
import Foundation

/// Answers venue, night and promotion queries from a `NightlifeIndex`.
struct NightlifeSearch {
    let index: NightlifeIndex

    /// A venue match: the record, its distance from the query's point and how its name matched.
    struct VenueMatch: Sendable {
        var record: Int
        var distance: Double?
        var tier: MatchTier?
    }

    /// A night match.
    struct NightMatch: Sendable {
        var record: Int
        var distance: Double?
        var tier: MatchTier?
        var guestList: GuestList?
    }

    /// A promotion match.
    struct PromotionMatch: Sendable {
        var record: Int
        var tier: MatchTier?
    }

    /// Every venue the query matches, in order.
    func venues(_ query: Query) -> [VenueMatch] {
        let matcher = query.text.flatMap { TextMatcher($0, mode: query.textMatch) }
        if query.text != nil, matcher == nil { return [] }
        let wantedMusic = index.musicBits(query.musicGenres)
        if !query.musicGenres.isEmpty, wantedMusic == 0 { return [] }
        let city = query.city.map(Slug.make)
        // Venues outside the box around the point cannot be within the radius: those skip the trigonometry.
        let box = query.near.flatMap { point in query.withinKilometres.map { NearbyBox(around: point, within: $0) } }
        var matches: [VenueMatch] = []
        func consider(_ record: Int) {
            if let city, index.venueCities[record] != city { return }
            var tier: MatchTier?
            if let matcher {
                guard let found = matcher.tier(index.venueNames[record]) else { return }
                tier = found
            }
            if wantedMusic != 0, index.venueMusic[record] & wantedMusic == 0 { return }
            if let free = query.freeEntry, index.venueFree[record] != (free ? 2 : 1) { return }
            if let minimum = query.minimumRating {
                let rating = index.venueRating[record]
                guard !rating.isNaN, rating >= minimum else { return }
            }
            var distance: Double?
            if let point = query.near {
                if let box, !box.mayHold(latitude: index.venueLatitude[record], longitude: index.venueLongitude[record]) { return }
                guard let location = index.location(ofVenue: record) else { return }
                let kilometres = point.distanceKilometres(to: location)
                if let radius = query.withinKilometres, kilometres > radius { return }
                distance = kilometres
            }
            matches.append(VenueMatch(record: record, distance: distance, tier: tier))
        }
        if let box {
            // Only located venues can be near, and only those in the box's band of latitudes: every order below ends on
            // the record, so the matches come out the same whichever order they are found in.
            let band = box.latitudes.map(index.venuePositions) ?? 0..<0
            for position in band { consider(Int(index.venuesByLatitude[position])) }
        } else {
            for record in 0..<index.venueIDs.count { consider(record) }
        }
        // "What is near" alone is the common question (q4 of bench query): one inlined comparison sorts it, not the
        // general comparator's chain of closures.
        if query.effectiveSorts == [.distance] {
            matches.sort { ($0.distance ?? .infinity, $0.record) < ($1.distance ?? .infinity, $1.record) }
            return matches
        }
        matches.sort(by: query.effectiveSorts.map { sort -> (VenueMatch, VenueMatch) -> MatchOrder in
            switch sort {
            case .distance: return { MatchOrder($0.distance ?? .infinity, $1.distance ?? .infinity) }
            case .rating:
                func rating(_ match: VenueMatch) -> Double { let value = index.venueRating[match.record]; return value.isNaN ? -1 : value }
                return { MatchOrder(descending: rating($0), rating($1)) }
            case .relevance: return { MatchOrder($0.tier?.rawValue ?? 9, $1.tier?.rawValue ?? 9) }
            case .title: return { MatchOrder(index.venueNames[$0.record], index.venueNames[$1.record]) }
            case .time, .year, .channel, .viewers, .share: return { _, _ in .same }
            }
        }) { $0.record < $1.record }
        return matches
    }

    /// Every night the query matches, in order; each with its guest list when it has one.
    func nights(_ query: Query) -> [NightMatch] {
        let matcher = query.text.flatMap { TextMatcher($0, mode: query.textMatch) }
        if query.text != nil, matcher == nil { return [] }
        let wantedMusic = index.musicBits(query.musicGenres)
        if !query.musicGenres.isEmpty, wantedMusic == 0 { return [] }
        let city = query.city.map(Slug.make)
        var matches: [NightMatch] = []
        for record in 0..<index.nightDate.count {
            let venue = index.nightVenue[record] == UInt32.max ? nil : Int(index.nightVenue[record])
            if let city, venue.map({ index.venueCities[$0] }) != city { continue }
            if let window = query.window, !overlaps(record, window) { continue }
            var tier: MatchTier?
            if let matcher {
                guard let found = matcher.tier(index.nightTitle[record]) ?? venue.flatMap({ matcher.tier(index.venueNames[$0]) }) else { continue }
                tier = found
            }
            if wantedMusic != 0, (index.nightMusic[record] | venue.map { index.venueMusic[$0] }.orZero) & wantedMusic == 0 { continue }
            if let free = query.freeEntry {
                let value = index.nightFree[record] != 0 ? index.nightFree[record] : venue.map { index.venueFree[$0] } ?? 0
                guard value == (free ? 2 : 1) else { continue }
            }
            if query.featuredOnly, index.nightPromoted[record] == 0 { continue }
            var distance: Double?
            if let point = query.near {
                guard let location = venue.flatMap(index.location(ofVenue:)) else { continue }
                let kilometres = point.distanceKilometres(to: location)
                if let radius = query.withinKilometres, kilometres > radius { continue }
                distance = kilometres
            }
            let list = guestList(record)
            if query.guestListOpen, list?.status(at: query.at) != .open { continue }
            matches.append(NightMatch(record: record, distance: distance, tier: tier, guestList: list))
        }
        // Records are in (evening, doors, id) order: time needs no sort unless another order comes first.
        let sorts = query.effectiveSorts
        if sorts != [.time] {
            matches.sort(by: sorts.map { sort -> (NightMatch, NightMatch) -> MatchOrder in
                switch sort {
                case .time: return { MatchOrder(index.nightDate[$0.record], index.nightDate[$1.record]).then(MatchOrder(index.nightDoors[$0.record], index.nightDoors[$1.record])) }
                case .distance: return { MatchOrder($0.distance ?? .infinity, $1.distance ?? .infinity) }
                case .title: return { MatchOrder(index.nightTitle[$0.record], index.nightTitle[$1.record]) }
                case .relevance: return { MatchOrder($0.tier?.rawValue ?? 9, $1.tier?.rawValue ?? 9) }
                case .year, .channel, .rating, .viewers, .share: return { _, _ in .same }
                }
            }) { $0.record < $1.record }
        }
        return matches
    }

    /// Every promotion the query matches, by rank then id unless asked otherwise.
    func promotions(_ query: Query) -> [PromotionMatch] {
        let matcher = query.text.flatMap { TextMatcher($0, mode: query.textMatch) }
        if query.text != nil, matcher == nil { return [] }
        var matches: [PromotionMatch] = []
        for record in 0..<index.promotionFrom.count {
            if query.featuredOnly, index.promotionPaid[record] == 0 { continue }
            if let window = query.window {
                // A promotion runs from validFrom (included) to validTo (excluded): it matches a window it overlaps.
                guard index.promotionFrom[record] < window.to.secondsSince1970, index.promotionTo[record] > window.from.secondsSince1970 else { continue }
            }
            var tier: MatchTier?
            if let matcher {
                guard let found = matcher.tier(index.promotionTitle[record]) else { continue }
                tier = found
            }
            matches.append(PromotionMatch(record: record, tier: tier))
        }
        // Records are in (rank, id) order, the default.
        matches.sort(by: query.effectiveSorts.map { sort -> (PromotionMatch, PromotionMatch) -> MatchOrder in
            switch sort {
            case .time: return { MatchOrder(index.promotionFrom[$0.record], index.promotionFrom[$1.record]) }
            case .title: return { MatchOrder(index.promotionTitle[$0.record], index.promotionTitle[$1.record]) }
            case .relevance: return { MatchOrder($0.tier?.rawValue ?? 9, $1.tier?.rawValue ?? 9) }
            case .year, .channel, .distance, .rating, .viewers, .share: return { _, _ in .same }
            }
        }) { $0.record < $1.record }
        return matches
    }

    /// Whether a night is on during the window: from its doors to its closing (six hours when unknown), or its evening when it has no doors time.
    private func overlaps(_ record: Int, _ window: Query.Window) -> Bool {
        let doors = index.nightDoors[record]
        if doors == Int64.min {
            let evening = Day(daysSince1970: Int(index.nightDate[record])).startUTC.secondsSince1970 + 20 * 3600
            return evening < window.to.secondsSince1970 && evening + 10 * 3600 > window.from.secondsSince1970
        }
        let closing = index.nightClosing[record] == Int64.min ? doors + 6 * 3600 : index.nightClosing[record]
        switch window.mode {
        case .overlap: return doors < window.to.secondsSince1970 && closing > window.from.secondsSince1970
        case .starts: return doors >= window.from.secondsSince1970 && doors < window.to.secondsSince1970
        }
    }

    /// The night's guest list, decoded from its JSON.
    func guestList(_ record: Int) -> GuestList? {
        let json = index.nightList[record]
        guard !json.isEmpty else { return nil }
        return try? JSONDecoder().decode(GuestList.self, from: Data(json.utf8))
    }

    /// The venue of a record, decoded.
    func venue(_ record: Int) -> Venue? {
        try? JSONDecoder().decode(Venue.self, from: Data(index.venueJSON[record].utf8))
    }

    /// The night of a record, decoded.
    func night(_ record: Int) -> Night? {
        try? JSONDecoder().decode(Night.self, from: Data(index.nightJSON[record].utf8))
    }

    /// The promotion of a record, decoded.
    func promotion(_ record: Int) -> Promotion? {
        try? JSONDecoder().decode(Promotion.self, from: Data(index.promotionJSON[record].utf8))
    }
}

extension Optional where Wrapped == Int64 {
    /// The value, or no bits.
    var orZero: Int64 { self ?? 0 }
}
