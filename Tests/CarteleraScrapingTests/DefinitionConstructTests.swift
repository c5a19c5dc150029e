import CarteleraModel
import CarteleraScraping
import Testing

@Suite struct DefinitionConstructTests {
    func yaml(rules: String = "", extra: String = "", schedule: String) -> String {
        """
        kind: tv-schedule
        timezone: Europe/Madrid
        \(extra)
        request:
          url: "https://tv.example/{channel}/{date:yyyy-MM-dd}"
        channels:
          - {id: La1.es, site_id: la1, name: La 1}
        \(rules)
        schedule:
        \(schedule)

        """
    }

    let weekPage = """
        <html><body>
        <h2>Jueves 19 noviembre</h2><p><b>22:00</b> <i>Ayer</i></p>
        <h2>Viernes 20 noviembre</h2><p><b>07:00</b> <i>Hoy A</i></p><p><b>23:30</b> <i>hoy b</i></p>
        <h2>Sábado 21 noviembre</h2><p><b>08:00</b> <i>Mañana</i></p>
        </body></html>
        """

    @Test func aDateHeaderPicksTheDaysSection() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", weekPage)
        let definition = yaml(schedule: """
              rows: "p"
              day_header: {select: "h2", format: "EEEE d MMMM"}
              fields:
                start: {select: "b", format: "HH:mm"}
                title: {select: "i", upper: true}
            """)
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.programmes.map(\.title) == ["HOY A", "HOY B"])
        #expect(outcome.extraction.programmes.first?.start == Timestamp(iso8601: "2026-11-20T06:00:00Z"))
    }

    @Test func theLastStopRuleIsExplicit() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", "<ul><li>20:00 A</li><li>23:00 B</li></ul>")
        try harness.page("https://tv.example/la1/2026-11-21", "<ul><li>06:30 C</li><li>09:00 D</li></ul>")
        let fields = """
              rows: "li"
              fields:
                start: {select: ".", format: "HH:mm"}
                title: {select: ".", regex: "\\\\d\\\\d:\\\\d\\\\d (.+)"}
            """
        let nextDay = try await harness.scrape(yaml(rules: "rules: {last_stop: next-day}", schedule: fields), days: ["2026-11-20", "2026-11-21"])
        #expect(nextDay.extraction.programmes[1].stop == Timestamp(iso8601: "2026-11-21T05:30:00Z"))
        #expect(nextDay.extraction.programmes[3].stop == nil)
        let dayEnd = try await harness.scrape(yaml(rules: "rules: {last_stop: day-end, day_starts_at: \"06:00\"}", schedule: fields), days: ["2026-11-20"])
        #expect(dayEnd.extraction.programmes[1].stop == Timestamp(iso8601: "2026-11-21T05:00:00Z"))
        let none = try await harness.scrape(yaml(rules: "rules: {last_stop: none, default_duration: 30}", schedule: fields), days: ["2026-11-20"])
        #expect(none.extraction.programmes[1].stop == nil)
    }

    @Test func rowsCanBeOrderedByStart() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", """
            <ul><li data-t="2026-11-20T21:00:00Z">B</li><li data-t="2026-11-20T20:00:00Z">A</li><li data-t="2026-11-20T22:00:00Z">C</li></ul>
            """)
        let definition = yaml(rules: "rules: {order: start}", schedule: """
              rows: "li"
              fields:
                start: {attr: data-t, format: iso8601}
                title: "."
            """)
        let programmes = try await harness.scrape(definition, days: ["2026-11-20"]).extraction.programmes
        #expect(programmes.map(\.title) == ["A", "B", "C"])
        #expect(programmes[0].stop == programmes[1].start)
    }

    @Test func utcFieldsAndTheDayZoneAreApartFromTheTimezone() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", "<ul><li><b>2026-11-20 23:30</b>Late</li><li><b>2026-11-21 00:30</b>Later</li></ul>")
        let definition = yaml(extra: "day_zone: America/New_York\nkeep: requested-day", schedule: """
              rows: "li"
              fields:
                start: {select: "b", format: "yyyy-MM-dd HH:mm", utc: true}
                title: {xpath: "string(text())"}
            """)
        let programmes = try await harness.scrape(definition, days: ["2026-11-20"]).extraction.programmes
        // Both are UTC; in New York (the day zone) both fall on 20 November.
        #expect(programmes.map(\.start) == [Timestamp(iso8601: "2026-11-20T23:30:00Z"), Timestamp(iso8601: "2026-11-21T00:30:00Z")])
    }

    @Test func aUTCTimeWithoutADateTakesTheRowsDate() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", "<ul><li><i>2026-11-20</i><b>23:30</b>Late</li><li><i>2026-11-21</i><b>00:30</b>Later</li></ul>")
        let definition = yaml(extra: "day_zone: America/New_York\nkeep: requested-day", schedule: """
              rows: "li"
              fields:
                date: {select: "i", format: "yyyy-MM-dd"}
                start: {select: "b", format: "HH:mm", utc: true}
                title: {xpath: "string(text())"}
            """)
        let programmes = try await harness.scrape(definition, days: ["2026-11-20"]).extraction.programmes
        #expect(programmes.map(\.start) == [Timestamp(iso8601: "2026-11-20T23:30:00Z"), Timestamp(iso8601: "2026-11-21T00:30:00Z")])
    }

    @Test func namedExpressionsAreDefinedOnceAndReused() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", "<ul><li><span>21:00 Telediario (TP)</span></li></ul>")
        let definition = yaml(extra: "expressions: {line: \"normalize-space(span)\"}", schedule: """
              rows: "li"
              fields:
                start: {xpath: "{expr.line}", format: "HH:mm"}
                title: {xpath: "{expr.line}", regex: "\\\\d\\\\d:\\\\d\\\\d (.+) \\\\("}
                rating: {xpath: "{expr.line}", regex: "\\\\((.+)\\\\)", lower: true}
            """)
        let programme = try #require(try await harness.scrape(definition, days: ["2026-11-20"]).extraction.programmes.first)
        #expect(programme.title == "Telediario")
        #expect(programme.rating?.value == "tp")
        let unknown = yaml(schedule: "  rows: li\n  fields: {start: \"{expr.nope}\", title: h3}")
        #expect(throws: DefinitionError.self) { try DefinitionLoader.parse(unknown, source: "t", directory: "/tmp", file: "t/source.yaml") }
    }

    @Test func placeholdersAreCheckedWhenTheDefinitionLoads() {
        func load(_ url: String) throws {
            let text = """
                kind: tv-schedule
                timezone: UTC
                request: {url: "\(url)"}
                channels: [{id: A, site_id: "a#1", name: A}]
                schedule: {rows: li, fields: {start: b, title: i}}
                """
            _ = try DefinitionLoader.parse(text, source: "t", directory: "/tmp", file: "t/source.yaml")
        }
        #expect(throws: Never.self) { try load("https://tv.example/{channel.2}/{date:EEEE@ro|lower|ascii}/{day.offset}") }
        #expect(throws: DefinitionError.self) { try load("https://tv.example/{channel.3}") }
        #expect(throws: DefinitionError.self) { try load("https://tv.example/{date:EEEE@xx}") }
        #expect(throws: DefinitionError.self) { try load("https://tv.example/{date|shout}") }
    }
}
