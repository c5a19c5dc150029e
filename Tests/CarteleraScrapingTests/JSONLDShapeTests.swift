import CarteleraModel
import CarteleraScraping
import Testing

/// Every JSON-LD shape sites publish yields the same venues and nights.
@Suite struct JSONLDShapeTests {
    @Test func aNightClubObjectBecomesAVenueWithEveryField() async throws {
        let outcome = try await JSONLDPage.scrape("""
            {"@context": "https://schema.org", "@type": "NightClub", "name": "Club Pasapoga & Co",
             "address": {"@type": "PostalAddress", "streetAddress": "Gran Vía 37", "postalCode": "28013", "addressLocality": "Madrid"},
             "geo": {"@type": "GeoCoordinates", "latitude": "40.41996", "longitude": "-3.70638"},
             "priceRange": "€€€", "telephone": "+34 915 47 57 11", "isAccessibleForFree": "False",
             "aggregateRating": {"@type": "AggregateRating", "ratingValue": "9", "bestRating": "10", "reviewCount": "120"},
             "openingHours": "Fr-Sa 00:00-06:00",
             "openingHoursSpecification": {"dayOfWeek": "https://schema.org/Sunday", "opens": "19:00:00", "closes": "23:00:00"},
             "image": ["/img/a.jpg", {"@type": "ImageObject", "contentUrl": "https://cdn.example/b.jpg"}, "javascript:alert(1)"],
             "sameAs": "https://www.instagram.com/pasapoga.example",
             "genre": "Techno, House", "keywords": ["terraza", "reggaeton"]}
            """)
        #expect(outcome.failures.isEmpty)
        let venue = try #require(outcome.extraction.venues.first)
        #expect(venue.id == VenueID("madrid/club-pasapoga-co"))
        #expect(venue.name == "Club Pasapoga & Co")
        #expect(venue.address == "Gran Vía 37, 28013 Madrid")
        #expect(venue.city == "Madrid")
        #expect(venue.location == GeoPoint(latitude: 40.41996, longitude: -3.70638))
        #expect(venue.priceRange == "€€€")
        #expect(venue.phone == "+34 915 47 57 11")
        #expect(venue.freeEntry == false)
        #expect(venue.rating == 4.5)
        #expect(venue.ratingCount == 120)
        #expect(venue.openingHours == ["Fr-Sa 00:00-06:00", "Su 19:00-23:00"])
        #expect(venue.images == ["https://venue.example/img/a.jpg", "https://cdn.example/b.jpg"])
        #expect(venue.website == "https://www.instagram.com/pasapoga.example")
        #expect(venue.musicLabels == ["Techno", "House"])
        #expect(venue.keywords == ["terraza", "reggaeton"])
        #expect(outcome.venueCities.isEmpty)
    }

