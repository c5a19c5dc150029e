import CarteleraModel
import CarteleraScraping
import Testing

/// A weak location (a Place named only by its address, a text location, a venue whose city nobody names) becomes a
/// venue, never a dropped event, with a warning that says what was guessed.
@Suite struct JSONLDWeakLocationTests {
    /// The test definition without its city, so nothing but the page can name one.
    let noCity = JSONLDPage.definition.replacingOccurrences(of: "city: Madrid\n", with: "")
    /// A tour page's definition: Madrid, at home in Spain.
    let tour = JSONLDPage.definition + "country: ES\n"

    @Test func aPlaceWhoseOnlyAddressIsLocalityAndRegionIsNamedAfterIt() async throws {
        let outcome = try await JSONLDPage.scrape("""
            {"@type": "MusicEvent", "name": "Concierto", "startDate": "2026-11-27T21:00:00+01:00",
             "location": {"@type": "Place", "address": {"@type": "PostalAddress", "addressLocality": "Bilbao", "addressRegion": "Bizkaia"}}}
            """, definition: noCity)
        #expect(outcome.failures.isEmpty)
        let venue = try #require(outcome.extraction.venues.first)
        #expect(venue.id == VenueID("bilbao/bilbao-bizkaia"))
        #expect(venue.name == "Bilbao, Bizkaia")
        #expect(venue.city == "Bilbao")
        #expect(venue.region == "Bizkaia")
        #expect(outcome.extraction.nights.map(\.venue) == [venue.id])
        #expect(outcome.warnings == [#"test.example: https://venue.example/: a Place without a name or street address is named after its address, "Bilbao, Bizkaia""#])
    }

    @Test func aTextLocationNamingCityRegionAndCountryIsAVenueInThatCity() async throws {
        let outcome = try await JSONLDPage.scrape("""
            {"@type": "Event", "name": "Bertso saioa", "startDate": "2026-11-27T20:00:00+01:00", "location": "Bilbao, Bizkaia, ES"}
            """, definition: noCity + "country: ES\n")
        #expect(outcome.failures.isEmpty)
        let venue = try #require(outcome.extraction.venues.first)
        #expect(venue.id == VenueID("bilbao/bilbao-bizkaia-es"))
        #expect(venue.name == "Bilbao, Bizkaia, ES")
        #expect(venue.address == "Bilbao, Bizkaia, ES")
        #expect([venue.city, venue.region, venue.country] == ["Bilbao", "Bizkaia", "ES"])
        #expect(outcome.extraction.nights.map(\.venue) == [venue.id])
        #expect(outcome.warnings == [#"test.example: https://venue.example/: location "Bilbao, Bizkaia, ES" names no addressLocality: its city "Bilbao" is read from the text"#])
    }

    @Test func aNamedVenueWithoutACityAnywhereIsInAnUnknownCityByName() async throws {
        let outcome = try await JSONLDPage.scrape("""
            [{"@type": "NightClub", "name": "Sin ciudad"},
             {"@type": "Event", "name": "Con nombre", "startDate": "2026-11-27T21:00:00+01:00", "location": {"@type": "Place", "name": "Sala"}},
             {"@type": "Event", "name": "Con texto", "startDate": "2026-11-28T21:00:00+01:00", "location": "Sala Tres"}]
            """, definition: noCity)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.venues.map(\.id) == [VenueID("unknown-city/sin-ciudad"), VenueID("unknown-city/sala"), VenueID("unknown-city/sala-tres")])
        #expect(Set(outcome.extraction.venues.map(\.city)) == ["(unknown city)"])
        #expect(outcome.extraction.nights.map(\.title) == ["Con nombre", "Con texto"])
        #expect(outcome.warnings == [
            #"test.example: https://venue.example/: venue "Sin ciudad" names no city, nor does the definition or the page: its city is "(unknown city)""#,
            #"test.example: https://venue.example/: venue "Sala" names no city, nor does the definition or the page: its city is "(unknown city)""#,
            #"test.example: https://venue.example/: location "Sala Tres" names no city, nor does the definition or the page: its city is "(unknown city)""#,
        ])
    }

    @Test func aPlaceWithoutACityInsideAVenueIsInThatVenuesCity() async throws {
        let outcome = try await JSONLDPage.scrape("""
            {"@type": "NightClub", "name": "Club", "address": {"@type": "PostalAddress", "addressLocality": "Bilbao"},
             "event": {"@type": "Event", "name": "Sótano", "startDate": "2026-11-27T23:00:00+01:00", "location": {"@type": "Place", "name": "Sala pequeña"}}}
            """, definition: noCity)
        #expect(outcome.extraction.venues.map(\.id) == [VenueID("bilbao/club"), VenueID("bilbao/sala-pequena")])
        #expect(outcome.extraction.nights.map(\.venue) == [VenueID("bilbao/sala-pequena")])
        #expect(outcome.warnings.contains { $0.hasSuffix(#"venue "Sala pequeña" names no city, nor does the definition: it is taken to be in "Bilbao", the city of "Club""#) })
    }

    /// A tour history: text locations in several cities and countries each keep their own city, the text as the
    /// venue's address, and a night abroad its venue's zone.
    @Test func textLocationsNamingDifferentCitiesEachKeepTheirOwn() async throws {
        let outcome = try await JSONLDPage.scrape("""
            [{"@type": "MusicEvent", "name": "Gira", "startDate": "2026-11-20T20:00:00-06:00", "location": "Austin, TX, US"},
             {"@type": "MusicEvent", "name": "Gira", "startDate": "2026-11-21T20:00:00-07:00", "location": "The Bluebird, Denver, CO, US"},
             {"@type": "MusicEvent", "name": "Gira", "startDate": "2026-11-25T21:00:00+01:00", "location": "Bilbao, Bizkaia, ES"},
             {"@type": "MusicEvent", "name": "Gira", "startDate": "2026-11-27T21:00:00+01:00", "location": "Sala Dos, Sevilla"},
             {"@type": "MusicEvent", "name": "Gira", "startDate": "2026-11-28T21:00:00+01:00", "location": "Sala Uno"}]
            """, definition: tour)
        #expect(outcome.failures.isEmpty)
        let venues = outcome.extraction.venues
        #expect(venues.map(\.id) == [
            VenueID("us/tx/austin/austin-tx-us"), VenueID("us/co/denver/the-bluebird-denver-co-us"), VenueID("bilbao/bilbao-bizkaia-es"),
            VenueID("sevilla/sala-dos-sevilla"), VenueID("madrid/sala-uno"),
        ])
        #expect(venues.map(\.city) == ["Austin", "Denver", "Bilbao", "Sevilla", "Madrid"])
        #expect(venues.map(\.address) == ["Austin, TX, US", "The Bluebird, Denver, CO, US", "Bilbao, Bizkaia, ES", "Sala Dos, Sevilla", nil])
        #expect(venues.map(\.country) == ["US", "US", "ES", nil, nil])
        let nights = outcome.extraction.nights
        #expect(nights.map(\.venue) == venues.map(\.id))
        #expect(nights.map(\.timeZone) == ["America/Chicago", "America/Denver", "Europe/Madrid", "Europe/Madrid", "Europe/Madrid"])
        #expect(nights.map(\.date) == ["2026-11-20", "2026-11-21", "2026-11-25", "2026-11-27", "2026-11-28"].compactMap(Day.init))
        // The definition's own city is no guess; every other city read from a text is.
        #expect(outcome.warnings.count == 4)
        #expect(outcome.warnings.allSatisfy { $0.contains("is read from the text") })
    }
}
