import CarteleraModel
@testable import CarteleraScraping
import Testing

@Suite struct JSONInputTests {
    func definition(_ json: String, rows: String, fields: String) -> String {
        """
        kind: tv-schedule
        timezone: Europe/Madrid
        request:
          url: "https://tv.example/{channel}/{date:yyyy-MM-dd}"
        channels:
          - {id: La1.es, site_id: la1, name: La 1}
        schedule:
          json: \(json)
          rows: "\(rows)"
          fields:
        \(fields)

        """
    }

    let fields = """
            start: {path: start, format: "HH:mm"}
            title: title
            category: {path: "genres[*]", all: true}
            description: {path: "info.text", default: "none"}
            language: $.language
        """

    @Test func aWholeJSONResponseIsReadWithPathsAndTheUsualTimeline() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", """
            {"channel": "La 1", "language": "es", "items": [
              {"start": "06:00", "title": "Noticias 24h"},
              {"start": "21:00", "title": "Telediario 2", "genres": ["Noticias", "Actualidad"], "info": {"text": "Noticias del d\\u00eda"}},
              {"start": "00:30", "title": "La noche en 24h", "genres": []}
            ]}
            """)
        let outcome = try await harness.scrape(definition("page", rows: "$.items[*]", fields: fields), days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty)
        let programmes = outcome.extraction.programmes
        #expect(programmes.map(\.title) == ["Noticias 24h", "Telediario 2", "La noche en 24h"])
        #expect(programmes[1].categories == ["Noticias", "Actualidad"])
        #expect(programmes[1].description == "Noticias del día")
        #expect(programmes.allSatisfy { $0.language == "es" }, "a $ path reads the whole document from every row")
        #expect(programmes.last?.description == "none")
        // 21:00 and then 00:30 the next morning, Madrid (UTC+1): the rollover rule applies as for markup.
        #expect(programmes[1].start == Timestamp(iso8601: "2026-11-20T20:00:00Z"))
        #expect(programmes.last?.start == Timestamp(iso8601: "2026-11-20T23:30:00Z"))
        #expect(programmes[1].stop == programmes.last?.start)
    }

    @Test func jsonAssignedInAScriptIsFound() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", """
            <html><head><script>var other = {"a": 1}; window.guide = {"items": [{"start": "08:00", "title": "Buenos d\\u00edas"}]};
            if (guide == null) {}</script></head><body></body></html>
            """)
        let outcome = try await harness.scrape(definition("{variable: guide}", rows: "$.items[*]", fields: fields), days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.programmes.map(\.title) == ["Buenos días"])
    }

    @Test func nextDataAndApplicationJSONScriptsAreRead() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", """
            <html><body><script id="__NEXT_DATA__" type="application/json">{"props": {"pageProps": {"schedule": [
              {"start": "10:00", "title": "Saber vivir", "channel": "la1"}, {"start": "11:00", "title": "Otro canal", "channel": "la2"}]}}}</script></body></html>
            """)
        let yaml = definition("{script: \"script#__NEXT_DATA__\"}", rows: "$..schedule[?(@.channel == '{channel}')]", fields: fields)
        let outcome = try await harness.scrape(yaml, days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.programmes.map(\.title) == ["Saber vivir"])
    }

    @Test func brokenJSONIsAnErrorNamingTheSourceAndURL() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", "{\"items\": [1, 2,]}")
        let outcome = try await harness.scrape(definition("page", rows: "$.items[*]", fields: fields), days: ["2026-11-20"])
        let failure = try #require(outcome.failures.first)
        #expect(failure.kind == .json)
        #expect(failure.description.hasPrefix("test.example: https://tv.example/la1/2026-11-20: the response is not JSON"))
    }

    @Test func tooDeepJSONIsRefused() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000))
        let outcome = try await harness.scrape(definition("page", rows: "$.items[*]", fields: fields), days: ["2026-11-20"])
        #expect(outcome.failures.first?.message.contains("nested deeper than 100") == true)
    }

    @Test func aPageWithoutTheAssignmentListsNothing() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", "<html><head><script>var cfg = {};</script></head></html>")
        let outcome = try await harness.scrape(definition("{variable: guide}", rows: "$.items[*]", fields: fields), days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.programmes.isEmpty)
        #expect(outcome.warnings.contains { $0.contains("no script assigns a value to guide") })
    }

    @Test func definitionsWithBadPathsAreRejectedWhenLoaded() throws {
        let bad = definition("page", rows: "$.items[", fields: fields)
        #expect(throws: DefinitionError.self) { try DefinitionLoader.parse(bad, source: "t", directory: "/tmp", file: "t/source.yaml") }
        let markupKeys = definition("page", rows: "$.items[*]", fields: "        start: {path: start}\n        title: {xpath: \"string(.)\"}")
        #expect(throws: DefinitionError.self) { try DefinitionLoader.parse(markupKeys, source: "t", directory: "/tmp", file: "t/source.yaml") }
        let pathWithoutJSON = """
            kind: tv-schedule
            timezone: UTC
            request: {url: "https://tv.example/"}
            channels: [{id: A, name: A}]
            schedule: {rows: li, fields: {start: {path: start}, title: h3}}
            """
        #expect(throws: DefinitionError.self) { try DefinitionLoader.parse(pathWithoutJSON, source: "t", directory: "/tmp", file: "t/source.yaml") }
        let withHeaders = definition("page", rows: "$.items[*]", fields: fields) + "  day_header: {select: h2, format: \"EEEE d MMMM\"}\n"
        let error = #expect(throws: DefinitionError.self) { try DefinitionLoader.parse(withHeaders, source: "t", directory: "/tmp", file: "t/source.yaml") }
        #expect(error?.description.contains("schedule.day_header") == true, "\(error.map { "\($0)" } ?? "")")
    }
}

@Suite struct JSONPathTests {
    let document: JSONValue = .object([
        "a": .array([.object(["b": .number(1), "name": .string("x")]), .object(["b": .number(2), "name": .string("y")])]),
        "odd key": .string("spaced"),
    ])

    func texts(_ path: String) throws -> [String] {
        try JSONPath(path).values(root: document, row: document).compactMap(\.string)
    }

    @Test func stepsSelectMembersIndexesAndWildcards() throws {
        #expect(try texts("$.a[*].name") == ["x", "y"])
        #expect(try texts("$.a[-1].name") == ["y"])
        #expect(try texts("$['odd key']") == ["spaced"])
        #expect(try texts("a[0].b") == ["1"])
        #expect(try texts("$..name") == ["x", "y"])
        #expect(try texts("$.a[?(@.b == 2)].name") == ["y"])
        #expect(try texts("$.a[?(@.name != 'y')].b") == ["1"])
        #expect(try texts("$.a[?(@.missing)].b").isEmpty)
    }

    @Test func membersComeInDocumentOrderAndUnionsInTheOrderListed() throws {
        let parsed = try JSONLDParser.parse(Array(#"{"result":{"morning":[1,2],"afternoon":[3],"evening":[4,5]},"z":{"b":"B","a":"A"}}"#.utf8))
        func texts(_ path: String) throws -> [String] { try JSONPath(path).values(root: parsed, row: parsed).compactMap(\.string) }
        #expect(try texts("$.result.*[*]") == ["1", "2", "3", "4", "5"])
        #expect(try texts("$.z.*") == ["B", "A"])
        #expect(try texts("$..*").suffix(2) == ["B", "A"])
        #expect(try texts("$.result['evening','morning'][0]") == ["4", "1"])
        #expect(try texts("$.result.morning[1, 0]") == ["2", "1"])
        #expect(try texts("$.z['missing','a']") == ["A"])
        #expect(parsed == (try JSONLDParser.parse(Array(#"{"z":{"a":"A","b":"B"},"result":{"evening":[4,5],"afternoon":[3],"morning":[1,2]}}"#.utf8))))
    }

    @Test func filtersJoinTestsWithAnd() throws {
        #expect(try texts("$.a[?(@.b == 2 && @.name == 'y')].name") == ["y"])
        #expect(try texts("$.a[?(@.b == 1 && @.name == 'y')].name").isEmpty)
        #expect(try texts("$.a[?(@.b && @.name != 'x')].b") == ["2"])
        #expect(throws: ScrapeMessage.self) { try JSONPath("$.a[?(@.b == 1 & @.c)]") }
    }

    @Test func malformedPathsSayWhere() {
        #expect(throws: ScrapeMessage.self) { try JSONPath("$.a[") }
        #expect(throws: ScrapeMessage.self) { try JSONPath("$.a[?(@.b = 1)]") }
        #expect(throws: ScrapeMessage.self) { try JSONPath("$..") }
        #expect(throws: ScrapeMessage.self) { try JSONPath("$.a['x',]") }
        #expect(throws: ScrapeMessage.self) { try JSONPath("$.a[0,'x'") }
    }
}
