import CarteleraModel
import CarteleraNormalize
@testable import CarteleraPipeline
import CarteleraScraping
import CarteleraStore
import Logging
import Testing

/// Commits of nightlife outcomes, straight through the writer into a MemoryStore.
@Suite struct StoreWriterNightlifeTests {
    static let firstRun = Timestamp(iso8601: "2026-11-20T08:00:00Z")!
    static let friday = Day("2026-11-20")!
    static let sol = GeoPoint(latitude: 40.41953, longitude: -3.70220)!
    static let floor = SanityFloor(fraction: 0.5, minimum: 0)

    let store = MemoryStore()

    func commit(_ outcome: ScrapeOutcome, at now: Timestamp = firstRun) async throws -> SourceReport {
        let lock = try store.lock(at: now)
        defer { lock.release() }
        var report = SourceReport(ScrapedSource(source: outcome.extraction.source, scrapedAt: now, floor: Self.floor, channels: nil, outcome: outcome))
        StoreWriter(store: store, lock: lock, now: now, logger: Logger(label: "test")).commit(outcome, floor: Self.floor, channels: nil, into: &report)
        return report
    }

    func venue(_ name: String, _ source: SourceID, at location: GeoPoint? = sol) -> Venue {
        Venue(id: VenueID(name: name, city: "Madrid"), name: name, city: "Madrid", location: location,
              provenance: [Provenance(source: source)])
    }

    func night(_ title: String, at venue: VenueID, _ source: SourceID, on day: Day = friday) -> Night {
        Night(venue: venue, date: day, title: title, timeZone: "Europe/Madrid", provenance: [Provenance(source: source)])
    }

    func promotion(_ id: String, paid: Bool, _ source: SourceID) -> Promotion {
        Promotion(id: id, venue: VenueID(name: "Sala El Sol", city: "Madrid"), night: nil, title: id, rank: 1, paid: paid,
                  provenance: [Provenance(source: source)])
    }

    @Test func aVenueMissingFromTheNextCompleteListingIsKeptAndMarkedNotSeen() async throws {
        let tempo = venue("Tempo Club", "clubs.example", at: GeoPoint(latitude: 40.4300, longitude: -3.7000))
        let first = ScrapeOutcome(extraction: Extraction(source: "clubs.example", venues: [venue("Sala El Sol", "clubs.example"), tempo]),
                                  venueCities: ["Madrid"])
        #expect(try await commit(first).venues == 2)
        let nextDay = Self.firstRun.adding(seconds: 86_400)
        let second = ScrapeOutcome(extraction: Extraction(source: "clubs.example", venues: [venue("Sala El Sol", "clubs.example")]),
                                   venueCities: ["Madrid"])
        let report = try await commit(second, at: nextDay)
        #expect(report.status == .ok)
        let stored = try store.venues(city: "Madrid")
        #expect(stored.map(\.name) == ["Sala El Sol", "Tempo Club"])
        #expect(stored[0].notSeenSince == nil)
        #expect(stored[1].notSeenSince == nextDay)
    }

    @Test func aSecondSourcesDuplicateVenueIsMergedAndItsNightsFollowTheStoredVenue() async throws {
        _ = try await commit(ScrapeOutcome(extraction: Extraction(source: "clubs.example", venues: [venue("Sala El Sol", "clubs.example")]),
                                           venueCities: ["Madrid"]))
        let guideVenue = venue("El Sol", "guide.example", at: GeoPoint(latitude: 40.41989, longitude: -3.70220))
        let guideNight = night("Viernes indie", at: guideVenue.id, "guide.example")
        let guideList = GuestList(venue: guideVenue.id, night: guideNight.id, date: Self.friday, declared: .open,
                                  provenance: guideNight.provenance)
        let report = try await commit(ScrapeOutcome(
            extraction: Extraction(source: "guide.example", venues: [guideVenue], nights: [guideNight], guestLists: [guideList],
                                   promotions: [Promotion(id: "guide#sol", venue: guideVenue.id, night: guideNight.id, title: "Indie", paid: true,
                                                          provenance: guideNight.provenance)]),
            venueCities: ["madrid"], nightDays: [Self.friday], promotionsRead: true))
        #expect(report.status == .ok)
        #expect((report.venues, report.nights, report.guestLists, report.promotions) == (1, 1, 1, 1))

        let stored = try store.venues(city: "Madrid")
        #expect(stored.map(\.id.rawValue) == ["madrid/sala-el-sol"])
        #expect(stored[0].provenance.map(\.source) == ["clubs.example", "guide.example"])
        let evening = try #require(try store.nights(day: Self.friday))
        #expect(evening.nights.map(\.id) == ["madrid/sala-el-sol@2026-11-20#viernes-indie"])
        #expect(evening.nights.map(\.venue) == [stored[0].id])
        #expect(evening.guestLists.map(\.night) == ["madrid/sala-el-sol@2026-11-20#viernes-indie"])
        #expect(evening.guestLists.map(\.id) == ["madrid/sala-el-sol@2026-11-20#viernes-indie"])
        #expect(try store.promotions().map(\.venue) == [stored[0].id])
        #expect(try store.promotions().map(\.night) == ["madrid/sala-el-sol@2026-11-20#viernes-indie"])
    }

