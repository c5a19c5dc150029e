import CarteleraModel
import CarteleraScraping
import Testing

@Suite struct ClubListingScraperTests {
    let definition = """
        kind: club-listing
        timezone: Europe/Madrid
        city: Madrid
        request:
          url: "https://noche.example/semana"
        venues:
          url: "https://noche.example/clubs"
          rows: "article.club"
          fields:
            name: "h2"
            latitude: {attr: data-lat}
            longitude: {attr: data-lng}
            price: "span.precio"
            genres: {select: "li", all: true}
        nights:
          rows: "div.noche"
          fields:
            date: {xpath: "string(preceding::h2[@class='dia'][1])", format: "EEEE d MMM"}
            title: "h3"
            venue: "a.club"
            doors: {select: ".apertura", format: "H:mm"}
            closing: {select: ".cierre", format: "H:mm"}
            price: "span.precio"
            list_status: ".lista .estado"
            list_places: {select: ".lista .plazas", regex: "(\\\\d+)"}
            list_deadline: {select: ".lista .limite", format: "H:mm"}
            list_conditions: {select: ".lista li", all: true}
        promotions:
          url: "https://noche.example/destacados"
          rows: "div.promo"
          fields:
            title: "h3"
            venue: "a.club"
            valid_from: {select: ".desde", format: "d MMM"}
            valid_to: {select: ".hasta", format: "d MMM"}

        """

    let week = """
        <h2 class="dia">Viernes 28 nov</h2>
        <div class="noche"><h3>Noche Indie</h3><a class="club">Sala El Sol</a>
          <span class="apertura">23:30</span><span class="cierre">6:00</span><span class="precio">15 € con copa</span>
          <div class="lista"><span class="estado">Lista abierta</span><span class="plazas">Quedan 12 plazas</span>
            <span class="limite">hasta la 1:30</span><ul><li>Gratis hasta la 1:30</li></ul></div></div>
        <h2 class="dia">Sábado 29 nov</h2>
        <div class="noche"><h3>Sesión Techno</h3><a class="club">Mondo Disko</a>
          <span class="apertura">0:30</span><span class="cierre">6:00</span><span class="precio">Entrada libre</span>
          <div class="lista"><span class="estado">Lista cerrada</span></div></div>
        <div class="noche"><h3>Latino</h3><a class="club">Shôko</a><span class="precio">12 €</span>
          <div class="lista"><span class="estado">Lista completa</span></div></div>
        """

    func scrape() async throws -> ScrapeOutcome {
        var harness = try ScrapeHarness()
        try harness.page("https://noche.example/semana", week)
        try harness.page("https://noche.example/clubs", """
            <article class="club" data-lat="40.41985" data-lng="-3.70165"><h2>Sala El Sol</h2><span class="precio">Entrada libre</span><ul><li>Indie</li><li>Rock</li></ul></article>
            <article class="club" data-lat="140" data-lng="-3.7"><h2>Fuera de rango</h2></article>
            """)
        try harness.page("https://noche.example/destacados", """
            <div class="promo"><h3>Noche de apertura</h3><a class="club">Mondo Disko</a><span class="desde">27 nov</span><span class="hasta">30 nov</span></div>
            """)
        return try await harness.scrape(definition, days: ["2026-11-28"])
    }

    @Test func spanishDatesTimesAndPricesAreRead() async throws {
        let outcome = try await scrape()
        #expect(outcome.failures.isEmpty)
        let nights = outcome.extraction.nights
        #expect(nights.map(\.title) == ["Noche Indie", "Sesión Techno", "Latino"])
        #expect(nights[0].date == Day("2026-11-28"))
        #expect(nights[0].doors?.iso8601 == "2026-11-28T22:30:00Z")
        #expect(nights[0].closing?.iso8601 == "2026-11-29T05:00:00Z")
        #expect(nights[0].priceFrom == 15)
        #expect(nights[0].freeEntry == false)
        // A night whose doors open at 00:30 belongs to the evening it is listed under.
        #expect(nights[1].date == Day("2026-11-29"))
        #expect(nights[1].doors?.iso8601 == "2026-11-29T23:30:00Z")
        #expect(nights[1].freeEntry == true)
        #expect(nights[1].priceFrom == 0)
    }

    @Test func guestListsKeepTheirFactsAndComputeTheirStatus() async throws {
        let lists = try await scrape().extraction.guestLists
        #expect(lists.count == 3)
        let open = lists[0]
        #expect(open.placesLeft == 12)
        #expect(open.deadline?.iso8601 == "2026-11-29T00:30:00Z")
        #expect(open.conditions == ["Gratis hasta la 1:30"])
        #expect(open.status(at: Timestamp(iso8601: "2026-11-28T23:00:00Z")!) == .open)
        #expect(open.status(at: Timestamp(iso8601: "2026-11-29T00:30:00Z")!) == .closed)
        #expect(lists[1].status(at: Timestamp(iso8601: "2026-11-29T20:00:00Z")!) == .closed)
        #expect(lists[2].status(at: Timestamp(iso8601: "2026-11-29T20:00:00Z")!) == .full)
    }

    @Test func venuesAreTheCitysCompleteListing() async throws {
        let outcome = try await scrape()
        #expect(outcome.venueCities == ["Madrid"])
        let venue = try #require(outcome.extraction.venues.first)
        #expect(venue.id == VenueID("madrid/sala-el-sol"))
        #expect(venue.location == GeoPoint(latitude: 40.41985, longitude: -3.70165))
        #expect(venue.freeEntry == true)
        #expect(venue.musicLabels == ["Indie", "Rock"])
        // Coordinates outside the globe are dropped with a warning, the venue kept.
        #expect(outcome.extraction.venues[1].location == nil)
        #expect(outcome.warnings.contains { $0.contains("coordinates out of range") })
    }

    @Test func promotionsArePaidPlacementWithWholeDayValidity() async throws {
        let promotion = try #require(try await scrape().extraction.promotions.first)
        #expect(promotion.paid)
        #expect(promotion.venue == VenueID("madrid/mondo-disko"))
        #expect(promotion.validFrom?.iso8601 == "2026-11-26T23:00:00Z")
        #expect(promotion.validTo?.iso8601 == "2026-11-30T23:00:00Z")
    }

    @Test func aClubListingWithoutACityIsRefused() throws {
        #expect(throws: DefinitionError.self) {
            _ = try DefinitionLoader.parse(definition.replacingOccurrences(of: "city: Madrid\n", with: ""), source: "noche.example", directory: "/tmp", file: "noche.example/source.yaml")
        }
    }
}
