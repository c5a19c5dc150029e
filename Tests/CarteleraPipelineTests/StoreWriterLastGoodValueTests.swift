import CarteleraModel
import CarteleraNormalize
@testable import CarteleraPipeline
import CarteleraScraping
import CarteleraStore
import Logging
import Testing

/// A number a later scrape drops as unusable (a share of "NaN", viewers of 1e300) leaves the stored value in place.
@Suite struct StoreWriterLastGoodValueTests {
    static let firstRun = Timestamp(iso8601: "2026-11-21T08:00:00Z")!
    static let friday = Day("2026-11-20")!
    static let source: SourceID = "audiencias.example"
    static let floor = SanityFloor(fraction: 0, minimum: 0)

    let store = MemoryStore()

    func commit(_ outcome: ScrapeOutcome, at now: Timestamp = firstRun) throws -> SourceReport {
        let lock = try store.lock(at: now)
        defer { lock.release() }
        var report = SourceReport(source: outcome.extraction.source)
        StoreWriter(store: store, lock: lock, now: now, logger: Logger(label: "test")).commit(outcome, floor: Self.floor, channels: nil, into: &report)
        return report
    }

    func entry(_ channel: ChannelID, viewers: Int?, share: Double?) -> AudienceEntry {
        AudienceEntry(channel: channel, channelName: channel.rawValue, title: "Telediario", start: Timestamp(iso8601: "2026-11-20T20:00:00Z")!,
                      durationMinutes: 60, viewers: viewers, share: share, day: Self.friday, rank: 1, provenance: Provenance(source: Self.source))
    }

    func share(_ channel: ChannelID, _ value: Double, change: Double?) -> ChannelShare {
        ChannelShare(channel: channel, channelName: channel.rawValue, day: Self.friday, share: value, change: change, provenance: Provenance(source: Self.source))
    }

    @Test func droppedAudienceNumbersAndSharesKeepTheStoredOnes() throws {
        let good = ScrapeOutcome(extraction: Extraction(
            source: Self.source, audiences: [entry("La1.es", viewers: 2_000_000, share: 14.2)],
            shares: [share("La1.es", 10.5, change: 0.4), share("La2.es", 4.1, change: -0.2), share("Cuatro.es", 6.0, change: 0.1)]),
            audienceDays: [Self.friday])
        #expect(try commit(good).status == .ok)

        var bad = ScrapeOutcome(extraction: Extraction(
            source: Self.source, audiences: [entry("La1.es", viewers: nil, share: nil)],
            shares: [share("Cuatro.es", 6.5, change: nil)]),
            audienceDays: [Self.friday])
        let airing = entry("La1.es", viewers: nil, share: nil).id
        bad.droppedValues = [
            DroppedValue(.audience, id: airing, field: .viewers), DroppedValue(.audience, id: airing, field: .share),
            DroppedValue(.share, id: "La1.es@2026-11-20", field: .share), DroppedValue(.share, id: "Cuatro.es@2026-11-20", field: .change),
        ]
        #expect(try commit(bad, at: Self.firstRun.adding(seconds: 3600)).status == .ok)

        let day = try #require(try store.audiences(day: Self.friday))
        #expect(day.entries.map(\.viewers) == [2_000_000])
        #expect(day.entries.map(\.share) == [14.2])
        // La 2's share was not on the page at all: the source no longer lists it, so it goes. (The store orders shares by channel.)
        #expect(day.shares.map(\.channel) == ["Cuatro.es", "La1.es"])
        #expect(day.shares.map(\.share) == [6.5, 10.5])
        #expect(day.shares.map(\.change) == [0.1, 0.4])
    }

    @Test func droppedGuestListCountsKeepTheStoredOnes() throws {
        let venue = VenueID(name: "Sala El Sol", city: "Madrid")
        let night = Night(venue: venue, date: Self.friday, title: "Noche Indie", timeZone: "Europe/Madrid", provenance: [Provenance(source: "noche.example")])
        func list(capacity: Int?, places: Int?) -> GuestList {
            GuestList(venue: venue, night: night.id, date: Self.friday, declared: .open, capacity: capacity, placesLeft: places,
                      provenance: night.provenance)
        }
        let good = ScrapeOutcome(extraction: Extraction(source: "noche.example", nights: [night], guestLists: [list(capacity: 50, places: 12)]),
                                 nightDays: [Self.friday])
        #expect(try commit(good).status == .ok)
        var bad = ScrapeOutcome(extraction: Extraction(source: "noche.example", nights: [night], guestLists: [list(capacity: nil, places: 9)]),
                                nightDays: [Self.friday])
        bad.droppedValues = [DroppedValue(.guestList, id: night.id, field: .capacity)]
        #expect(try commit(bad, at: Self.firstRun.adding(seconds: 3600)).status == .ok)
        let stored = try #require(try store.nights(day: Self.friday)?.guestLists.first)
        #expect(stored.capacity == 50)
        #expect(stored.placesLeft == 9)
    }
}
