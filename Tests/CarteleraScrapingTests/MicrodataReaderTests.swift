import CarteleraMarkup
import CarteleraModel
@testable import CarteleraScraping
import Testing

@Suite struct MicrodataReaderTests {
    func scrape(_ body: String) async throws -> ScrapeOutcome {
        var harness = try ScrapeHarness()
        try harness.page("https://venue.example/", "<!DOCTYPE html><html><head><title>Agenda</title></head><body>\(body)</body></html>")
        return try await harness.scrape(JSONLDPage.definition, days: ["2026-11-27"])
    }

    @Test func microdataEventsAndVenuesReadLikeJSONLD() async throws {
        let outcome = try await scrape("""
            <article itemscope itemtype="http://schema.org/DanceEvent">
              <h3 itemprop="name">Sesión de vinilos</h3>
              <meta itemprop="startDate" content="2026-11-27T23:30:00+01:00">
              <p itemprop="location" itemscope itemtype="https://schema.org/NightClub"><span itemprop="name">Club Uno</span>
                <link itemprop="url" href="/club-uno"></p>
              <span itemprop="performer">DJ Ana</span><span itemprop="performer">DJ Bea</span>
            </article>
            """)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.venues.map(\.id) == [VenueID("madrid/club-uno")])
        #expect(outcome.extraction.venues.first?.website == "https://venue.example/club-uno")
        let night = try #require(outcome.extraction.nights.first)
        #expect(night.title == "Sesión de vinilos")
        #expect(night.lineup == ["DJ Ana", "DJ Bea"])
        #expect(night.doors == Timestamp(iso8601: "2026-11-27T22:30:00Z"))
    }

    @Test func rdfaLiteItemsReadToo() async throws {
        let outcome = try await scrape("""
            <div vocab="https://schema.org/" typeof="Event"><span property="name">Charla</span>
              <time property="startDate" datetime="2026-11-28T19:00:00+01:00">28</time>
              <div property="location" typeof="Place"><span property="name">Ateneo</span></div></div>
            """)
        #expect(outcome.extraction.nights.map(\.venue) == [VenueID("madrid/ateneo")])
    }

    @Test func deeplyNestedItemsAreBounded() async throws {
        let open = String(repeating: "<div itemprop=\"subEvent\" itemscope itemtype=\"https://schema.org/Event\">", count: 2000)
        let close = String(repeating: "</div>", count: 2000)
        let body = "<div itemscope itemtype=\"https://schema.org/Event\">\(open)x\(close)</div>"
        let outcome = try await scrape(body)
        #expect(outcome.failures.isEmpty)
        // The nesting is read down to maxDepth and no further.
        let document = try Document.html(Array("<!DOCTYPE html><html><body>\(body)</body></html>".utf8))
        let items = try MicrodataReader.items(in: document)
        #expect(items.count == 1)
        var depth = 0
        var current = items.first
        while case .object(let properties)? = current, let next = properties["subEvent"] {
            current = if case .array(let values) = next { values.first } else { next }
            if case .object? = current { depth += 1 }
        }
        #expect(depth == MicrodataReader.maxDepth, "items nest \(depth) deep")
    }

    @Test func nestedTextPropertiesHoldBoundedText() throws {
        // Each level's value is its whole subtree's text: 2,000 levels around 100 kB would hold 200 MB.
        let open = String(repeating: "<div itemprop=\"description\">", count: 2000)
        let close = String(repeating: "</div>", count: 2000)
        let body = "<div itemscope itemtype=\"https://schema.org/Event\">\(open)\(String(repeating: "x", count: 100_000))\(close)</div>"
        let document = try Document.html(Array("<!DOCTYPE html><html><body>\(body)</body></html>".utf8))
        let items = try MicrodataReader.items(in: document)
        guard case .object(let properties)? = items.first, case .array(let values)? = properties["description"] else {
            Issue.record("no descriptions read: \(items)")
            return
        }
        let total = values.reduce(0) { $0 + ($1.string?.utf8.count ?? 0) }
        #expect(values.count == 2000)
        #expect(total <= MicrodataReader.maxCharacters)
        #expect(values.first?.string?.count == 100_000)
    }

    /// The markup's text after the HTML parser's one decoding, as an HTML listing source keeps it: never decoded again.
    @Test func textIsDecodedOnceAsInHTMLListings() async throws {
        let outcome = try await scrape("""
            <article itemscope itemtype="http://schema.org/DanceEvent">
              <h3 itemprop="name">java&amp;#x09;script &amp;lt;b&amp;gt; &amp;amp; co</h3>
              <meta itemprop="startDate" content="2026-11-27T23:30:00+01:00">
              <p itemprop="location" itemscope itemtype="https://schema.org/NightClub"><span itemprop="name">Club &amp;#8211; Uno</span></p>
            </article>
            """)
        #expect(outcome.extraction.nights.first?.title == "java&#x09;script &lt;b&gt; &amp; co")
        #expect(outcome.extraction.venues.first?.name == "Club &#8211; Uno")
    }
}