    @Test(arguments: [
        #"{"@context": "https://schema.org", "@type": ["LocalBusiness", "BarOrPub"], "name": "Bar Uno"}"#,
        #"{"@context": "http://schema.org", "@type": "schema:NightClub", "name": "Bar Uno"}"#,
        #"{"@type": "http://schema.org/EntertainmentBusiness", "name": "Bar Uno"}"#,
        #"[{"@context": "https://schema.org/", "@type": "MusicVenue", "name": "Bar Uno"}]"#,
        #"{"@context": "https://schema.org", "@graph": [{"@type": "Place", "name": "Bar Uno"}]}"#,
    ])
    func typesContextsAndContainersAreAllRecognised(block: String) async throws {
        let outcome = try await JSONLDPage.scrape(block)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.venues.map(\.id) == [VenueID("madrid/bar-uno")])
    }

    @Test func aGraphYieldsTheClubAndTheNightsThatReferToItById() async throws {
        let outcome = try await JSONLDPage.scrape("""
            {"@context": "https://schema.org", "@graph": [
              {"@type": "WebSite", "name": "Club"},
              {"@type": "NightClub", "@id": "#club", "name": "Club Uno", "address": {"@type": "PostalAddress", "addressLocality": "Valencia"}},
              {"@type": "DanceEvent", "name": "Noche Techno", "startDate": "2026-11-27T23:30:00+01:00", "location": {"@id": "#club"}}
            ]}
            """)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.venues.map(\.id) == [VenueID("valencia/club-uno")])
        let night = try #require(outcome.extraction.nights.first)
        #expect(night.venue == VenueID("valencia/club-uno"))
        #expect(night.id == "valencia/club-uno@2026-11-27#noche-techno")
        #expect(outcome.nightDays == [Day("2026-11-27")!])
    }

    @Test func eventsNestedInAVenueBelongToIt() async throws {
        let outcome = try await JSONLDPage.scrape("""
            [{"@type": "BarOrPub", "name": "Bar Uno", "event": [
               {"@type": "MusicEvent", "name": "Jazz", "startDate": "2026-11-27T21:00:00+01:00"}]},
             {"@type": "BarOrPub", "name": "Bar Dos"}]
            """)
        #expect(outcome.extraction.nights.map(\.venue) == [VenueID("madrid/bar-uno")])
    }

    @Test func aPlaceLocationBecomesAVenueAndANameLocationAWeakVenueInTheDefinitionsCity() async throws {
        let outcome = try await JSONLDPage.scrape("""
            [{"@type": "Event", "name": "Concierto", "startDate": "2026-11-27T21:00:00+01:00",
              "location": {"@type": "Place", "name": "Teatro Uno", "address": "Calle Mayor 1, Sevilla",
                           "geo": {"latitude": 37.38, "longitude": -5.99}}},
             {"@type": "Festival", "name": "Fiesta", "startDate": "2026-11-28T22:00:00+01:00", "location": "Sala Dos"}]
            """)
        #expect(outcome.failures.isEmpty)
        // The text location is stored too, so no night points at a venue that is not. A text address naming its
        // city puts the venue there, not in the definition's city.
        #expect(outcome.extraction.venues.map(\.id) == [VenueID("sevilla/teatro-uno"), VenueID("madrid/sala-dos")])
        #expect(outcome.extraction.venues.first?.address == "Calle Mayor 1, Sevilla")
        #expect(outcome.extraction.venues.first?.location == GeoPoint(latitude: 37.38, longitude: -5.99))
        #expect(outcome.extraction.nights.map(\.venue) == [VenueID("sevilla/teatro-uno"), VenueID("madrid/sala-dos")])
        #expect(outcome.warnings == [#"test.example: https://venue.example/: venue "Teatro Uno" names no addressLocality: its city "Sevilla" is read from the text"#])
    }

    @Test func anEventWithoutAnyLocationIsTheSoleVenuesElseSkippedWithAWarning() async throws {
        let noCity = JSONLDPage.definition.replacingOccurrences(of: "city: Madrid\n", with: "")
        let sole = try await JSONLDPage.scrape("""
            [{"@type": "Event", "name": "Sin sitio", "startDate": "2026-11-27T21:00:00+01:00"},
             {"@type": "NightClub", "name": "Club", "address": {"@type": "PostalAddress", "addressLocality": "Bilbao"}}]
            """, definition: noCity)
        #expect(sole.failures.isEmpty)
        #expect(sole.extraction.nights.map(\.venue) == [VenueID("bilbao/club")])
        let two = try await JSONLDPage.scrape("""
            [{"@type": "Event", "name": "Sin sitio", "startDate": "2026-11-27T21:00:00+01:00"},
             {"@type": "NightClub", "name": "Club", "address": {"@type": "PostalAddress", "addressLocality": "Bilbao"}},
             {"@type": "NightClub", "name": "Otro", "address": {"@type": "PostalAddress", "addressLocality": "Bilbao"}}]
            """, definition: noCity)
        #expect(two.failures.isEmpty)
        #expect(two.extraction.nights.isEmpty)
        #expect(two.warnings.contains { $0.contains("event \"Sin sitio\" names no location and the page has no single venue it could belong to") })
    }

    @Test func performersComeAsPeopleGroupsStringsOrLists() async throws {
        let outcome = try await JSONLDPage.scrape("""
            [{"@type": "MusicEvent", "name": "Uno", "startDate": "2026-11-27T21:00:00+01:00", "location": "Sala",
              "performer": [{"@type": "MusicGroup", "name": "Grupo"}, "Solista", {"@type": "Person", "name": "Grupo"}]},
             {"@type": "MusicEvent", "name": "Dos", "startDate": "2026-11-28T21:00:00+01:00", "location": "Sala",
              "performer": {"@type": "Person", "name": "DJ Uno"}}]
            """)
        #expect(outcome.extraction.nights.map(\.lineup) == [["Solista", "Grupo"], ["DJ Uno"]])
    }

    @Test func offersGivePriceTicketLinkSoldOutAndFreeEntry() async throws {
        let outcome = try await JSONLDPage.scrape("""
            [{"@type": "MusicEvent", "name": "Agotado", "startDate": "2026-11-27T21:00:00+01:00", "location": "Sala", "image": "/f.jpg",
              "offers": {"@type": "AggregateOffer", "lowPrice": "18,50", "highPrice": 25, "priceCurrency": "EUR",
                         "availability": "http://schema.org/SoldOut", "url": "https://tickets.example/1"}},
             {"@type": "DanceEvent", "name": "Gratis", "startDate": "2026-11-28T23:00:00+01:00", "location": "Sala",
              "offers": [{"@type": "Offer", "price": "0", "priceCurrency": "EUR"}]},
             {"@type": "DanceEvent", "name": "En dólares", "startDate": "2026-11-29T23:00:00+01:00", "location": "Sala",
              "offers": {"@type": "Offer", "price": 20, "priceCurrency": "USD"}},
             {"@type": "DanceEvent", "name": "Libre", "startDate": "2026-11-30T23:00:00+01:00", "location": "Sala", "isAccessibleForFree": true}]
            """)
        let nights = outcome.extraction.nights
        #expect(nights.map(\.price) == ["18,50–25 € (agotado)", "gratis", "20 USD", nil])
        #expect(nights.map(\.priceFrom) == [18.5, 0, 20, nil])
        #expect(nights.map(\.priceCurrency) == ["EUR", "EUR", "USD", nil])
        #expect(nights.map(\.priceTo) == [25, nil, nil, nil])
        #expect(nights.map(\.freeEntry) == [nil, true, nil, true])
        #expect(nights[0].ticketURL == "https://tickets.example/1")
        #expect(nights[0].flyer == "https://venue.example/f.jpg")
    }

    @Test func aDollarSignIsTheDeclaredCurrencyWhenTheDefinitionDeclaresOne() async throws {
        let event = #"{"@type": "MusicEvent", "name": "Uno", "startDate": "2026-11-27T21:00:00+01:00", "location": "Sala", "offers": {"@type": "Offer", "price": "$ 500"}}"#
        let pesos = try await JSONLDPage.scrape(event, definition: JSONLDPage.definition + "currency: ARS\n")
        #expect(pesos.extraction.nights.first?.priceCurrency == "ARS")
        let undeclared = try await JSONLDPage.scrape(event)
        #expect(undeclared.extraction.nights.first?.priceCurrency == "USD")
    }

    @Test func anOfferWhoseValidityEndedIsNoLongerThePrice() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://venue.example/", JSONLDPage.html(["""
            {"@type": "MusicEvent", "name": "Concierto", "startDate": "1970-01-02T21:00:00+01:00", "location": "Sala",
             "offers": [{"@type": "Offer", "name": "Preventa", "price": 10, "validThrough": "1969-12-31T00:00:00Z"},
                        {"@type": "Offer", "name": "Taquilla", "price": 14, "validFrom": "1970-01-02T20:00:00+01:00"}]}
            """]))
        let outcome = try await harness.scrape(JSONLDPage.definition, days: ["1970-01-02"])
        // The scrape's now is 1970-01-01T00:00Z: the pre-sale has ended; the door price starts on the night, at 20:00.
        // No currency is declared, so none is assumed.
        #expect(outcome.extraction.nights.first?.price == "Taquilla: 14 desde 20:00")
        #expect(outcome.extraction.nights.first?.priceFrom == 14)
    }

    @Test func aVenueDescribedTwiceIsOneVenueWithTheFieldsOfBoth() async throws {
        let outcome = try await JSONLDPage.scrape(
            #"{"@type": "MusicVenue", "name": "Sala Uno", "telephone": "910000000"}"#,
            #"{"@type": "MusicEvent", "name": "Uno", "startDate": "2026-11-27T21:00:00+01:00", "location": {"@type": "Place", "name": "Sala Uno", "geo": {"latitude": 40.4, "longitude": -3.7}}}"#)
        #expect(outcome.extraction.venues.count == 1)
        #expect(outcome.extraction.venues.first?.phone == "910000000")
        #expect(outcome.extraction.venues.first?.location == GeoPoint(latitude: 40.4, longitude: -3.7))
    }

    @Test func severalPagesAreReadFromRequestURLs() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://venue.example/", JSONLDPage.html([#"{"@type": "NightClub", "name": "Club"}"#]))
        try harness.page("https://venue.example/agenda", JSONLDPage.html([#"{"@type": "DanceEvent", "name": "Noche", "startDate": "2026-11-27T23:00:00+01:00", "location": "Club"}"#]))
        let outcome = try await harness.scrape(JSONLDPage.definition + "  urls: [\"https://venue.example/agenda\"]\n", days: ["2026-11-27", "2026-11-28"])
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.venues.count == 1)
        #expect(outcome.extraction.nights.map(\.venue) == [VenueID("madrid/club")])
    }

    @Test func aDefinitionWithABadPageURLOrAnEmptyCityIsRefused() throws {
        #expect(throws: DefinitionError.self) {
            try DefinitionLoader.parse(JSONLDPage.definition + "  urls: [\"ftp://venue.example/x\"]\n", source: "t.example", directory: "/tmp", file: "t.example/source.yaml")
        }
        #expect(throws: DefinitionError.self) {
            try DefinitionLoader.parse(JSONLDPage.definition.replacingOccurrences(of: "city: Madrid", with: "city: \" \""), source: "t.example", directory: "/tmp", file: "t.example/source.yaml")
        }
    }

    /// A script element's text is not HTML-decoded (JSON-LD 1.1, embedding in HTML): JSON's own escapes are the one decoding.
    @Test func stringsAreDecodedOnlyAsJSON() async throws {
        let outcome = try await JSONLDPage.scrape(#"""
            {"@type": "NightClub", "name": "java&#x09;script &lt;b&gt; \u0026amp;", "address": {"@type": "PostalAddress", "addressLocality": "Madrid"},
             "event": {"@type": "DanceEvent", "name": "Rock &amp; Roll", "startDate": "2026-11-27T23:30:00+01:00"}}
            """#)
        #expect(outcome.extraction.venues.first?.name == "java&#x09;script &lt;b&gt; &amp;")
        #expect(outcome.extraction.nights.first?.title == "Rock &amp; Roll")
    }
}
