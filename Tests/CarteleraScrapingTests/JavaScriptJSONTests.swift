import CarteleraModel
import CarteleraScraping
import Testing

/// JSON a page hides inside JavaScript: Next.js flight data, `JSON.parse('…')`, object literals and strings holding JSON.
@Suite struct JavaScriptJSONTests {
    func definition(_ json: String, rows: String) -> String {
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
            start: {path: start, format: "HH:mm"}
            title: title

        """
    }

    func scrape(_ page: String, _ json: String, rows: String = "$..items[*]") async throws -> ScrapeOutcome {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", page)
        return try await harness.scrape(definition(json, rows: rows), days: ["2026-11-20"])
    }

    @Test func nextFlightDataIsReadFromItsPushedStrings() async throws {
        // Two pushes split one row; a text row and a module row sit between the JSON rows.
        let page = #"""
            <html><body>
            <script>(self.__next_f=self.__next_f||[]).push([0])</script>
            <script>self.__next_f.push([1,"1:I[\"123\",[],\"\"]\n2:T1a,Texto con\nsalto de línea\n3:{\"guide\":{\"items\":[{\"start\":\"06:00\",\"title\":\"Telediario \\u00e9"])</script>
            <script>self.__next_f.push([1,"xito\"},{\"start\":\"07:30\",\"title\":\"La hora de La 1\"}]}}\n4:[\"$\",\"div\",null,{}]\n"])</script>
            </body></html>
            """#
        let outcome = try await scrape(page, "next-flight")
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.programmes.map(\.title) == ["Telediario éxito", "La hora de La 1"])
        #expect(outcome.extraction.programmes.first?.start == Timestamp(iso8601: "2026-11-20T05:00:00Z"))
    }

    @Test func aBrokenFlightRowIsAnErrorNamingTheSourceAndURL() async throws {
        let page = #"<script>self.__next_f.push([1,"5:{\"items\":[1,}\n"])</script>"#
        let outcome = try await scrape(page, "next-flight")
        let failure = try #require(outcome.failures.first)
        #expect(failure.kind == .json)
        #expect(failure.description.hasPrefix("test.example: https://tv.example/la1/2026-11-20: Next.js flight row 5 is not JSON:"))
        let none = try await scrape("<script>var x = 1;</script>", "next-flight")
        #expect(none.failures.isEmpty && none.extraction.programmes.isEmpty)
        #expect(none.warnings.contains { $0.contains("no script pushes Next.js flight data") })
    }

    @Test func jsonParseOfAStringIsDecodedOnce() async throws {
        let page = #"""
            <script>window.__STATE__ = JSON.parse('{"items":[{"start":"21:00","title":"Cine: \u00abEl sur\u00bb"},{"start":"23:00","title":"L\'hora \\"B\\""}]}');</script>
            """#
        let outcome = try await scrape(page, "{variable: __STATE__}")
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.programmes.map(\.title) == ["Cine: «El sur»", "L'hora \"B\""])
    }

    @Test func objectLiteralsAssignedToPropertiesAreRead() async throws {
        let page = """
            <script>
            app.guide = {
              // the day's programmes
              items: [{start: '09:00', title: 'Mañanas', live: !0, extra: undefined}, {'start': "10:15", title: 'Saber vivir',},],
              /* end */ };
            </script>
            """
        let outcome = try await scrape(page, "{variable: guide}")
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.programmes.map(\.title) == ["Mañanas", "Saber vivir"])
    }

    @Test func aStringHoldingJSONIsRead() async throws {
        let outcome = try await scrape(#"<script>var data = "{\"items\":[{\"start\":\"12:00\",\"title\":\"Noticias\"}]}";</script>"#, "{variable: data}")
        #expect(outcome.extraction.programmes.map(\.title) == ["Noticias"])
        let broken = try await scrape("<script>var data = JSON.parse('{\"items\": [}');</script>", "{variable: data}")
        #expect(broken.failures.first?.description.contains("the string JSON.parse reads for data is not JSON") == true)
    }
}
