import CarteleraModel
import CarteleraScraping
import Testing

/// Day sections headed by a weekday, or by a word for today or tomorrow, instead of a date.
@Suite struct DayHeaderTests {
    func definition(_ format: String) -> String {
        """
        kind: tv-schedule
        timezone: Europe/Madrid
        request:
          url: "https://tv.example/{channel}"
        channels:
          - {id: La1.es, site_id: la1, name: La 1}
        schedule:
          rows: "p"
          day_header: {select: "h2", format: "\(format)"}
          fields:
            start: {select: "b", format: "HH:mm"}
            title: "i"

        """
    }

    /// Friday 2026-11-20, noon in Madrid.
    let friday = Timestamp(iso8601: "2026-11-20T11:00:00Z")!

    let relativePage = """
        <h2>Hoy</h2><p><b>21:00</b> <i>Hoy</i></p>
        <h2>Mañana</h2><p><b>21:00</b> <i>Sábado</i></p>
        <h2>Domingo</h2><p><b>21:00</b> <i>Domingo</i></p>
        <h2>Lunes</h2><p><b>21:00</b> <i>Lunes</i></p>
        """

    @Test(arguments: [("2026-11-20", "Hoy"), ("2026-11-21", "Sábado"), ("2026-11-22", "Domingo"), ("2026-11-23", "Lunes")])
    func todayTomorrowAndWeekdaysNameTheirDays(day: String, title: String) async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1", relativePage)
        let outcome = try await harness.scrape(definition("EEEE"), days: [day], now: friday)
        #expect(outcome.warnings.isEmpty)
        #expect(outcome.extraction.programmes.map(\.title) == [title])
        #expect(outcome.extraction.programmes.first?.start == Timestamp(iso8601: "\(day)T20:00:00Z"))
    }

    @Test func weekdaysAloneAreThePageAroundTheDayAskedFor() async throws {
        var harness = try ScrapeHarness()
        // A week from Monday; today is Friday, and the day asked for the Sunday after the page's Saturday.
        try harness.page("https://tv.example/la1", """
            <h2>Lun.</h2><p><b>10:00</b> <i>L</i></p><h2>Mar.</h2><p><b>10:00</b> <i>M</i></p>
            <h2>Viernes</h2><p><b>10:00</b> <i>V</i></p><h2>Sáb.</h2><p><b>10:00</b> <i>S</i></p><h2>Domingo</h2><p><b>10:00</b> <i>D</i></p>
            """)
        let monday = try await harness.scrape(definition("EEE"), days: ["2026-11-16"], now: friday)
        #expect(monday.extraction.programmes.map(\.title) == ["L"])
        let sunday = try await harness.scrape(definition("EEE"), days: ["2026-11-22"], now: friday)
        #expect(sunday.extraction.programmes.map(\.title) == ["D"])
        #expect(sunday.extraction.programmes.first?.start == Timestamp(iso8601: "2026-11-22T09:00:00Z"))
    }

    @Test func englishAndGermanWordsAreRead() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1", """
            <h2>Tonight</h2><p><b>22:00</b> <i>Tonight</i></p><h2>Tomorrow</h2><p><b>22:00</b> <i>Tomorrow</i></p>
            <h2>Übermorgen</h2><p><b>22:00</b> <i>Übermorgen</i></p>
            """)
        let tomorrow = try await harness.scrape(definition("EEEE"), days: ["2026-11-21"], now: friday)
        #expect(tomorrow.extraction.programmes.map(\.title) == ["Tomorrow"])
        let third = try await harness.scrape(definition("EEEE"), days: ["2026-11-22"], now: friday)
        #expect(third.extraction.programmes.map(\.title) == ["Übermorgen"])
    }

    @Test func aDayThePageDoesNotHaveSaysWhatTheHeadersRead() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1", "<h2>Jueves</h2><p><b>10:00</b> <i>J</i></p><h2>Viernes</h2><p><b>10:00</b> <i>V</i></p>")
        let outcome = try await harness.scrape(definition("EEEE"), days: ["2026-11-25"], now: friday)
        #expect(outcome.extraction.programmes.isEmpty)
        #expect(outcome.warnings == ["test.example: https://tv.example/la1: no day section for 2026-11-25: the headers read as 2026-11-19, 2026-11-20"])
        var unreadable = try ScrapeHarness()
        try unreadable.page("https://tv.example/la1", "<h2>Programación</h2><p><b>10:00</b> <i>J</i></p>")
        let none = try await unreadable.scrape(definition("d MMMM"), days: ["2026-11-20"], now: friday)
        #expect(none.warnings == ["test.example: https://tv.example/la1: no day section for 2026-11-20: none of the 1 headers reads with day_header's format (the first is \"Programación\")"])
    }

    @Test func aWeekdayTokenPrefersAWordThatNamesADay() throws {
        let format = try DateTimeFormat("EEEE")
        #expect(format.parse("Programación del miércoles")?.weekday == 3)
        #expect(format.parse("Pasado mañana")?.relativeDay == 2)
        #expect(format.parse("aujourd'hui")?.relativeDay == 0)
        #expect(format.parse("Segunda-feira")?.weekday == 1)
        #expect(format.parse("Cuma")?.weekday == 5)
        // Turkish "Paz" is Monday's and Sunday's first letters: no weekday, but still a word.
        #expect(format.parse("Paz")?.weekday == nil)
        #expect(try DateTimeFormat("EEEE d MMMM").parse("Hoy 20 noviembre").map { [$0.relativeDay, $0.month, $0.day] } == [0, 11, 20])
    }
}