    @Test func aSourcesNightsOfAnEveningAreReplacedAndOtherSourcesNightsKept() async throws {
        let sol = VenueID(name: "Sala El Sol", city: "Madrid"), saturday = Self.friday.advanced(by: 1)
        let list = GuestList(venue: sol, night: nil, date: Self.friday, declared: .open, placesLeft: 10,
                             provenance: [Provenance(source: "clubs.example")])
        _ = try await commit(ScrapeOutcome(
            extraction: Extraction(source: "clubs.example", nights: [night("Viernes indie", at: sol, "clubs.example"), night("Concierto", at: sol, "clubs.example"),
                                                                      night("Sábado", at: sol, "clubs.example", on: saturday)],
                                   guestLists: [list]),
            nightDays: [Self.friday, saturday]))
        _ = try await commit(ScrapeOutcome(extraction: Extraction(source: "guide.example", nights: [night("Jam session", at: sol, "guide.example")]),
                                           nightDays: [Self.friday]))
        var full = list
        full.declared = .full
        full.placesLeft = 0
        let report = try await commit(ScrapeOutcome(
            extraction: Extraction(source: "clubs.example", nights: [night("Viernes indie", at: sol, "clubs.example")], guestLists: [full]),
            nightDays: [Self.friday]), at: Self.firstRun.adding(seconds: 3600))
        #expect(report.status == .ok)
        let friday = try #require(try store.nights(day: Self.friday))
        #expect(friday.nights.map(\.title) == ["Jam session", "Viernes indie"])
        #expect(friday.guestLists.map(\.placesLeft) == [0])
        #expect(friday.guestLists[0].status(at: Self.firstRun) == .full)
        #expect(try store.nights(day: saturday)?.nights.map(\.title) == ["Sábado"])
    }

    @Test func promotionsKeepTheirPaidFlagAndAreReplacedOnlyWhenRead() async throws {
        _ = try await commit(ScrapeOutcome(
            extraction: Extraction(source: "clubs.example", promotions: [promotion("clubs#a", paid: true, "clubs.example"),
                                                                          promotion("clubs#b", paid: false, "clubs.example")]),
            promotionsRead: true))
        _ = try await commit(ScrapeOutcome(
            extraction: Extraction(source: "guide.example", promotions: [promotion("guide#c", paid: true, "guide.example")]),
            promotionsRead: true))
        #expect(try store.promotions().map(\.paid) == [true, false, true])

        _ = try await commit(ScrapeOutcome(
            extraction: Extraction(source: "clubs.example", promotions: [promotion("clubs#b", paid: false, "clubs.example")]),
            promotionsRead: true))
        let stored = try store.promotions()
        #expect(stored.map(\.id) == ["clubs#b", "guide#c"])
        #expect(stored.map(\.paid) == [false, true])

        let unread = try await commit(ScrapeOutcome(extraction: Extraction(source: "clubs.example", venues: [venue("Sala El Sol", "clubs.example")]),
                                                    venueCities: ["Madrid"]))
        #expect(unread.status == .ok)
        #expect(try store.promotions().map(\.id) == ["clubs#b", "guide#c"])
    }

    @Test func anOutcomeWithNoNightlifeCoverageFailsAndOneWithAnEmptyEveningDoesNot() async throws {
        let nothing = try await commit(ScrapeOutcome(extraction: Extraction(source: "clubs.example")))
        #expect(nothing.status == .failed)
        #expect(nothing.errors == ["clubs.example: nothing was fetched"])
        let emptyEvening = try await commit(ScrapeOutcome(extraction: Extraction(source: "clubs.example"), nightDays: [Self.friday]))
        #expect(emptyEvening.status == .ok)
        let partialListing = try await commit(ScrapeOutcome(extraction: Extraction(source: "clubs.example", venues: [venue("Sala El Sol", "clubs.example")])))
        #expect(partialListing.status == .ok)
        #expect(try store.venues(city: "Madrid").count == 1)
    }
}
