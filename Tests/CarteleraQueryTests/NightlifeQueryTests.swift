import CarteleraModel
import CarteleraQuery
import Testing

/// Venues by distance, nights tonight with open guest lists, promotions always labelled; audiences and shares by day.
@Suite struct NightlifeQueryTests {
    let fixture: QueryStore
    let sol = GeoPoint(latitude: 40.4168, longitude: -3.7038)!
    let evening = Day("2026-11-20")!

    init() throws {
        fixture = try QueryStore()
        let f = fixture
        let source = [Provenance(source: "clubs.example")]
        let near = Venue(id: VenueID(name: "Sala El Sol", city: "Madrid"), name: "Sala El Sol", city: "Madrid",
                         location: GeoPoint(latitude: 40.4195, longitude: -3.7022), musicGenres: [.indie, .rock], freeEntry: false, rating: 4.4, provenance: source)
        let far = Venue(id: VenueID(name: "Fabrik", city: "Madrid"), name: "Fabrik", city: "Madrid",
                        location: GeoPoint(latitude: 40.2790, longitude: -3.8620), musicGenres: [.techno], freeEntry: false, rating: 4.6, provenance: source)
        let free = Venue(id: VenueID(name: "Bar Chueca", city: "Madrid"), name: "Bar Chueca", city: "Madrid",
                         location: GeoPoint(latitude: 40.4230, longitude: -3.6970), musicGenres: [.pop], freeEntry: true, rating: 3.9, provenance: source)
        let unplaced = Venue(id: VenueID(name: "Sin Sitio", city: "Madrid"), name: "Sin Sitio", city: "Madrid", provenance: source)
        let indie = Night(venue: near.id, date: evening, title: "Viernes indie", doors: f.madrid("2026-11-20 23:30"), closing: f.madrid("2026-11-21 05:30"),
                          timeZone: "Europe/Madrid", musicGenres: [.indie], provenance: source)
        let techno = Night(venue: far.id, date: evening, title: "Techno all night", doors: f.madrid("2026-11-21 00:00"), closing: f.madrid("2026-11-21 07:00"),
                           timeZone: "Europe/Madrid", musicGenres: [.techno], provenance: source)
        let pop = Night(venue: free.id, date: evening, title: "Pop party", doors: f.madrid("2026-11-20 22:00"), closing: f.madrid("2026-11-21 03:00"),
                        timeZone: "Europe/Madrid", freeEntry: true, provenance: source)
        let open = GuestList(venue: near.id, night: indie.id, date: evening, declared: .open, deadline: f.madrid("2026-11-21 01:00"), placesLeft: 12, provenance: source)
        let full = GuestList(venue: far.id, night: techno.id, date: evening, declared: nil, placesLeft: 0, provenance: source)
        let paid = Promotion(id: "p1", venue: far.id, night: techno.id, title: "Fabrik presenta", validFrom: f.madrid("2026-11-18 00:00"),
                             validTo: f.madrid("2026-11-22 00:00"), rank: 1, paid: true, provenance: source)
        let organic = Promotion(id: "p2", venue: near.id, night: nil, title: "Recomendado", validFrom: f.madrid("2026-11-19 00:00"),
                                validTo: f.madrid("2026-11-21 00:00"), rank: 2, paid: false, provenance: source)
        let expired = Promotion(id: "p3", venue: near.id, night: nil, title: "Antigua", validTo: f.madrid("2026-11-01 00:00"), rank: 3, paid: true, provenance: source)
        let day = AudienceDay(
            entries: [
                AudienceEntry(channel: "La1.es", channelName: "La 1", title: "Telediario 2", start: f.madrid("2026-11-20 21:00"), durationMinutes: 50,
                              viewers: 2_100_000, share: 14.2, day: evening, rank: 2, provenance: Provenance(source: "a")),
                AudienceEntry(channel: "Antena3.es", channelName: "Antena 3", title: "El Hormiguero", start: f.madrid("2026-11-20 21:45"), durationMinutes: 50,
                              viewers: 2_500_000, share: 15.1, day: evening, rank: 1, provenance: Provenance(source: "a")),
            ],
            shares: [
                ChannelShare(channel: "La1.es", channelName: "La 1", day: evening, share: 10.2, change: 0.3, provenance: Provenance(source: "a")),
                ChannelShare(channel: "Antena3.es", channelName: "Antena 3", day: evening, share: 12.9, change: -0.1, provenance: Provenance(source: "a")),
            ])
        try f.commit(venues: [near, far, free, unplaced], evenings: [NightsDay(nights: [indie, techno, pop], guestLists: [open, full])],
                     promotions: [paid, organic, expired], audiences: [day])
    }