@Suite struct TourPageTests {
    @Test func aNightAbroadIsReadInItsOwnOffsetsZone() async throws {
        let outcome = try await JSONLDPage.scrape("""
            [{"@type": "MusicEvent", "name": "Tokio", "startDate": "2026-11-27T12:30:00+09:00", "location": "Sala"},
             {"@type": "MusicEvent", "name": "Madrid", "startDate": "2026-11-27T21:00:00+01:00", "location": "Sala"}]
            """)
        let nights = outcome.extraction.nights
        // 12:30 in Tokyo is 04:30 in Madrid, which Madrid would count as the evening before.
        #expect(nights.map(\.timeZone) == ["Etc/GMT-9", "Europe/Madrid"])
        #expect(nights.map(\.date) == [Day("2026-11-27"), Day("2026-11-27")])
    }

    @Test func timesWrittenInUTCAreNotANightAbroad() async throws {
        let outcome = try await JSONLDPage.scrape("""
            [{"@type": "MusicEvent", "name": "En UTC", "startDate": "2026-11-27T23:30:00+00:00", "location": "Sala"},
             {"@type": "MusicEvent", "name": "Londres", "startDate": "2026-11-27T21:00:00+00:00",
              "location": {"@type": "MusicVenue", "name": "Hall", "address": {"addressLocality": "London", "addressCountry": "GB"}}}]
            """)
        let nights = Dictionary(uniqueKeysWithValues: outcome.extraction.nights.map { ($0.title, $0) })
        // 23:30 UTC is 00:30 in Madrid: still the evening of the 27th, read in the definition's zone.
        #expect(nights["En UTC"]?.timeZone == "Europe/Madrid")
        #expect(nights["En UTC"]?.date == Day("2026-11-27"))
        #expect(nights["Londres"]?.timeZone == "Europe/London")
    }

    @Test func aNightAbroadWhoseVenueNamesItsCountryGetsThatCountrysZone() async throws {
        let outcome = try await JSONLDPage.scrape("""
            [{"@type": "MusicEvent", "name": "Tokio", "startDate": "2026-11-27T12:30:00+09:00",
              "location": {"@type": "MusicVenue", "name": "Sala", "address": {"addressLocality": "Tokyo", "addressCountry": "JP"}}},
             {"@type": "MusicEvent", "name": "Nueva York", "startDate": "2026-11-27T21:00:00-05:00",
              "location": {"@type": "MusicVenue", "name": "Hall", "address": {"addressLocality": "New York", "addressCountry": "United States"}}},
             {"@type": "MusicEvent", "name": "Denver", "startDate": "2026-11-27T21:00:00-07:00",
              "location": {"@type": "MusicVenue", "name": "Club", "address": {"addressLocality": "Denver", "addressCountry": "US"}}},
             {"@type": "MusicEvent", "name": "Lejos", "startDate": "2026-11-27T21:00:00-03:00",
              "location": {"@type": "MusicVenue", "name": "Bar", "address": {"addressLocality": "Nuuk", "addressCountry": "GL"}}}]
            """)
        // A country whose zones include the offset gives the real zone; an unknown one keeps the fixed offset.
        let zones = Dictionary(uniqueKeysWithValues: outcome.extraction.nights.map { ($0.title, $0.timeZone) })
        #expect(zones == ["Tokio": "Asia/Tokyo", "Nueva York": "America/New_York", "Denver": "America/Denver", "Lejos": "Etc/GMT+3"])
    }

}
