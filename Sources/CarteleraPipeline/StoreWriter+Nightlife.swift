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
                evening.nights = Self.removing(source, from: evening.nights)
                evening.guestLists = Self.removing(source, from: evening.guestLists)
            }
            evening.nights = Self.upserting(nights.filter { $0.date == day }, into: evening.nights)
            evening.guestLists = Self.upserting(guestLists.filter { $0.date == day }, into: evening.guestLists)
            result[.nights(day: day)] = .nights(evening)
        }

        if outcome.promotionsRead || !extraction.promotions.isEmpty {
            var promotions = readOrReplace { () throws(StoreError) in try store.promotions() } ?? []
            if outcome.promotionsRead { promotions = Self.removing(source, from: promotions) }
            // Each promotion keeps the paid flag its source gave it: the writer never turns paid placement into an organic item.
            promotions = Self.upserting(extraction.promotions.map { ids.follow($0) }, into: promotions)
            result[.promotions] = .promotions(promotions)
        }
        return result
    }

    /// The items without what `source` said: an item only it listed goes, one other sources list too just loses `source` from its provenance.
    static func removing<Item: SourcedItem>(_ source: SourceID, from items: [Item]) -> [Item] {
        items.compactMap { item in
            guard item.provenance.contains(where: { $0.source == source }) else { return item }
            var kept = item
            kept.provenance.removeAll { $0.source == source }
            return kept.provenance.isEmpty ? nil : kept
        }
    }

    /// `incoming` added to `items`: an item with the same id is replaced by the newer one, which also keeps the other sources' provenance.
    static func upserting<Item: SourcedItem>(_ incoming: [Item], into items: [Item]) -> [Item] {
        var result = items
        for item in incoming {
            guard let index = result.firstIndex(where: { $0.id == item.id }) else {
                result.append(item)
                continue
            }
            var newer = item
            for provenance in result[index].provenance where !newer.provenance.contains(where: { $0.source == provenance.source }) {
                newer.provenance.append(provenance)
            }
            result[index] = newer
        }
        return result
    }
}

/// A nightlife item with a string id and the sources it came from.
protocol SourcedItem {
    var id: String { get }
    var provenance: [Provenance] { get set }
}

extension Night: SourcedItem {}
extension GuestList: SourcedItem {}
extension Promotion: SourcedItem {}
