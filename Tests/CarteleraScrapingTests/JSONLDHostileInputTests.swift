import CarteleraModel
import CarteleraScraping
import Testing

/// Broken or hostile JSON-LD gives one clear error naming the source and page, never a crash.
@Suite struct JSONLDHostileInputTests {
    private let good = #"{"@type": "NightClub", "name": "Club"}"#

    private func failure(_ blocks: String...) async throws -> String {
        var harness = try ScrapeHarness()
        try harness.page("https://venue.example/", JSONLDPage.html(blocks))
        let outcome = try await harness.scrape(JSONLDPage.definition, days: ["2026-11-27"])
        #expect(outcome.failures.count == 1)
        #expect(outcome.extraction.venues.isEmpty)
        return outcome.failures.first?.description ?? ""
    }

    @Test func aTrailingCommaIsRepairedWithAWarningNamingTheBlock() async throws {
        let outcome = try await JSONLDPage.scrape(#"{"@type": "NightClub", "name": "Club",}"#)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.venues.map(\.name) == ["Club"])
        #expect(outcome.warnings == ["test.example: JSON-LD block 1 of https://venue.example/ is not valid JSON (a trailing comma before \"}\" at line 1, column 39); read after repair: 1 trailing comma removed"])
    }

    @Test(arguments: [
        ("<![CDATA[\n{\"@type\": \"NightClub\", \"name\": \"Club\"}\n]]>", "a CDATA wrapper removed"),
        ("//<![CDATA[\n{\"@type\": \"NightClub\", \"name\": \"Club\"}\n//]]>", "a CDATA wrapper removed"),
        ("<!--\n{\"@type\": \"NightClub\", \"name\": \"Club\"}\n-->", "an HTML comment wrapper removed"),
        ("{\"@type\": \"NightClub\", // the club\n \"name\": /* its name */ \"Club\"}", "2 comments removed"),
        ("{\"@type\": \"NightClub\", \"name\": \"Club\", \"description\": \"line\nbreak\ttab\"}", "2 raw control characters in strings escaped"),
        // Comments anywhere between tokens: after a value before the next member, before a colon, commented-out last members.
        ("{\"@type\": \"NightClub\", \"name\": \"Club\" // el nombre\n, \"telephone\" /* fijo */ : \"910\"}", "2 comments removed"),
        ("{\"@type\": \"NightClub\", \"name\": \"Club\",\n  // \"url\": \"https://club.example/\",\n  // \"telephone\": \"910\"\n}", "2 comments removed, 1 trailing comma removed"),
        ("{\"@type\": \"NightClub\", \"name\": \"Club\", // fin\n}", "1 comment removed, 1 trailing comma removed"),
        ("{\"@type\": \"NightClub\", \"name\": \"Club\", /* \"url\": \"https://club.example/\" */ }", "1 comment removed, 1 trailing comma removed"),
        ("[{\"@type\": \"NightClub\", \"name\": \"Club\"}, /* a */ // b\n /* c */]", "3 comments removed, 1 trailing comma removed"),
    ])
    func publishedBreakagesAreRepaired(block: String, repair: String) async throws {
        let outcome = try await JSONLDPage.scrape(block)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.venues.map(\.name) == ["Club"])
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.contains("JSON-LD block 1 of https://venue.example/") == true)
        #expect(outcome.warnings.first?.hasSuffix(repair) == true, "\(outcome.warnings)")
    }

    @Test func aBrokenBlockBesideAGoodOneCostsOnlyAWarning() async throws {
        let outcome = try await JSONLDPage.scrape(good, #"[{'@type': "Event"}]"#)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.venues.map(\.name) == ["Club"])
        #expect(outcome.warnings == ["test.example: invalid JSON in JSON-LD block 2 of https://venue.example/: unexpected \"'\" where a member name should be at line 1, column 3"])
    }

    @Test func aScriptEndTagInsideAStringCutsTheBlockAndIsNamed() async throws {
        let message = try await failure(#"{"@type": "NightClub", "name": "Club", "description": "<script>x()</script> y"}"#)
        #expect(message.contains("JSON-LD block 1 of https://venue.example/ is cut short"))
        #expect(message.contains("\"</script>\" inside the JSON"))
    }

    @Test func otherEndTagsInsideStringsAreKept() async throws {
        let outcome = try await JSONLDPage.scrape(#"{"@type": "NightClub", "name": "Club <b>uno</b>", "description": "</p></div>"}"#)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.venues.first?.name == "Club <b>uno</b>")
    }

    @Test func aTenMegabyteBlockIsRefusedUnread() async throws {
        let filler = String(repeating: "x", count: 10 * 1024 * 1024)
        let message = try await failure(#"{"@type": "NightClub", "name": "Club", "description": "\#(filler)"}"#)
        #expect(message.contains("JSON-LD block 1 of https://venue.example/ is 10.0 MB, over the 4 MB limit: not read"))
    }

    @Test func nestingTenThousandDeepIsRefusedWithoutRecursion() async throws {
        let deep = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        let message = try await failure(deep)
        #expect(message.contains("nested deeper than 100 levels"))
        let arrays = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(try await failure(arrays).contains("nested deeper than 100 levels"))
    }

    @Test(arguments: [
        ("42", "holds a bare number, not an object"),
        (#""Club""#, "holds a string, not an object"),
        ("null", "holds null"),
        ("", "JSON-LD block 1 of https://venue.example/ is empty"),
        ("  \n ", "is empty"),
        (#"{"a": 1} {"b": 2}"#, "unexpected \"{\" after the end of the JSON value"),
        (#"{'a': 1}"#, "unexpected \"'\" where a member name should be"),
        (#"{"a": 01}"#, "a number with a leading zero"),
        (#"{"a": tru}"#, "unexpected \"t\" where a value should be"),
    ])
    func nonObjectsAndMalformedJSONAreNamed(block: String, expected: String) async throws {
        let message = try await failure(block)
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains("https://venue.example/"))
    }

    @Test func allBrokenBlocksFailThePageWithTheFirstProblemAndACount() async throws {
        let message = try await failure("1", "{'a': 1}", "")
        #expect(message.contains("block 1"))
        #expect(message.contains("(and 2 more broken blocks)"))
    }

    @Test func aPageWithoutJSONLDOrWithoutVenuesAndEventsListsNothing() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://venue.example/", "<html><body><script>var a = 1;</script></body></html>")
        let none = try await harness.scrape(JSONLDPage.definition, days: ["2026-11-27"])
        #expect(none.failures.isEmpty)
        #expect(none.extraction.nights.isEmpty)
        #expect(none.warnings.contains { $0.contains("no <script type=\"application/ld+json\"> block") })
        let other = try await JSONLDPage.scrape(#"{"@type": "WebSite", "name": "Club"}"#, #"{"@type": "BreadcrumbList"}"#)
        #expect(other.failures.isEmpty)
        #expect(other.warnings.contains { $0.contains("no venue or event in the JSON-LD (found: BreadcrumbList, WebSite)") })
    }

    /// A news page: its only block is an Article, commented as pages comment theirs. Nothing listed, and no failure.
    @Test func aPageWhoseOnlyBlockIsAnArticleListsNothing() async throws {
        let outcome = try await JSONLDPage.scrape("""
            {"@context": "https://schema.org", "@type": "Article", "headline": "La agenda del mes", // portada
             "author": {"@type": "Person", "name": "Ane"},
             // "image": "https://venue.example/portada.jpg",
            }
            """)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.nights.isEmpty && outcome.extraction.venues.isEmpty)
        #expect(outcome.warnings.count == 2)
        #expect(outcome.warnings.first?.hasSuffix("read after repair: 2 comments removed, 1 trailing comma removed") == true)
        #expect(outcome.warnings.last == "test.example: https://venue.example/: no venue or event in the JSON-LD (found: Article): nothing listed")
    }

    @Test func anUnreadableBlockThatDeclaresOnlyOtherTypesListsNothingButOneThatMayHoldEventsFails() async throws {
        let article = try await JSONLDPage.scrape(#"{"@type": "NewsArticle", "headline": 'Agenda', "author": {'@type': "schema:Person"}}"#)
        #expect(article.failures.isEmpty)
        #expect(article.warnings.last == "test.example: https://venue.example/: no venue or event in the JSON-LD (its unreadable blocks declare only NewsArticle, Person): nothing listed")
        #expect(try await failure(#"{"@type": "Article", "about": {"@type": "MusicEvent", "name": 'Concierto'}}"#).contains("invalid JSON in JSON-LD block 1"))
        #expect(try await failure(#"{"@type": "ItemList", "itemListElement": ['uno']}"#).contains("invalid JSON in JSON-LD block 1"))
        #expect(try await failure(#"{'name': 'sin tipo'}"#).contains("invalid JSON in JSON-LD block 1"))
    }

    @Test func aPriceOf1e300IsDroppedWithAWarningAndTheNightKept() async throws {
        let outcome = try await JSONLDPage.scrape(#"""
            {"@type": "NightClub", "name": "Club", "event": {"@type": "DanceEvent", "name": "Sesión", "startDate": "2026-11-27T23:30:00+01:00",
             "offers": [{"@type": "Offer", "price": 1e300, "priceCurrency": "EUR"}, {"@type": "Offer", "price": -5}]}}
            """#)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.venues.map(\.name) == ["Club"])
        let night = try #require(outcome.extraction.nights.first)
        #expect(night.title == "Sesión")
        #expect(night.price == nil)
        #expect(night.priceFrom == nil)
        #expect(outcome.warnings == [
            #"test.example: https://venue.example/: event "Sesión": offers.price 1e+300 is outside 0 to 1000000: dropped"#,
            #"test.example: https://venue.example/: event "Sesión": offers.price -5.0 is outside 0 to 1000000: dropped"#,
        ])
    }

    @Test func hugeNumbersAsIdsNamesAndCountsAreReadAsTextOrDropped() async throws {
        let outcome = try await JSONLDPage.scrape(#"""
            [{"@type": "BarOrPub", "@id": 1e20, "name": 1e300, "aggregateRating": {"ratingValue": 4, "ratingCount": 1e19}},
             {"@type": "Event", "@id": 9223372036854775807, "name": "Concierto", "startDate": "2026-11-27T22:00", "location": {"@id": 1e20},
              "offers": {"lowPrice": "Infinity", "price": "NaN", "highPrice": 1e308}}]
            """#)
        #expect(outcome.failures.isEmpty)
        let venue = try #require(outcome.extraction.venues.first)
        #expect(venue.name == "1e+300")
        #expect(venue.rating == 4)
        #expect(venue.ratingCount == nil)
        #expect(outcome.extraction.nights.first?.priceFrom == nil)
        #expect(outcome.warnings.contains(#"test.example: https://venue.example/: venue "1e+300": aggregateRating.ratingCount 1e+19 is not a count: dropped"#))
        #expect(outcome.warnings.contains(#"test.example: https://venue.example/: event "Concierto": offers.highPrice 1e+308 is outside 0 to 1000000: dropped"#))
    }

    @Test func aRatingOutsideItsScaleIsDroppedWithAWarning() async throws {
        let outcome = try await JSONLDPage.scrape(#"{"@type": "NightClub", "name": "Club", "aggregateRating": {"ratingValue": 50, "bestRating": 5, "ratingCount": -3}}"#)
        let venue = try #require(outcome.extraction.venues.first)
        #expect(venue.rating == nil && venue.ratingCount == nil)
        #expect(outcome.warnings == [
            #"test.example: https://venue.example/: venue "Club": aggregateRating.ratingValue 50.0 of 5.0 is outside 0 to 5: dropped"#,
            #"test.example: https://venue.example/: venue "Club": aggregateRating.ratingCount -3.0 is not a count: dropped"#,
        ])
    }

    @Test func numbersBeyondIntAreNotWholeNumbers() {
        #expect(JSONValue.number(1e300).int == nil)
        #expect(JSONValue.number(-1e19).string == "-1e+19")
        #expect(JSONValue.number(42.9).int == 42)
        #expect(JSONValue.number(42).string == "42")
    }

    @Test func escapesAndSurrogatePairsAreDecoded() async throws {
        let outcome = try await JSONLDPage.scrape(#"{"@type": "NightClub", "name": "Caf\u00e9 \ud83c\udfb5 \"Uno\"\/Dos"}"#)
        #expect(outcome.extraction.venues.first?.name == "Café 🎵 \"Uno\"/Dos")
    }
}