    func query(_ kind: Query.Kind, _ set: (inout QueryParameters) -> Void, now: String = "2026-11-20 23:00") throws -> Query {
        var parameters = QueryParameters()
        set(&parameters)
        return try parameters.query(kind: kind, context: fixture.context(now))
    }

    @Test func venuesNearAPointComeNearestFirstWithTheirDistance() throws {
        let page = try fixture.engine().venues(query(.venues) { $0[.near] = ["40.4168,-3.7038"]; $0[.within] = ["2km"] })
        #expect(page.rows.map { $0.venue.name } == ["Sala El Sol", "Bar Chueca"])
        let distance = try #require(page.rows.first?.distanceKilometres)
        #expect(abs(distance - sol.distanceKilometres(to: GeoPoint(latitude: 40.4195, longitude: -3.7022)!)) < 1e-9)
        let engine = try fixture.engine()
        #expect(try engine.venues(query(.venues) { $0[.free] = ["true"] }).rows.map(\.venue.name) == ["Bar Chueca"])
        #expect(try fixture.engine().venues(query(.venues) { $0[.minRating] = ["4.5"] }).rows.map(\.venue.name) == ["Fabrik"])
        #expect(try fixture.engine().venues(query(.venues) { $0[.music] = ["Techno"] }).rows.map(\.venue.name) == ["Fabrik"])
        #expect(try fixture.engine().venues(query(.venues) { $0[.text] = ["sol"] }).rows.map(\.venue.name) == ["Sala El Sol"])
    }

    @Test func tonightsNightsNearAPointWithAnOpenGuestListAtTheQuerysTime() throws {
        let near = try fixture.engine().nights(query(.nights) { $0[.tonight] = ["true"]; $0[.near] = ["40.4168,-3.7038"]; $0[.within] = ["3km"] })
        #expect(near.rows.map { $0.night.title } == ["Viernes indie", "Pop party"])
        let open = try fixture.engine().nights(query(.nights) { $0[.tonight] = ["true"]; $0[.guestListOpen] = ["true"] })
        #expect(open.rows.map { $0.night.title } == ["Viernes indie"])
        #expect(open.rows.first?.guestListStatus == .open)
        #expect(open.rows.first?.venueName == "Sala El Sol")
        // After the deadline the same list is closed: the model's own rules decide.
        let late = try fixture.engine().nights(query(.nights, { $0[.tonight] = ["true"]; $0[.guestListOpen] = ["true"] }, now: "2026-11-21 01:30"))
        #expect(late.rows.isEmpty)
        let featured = try fixture.engine().nights(query(.nights) { $0[.featured] = ["true"] })
        #expect(featured.rows.map { $0.night.title } == ["Techno all night"])
        #expect(featured.rows.allSatisfy { $0.promoted })
    }

    @Test func promotionsAreLabelledPromotedAndFilteredByTheDay() throws {
        let all = try fixture.engine().promotions(query(.promotions) { _ in })
        #expect(all.rows.map { $0.promotion.id } == ["p1", "p2", "p3"])
        #expect(all.rows.map { $0.promoted } == [true, false, true])
        #expect(all.rows.map { $0.active } == [true, true, false])
        let engine = try fixture.engine()
        let featured = engine.featuredPromotions(on: evening, zone: fixture.madrid)
        #expect(featured.map(\.promotion.id) == ["p1"])
        #expect(featured.allSatisfy { $0.promoted })
    }

    @Test func aDaysAudienceRankingAndChannelShares() throws {
        let (ranking, shares) = try fixture.engine().audienceDay(evening, zone: fixture.madrid)
        #expect(ranking.map(\.entry.title) == ["El Hormiguero", "Telediario 2"])
        #expect(shares.map(\.share.channel) == ["Antena3.es", "La1.es"])
        let byShare = try fixture.engine().audiences(query(.audiences) { $0[.sort] = ["share"]; $0[.channel] = ["La1.es"] })
        #expect(byShare.rows.map(\.entry.title) == ["Telediario 2"])
    }
}
