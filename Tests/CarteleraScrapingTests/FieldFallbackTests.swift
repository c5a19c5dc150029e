import CarteleraModel
import CarteleraScraping
import Testing

/// A field whose value sits in one of several places: `select`, `xpath`, `path` and `attr` may each be a list, tried in order.
@Suite struct FieldFallbackTests {
    func definition(json: String? = nil, rows: String, fields: String) -> String {
        """
        kind: tv-schedule
        timezone: Europe/Madrid
        request:
          url: "https://tv.example/{channel}/{date:yyyy-MM-dd}"
        channels:
          - {id: La1.es, site_id: la1, name: La 1}
        schedule:
        \(json.map { "  json: \($0)" } ?? "")
          rows: "\(rows)"
          fields:
        \(fields)

        """
    }

    let lazyImages = """
        <ul>
        <li><b>07:00</b><h3>Lazy</h3><img src="blank.gif" data-src="/img/lazy.jpg"></li>
        <li><b>08:00</b><h3>Plain</h3><img src="/img/plain.jpg"></li>
        <li><b>09:00</b><h3 title="Sin título visible"></h3><img data-src="  "></li>
        <li><b>10:00</b><span class="t">Otro sitio</span></li>
        </ul>
        """

    @Test func theFirstAttributeAnElementHasIsRead() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", lazyImages)
        let outcome = try await harness.scrape(definition(rows: "li", fields: """
                start: {select: b, format: "HH:mm"}
                title: {select: ["h3", "span.t"]}
                image: {select: img, attr: [data-src, src], url: true}
            """), days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty)
        let programmes = outcome.extraction.programmes
        // The third row's h3 is empty, so it has no title and is skipped; the fourth finds its title in the second place.
        #expect(programmes.map(\.title) == ["Lazy", "Plain", "Otro sitio"])
        #expect(programmes.map(\.image) == ["https://tv.example/img/lazy.jpg", "https://tv.example/img/plain.jpg", nil])
    }

    @Test func anAlternativeCountsOnlyWhenItsValueSurvivesTheTransforms() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", """
            <ul><li><em>pronto</em><b>Hoy a las 21:15</b><h3>Cine</h3></li><li><em>22:40</em><h3>Noche</h3></li></ul>
            """)
        let outcome = try await harness.scrape(definition(rows: "li", fields: """
                start: {select: [em, b], regex: "(\\\\d{2}:\\\\d{2})", format: "HH:mm"}
                title: {xpath: ["string(@title)", "normalize-space(h3)"], default: "?"}
            """), days: ["2026-11-20"])
        let programmes = outcome.extraction.programmes
        // "pronto" holds no time, so the first row reads b; an empty string(@title) gives way to the heading.
        #expect(programmes.map(\.title) == ["Cine", "Noche"])
        #expect(programmes.map(\.start) == [Timestamp(iso8601: "2026-11-20T20:15:00Z"), Timestamp(iso8601: "2026-11-20T21:40:00Z")])
    }

    @Test func aJSONFieldTakesOnePathElseAnother() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", """
            {"items": [
              {"startTime": "2026-11-20T06:00:00Z", "title": {"es": "Noticias"}},
              {"schedule": {"start": "2026-11-20T07:30:00Z"}, "name": "Deportes"},
              {"startTime": "", "schedule": {"start": "2026-11-20T08:00:00Z"}, "title": {"es": null}, "name": "Tiempo"}
            ]}
            """)
        let outcome = try await harness.scrape(definition(json: "page", rows: "$.items[*]", fields: """
                start: {path: [startTime, schedule.start], format: iso8601}
                title: {path: [title.es, name]}
            """), days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.programmes.map(\.title) == ["Noticias", "Deportes", "Tiempo"])
        #expect(outcome.extraction.programmes.map(\.start) == [
            Timestamp(iso8601: "2026-11-20T06:00:00Z"), Timestamp(iso8601: "2026-11-20T07:30:00Z"), Timestamp(iso8601: "2026-11-20T08:00:00Z"),
        ])
    }

    @Test func eachAlternativeIsCheckedWhenTheDefinitionLoads() throws {
        func message(_ fields: String, json: String? = nil) -> String? {
            do {
                _ = try DefinitionLoader.parse(definition(json: json, rows: json == nil ? "li" : "$.items[*]", fields: fields), source: "t", directory: "/tmp", file: "t/source.yaml")
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message("    start: b\n    title: {select: [h3, \"span[\"]}") == "t: source.yaml schedule.fields.title.select[1]: invalid selector \"span[\" at offset 5: expected a name")
        #expect(message("    start: b\n    title: {xpath: [\"string(h3)\", \"h3[\"]}")?.contains("schedule.fields.title.xpath[1]: invalid XPath") == true)
        #expect(message("    start: b\n    title: {select: []}")?.contains("schedule.fields.title.select: expected a value or a non-empty list") == true)
        #expect(message("    start: b\n    title: {select: [h3, [span]]}")?.contains("schedule.fields.title.select[1]: expected a single value") == true)
        #expect(message("    start: start\n    title: {path: [title, \"$..[\"]}", json: "page")?.contains("schedule.fields.title.path[1]") == true)
        #expect(message("    start: b\n    title: {select: h3, attr: [title, data-title]}") == nil)
    }
}
