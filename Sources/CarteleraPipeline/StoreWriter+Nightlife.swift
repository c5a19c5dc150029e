import CarteleraModel
import CarteleraNormalize
import CarteleraScraping
import CarteleraStore

extension StoreWriter {
    /// The venue, nights and promotions shards the outcome touches, merged with what other sources stored there.
    ///
    /// Items are always added; what this source said before is replaced only where it read in full: the
    /// cities in `venueCities` (missing venues are marked not seen, never deleted), the evenings in
    /// `nightDays` and the promotions when `promotionsRead`. Nights, guest lists and promotions of a venue
    /// merged into another one follow it to the stored id.
    func nightlifeShards(for outcome: ScrapeOutcome) -> [ShardKey: ShardContent] {
        let extraction = outcome.extraction
        let source = extraction.source
        var result: [ShardKey: ShardContent] = [:]

        let completeCities = Set(outcome.venueCities.map(Slug.make))
        let venuesByCity = Dictionary(grouping: extraction.venues) { Slug.make($0.city) }
        if let cityless = venuesByCity[""] {
            logger.warning("left out venues without a city", metadata: ["source.id": "\(source)", "nightlife.venues": "\(cityless.count)"])
        }
        var ids = VenueIDs()
        for city in completeCities.union(venuesByCity.keys).sorted() where !city.isEmpty {
            let existing = readOrReplace { () throws(StoreError) in try store.venues(city: city) } ?? []
            let merged = VenueMerger.replace(existing: existing, incoming: venuesByCity[city] ?? [], from: source, now: now,
                                             listingComplete: completeCities.contains(city))
            ids.venues.merge(merged.storedIDs) { _, latest in latest }
            result[.venues(city: city)] = .venues(merged.venues)
        }

        let nights = extraction.nights.map { ids.follow($0) }
        let guestLists = extraction.guestLists.map { ids.follow($0) }
        let replacedEvenings = Set(outcome.nightDays)
        for day in replacedEvenings.union(nights.map(\.date)).union(guestLists.map(\.date)).sorted() {
            var evening = (readOrReplace { () throws(StoreError) in try store.nights(day: day) } ?? nil) ?? NightsDay()
            if replacedEvenings.contains(day) {
                evening.nights = evening.nights.removing(source)
                evening.guestLists = evening.guestLists.removing(source)
            }
            evening.nights = evening.nights.upserting(nights.filter { $0.date == day })
            evening.guestLists = evening.guestLists.upserting(guestLists.filter { $0.date == day })
            result[.nights(day: day)] = .nights(evening)
        }

        if outcome.promotionsRead || !extraction.promotions.isEmpty {
            var promotions = readOrReplace { () throws(StoreError) in try store.promotions() } ?? []
            if outcome.promotionsRead { promotions = promotions.removing(source) }
            // Each promotion keeps the paid flag its source gave it: the writer never turns paid placement into an organic item.
            promotions = promotions.upserting(extraction.promotions.map { ids.follow($0) })
            result[.promotions] = .promotions(promotions)
        }
        return result
    }
}
