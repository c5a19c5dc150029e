import CarteleraModel
@testable import CarteleraScraping
import Testing

/// Times whose numbers overflow or fall outside years 1 to 9999 are unreadable, never trapped on or stored.
@Suite struct HostileTimeTests {
    @Test(arguments: [
        ("epoch", "9223372036854775807"), ("epoch", "99999999999999999999"), ("epoch", "-9223372036854775808"),
        ("epoch-ms", "9223372036854775807"), ("epoch", "253402300800"),
    ])
    func epochNumbersOutsideTheSupportedYearsAreUnreadable(format: String, text: String) throws {
        #expect(try DateTimeFormat(format).parse(text) == nil)
    }

    @Test func theLastSupportedSecondIsStillAnEpochTime() throws {
        #expect(try DateTimeFormat("epoch").parse("253402300799")?.instant?.iso8601 == "9999-12-31T23:59:59Z")
    }

    @Test(arguments: ["0001-01-01T00:00:00+01:00", "9999-12-31T23:30:00-01:00"])
    func isoInstantsOutsideTheSupportedYearsAreUnreadable(text: String) throws {
        #expect(try DateTimeFormat("iso8601").parse(text) == nil)
        #expect(JSONLDTime(text) == nil)
    }

    @Test(arguments: ["99991231233000 -0100", "00010101000000 +0100", "20261127210000 +9999", "20261127210000 +01:75", "20261127210000 -+100"])
    func xmltvTimesOutsideTheSupportedYearsOrWithImpossibleOffsetsAreUnreadable(text: String) {
        #expect(XMLTVTime.parse(text) == nil)
    }

    @Test(arguments: ["23:30", "0001-01-01T00:30:00+01:00"])
    func anEventStartingAtAClockTimeAloneOrBeforeYearOneIsUnreadable(start: String) async throws {
        let outcome = try await JSONLDPage.scrape(#"{"@type": "Event", "name": "Noche", "location": "Club", "startDate": "\#(start)"}"#)
        #expect(outcome.extraction.nights.isEmpty)
        // The page then lists nothing: a warning, not a failure.
        #expect(outcome.failures.isEmpty)
        #expect(outcome.warnings.contains { $0.contains(#"event "Noche" has an unreadable startDate "\#(start)""#) })
    }

    @Test func aScheduleTimeWithAnOffsetPastTheLastDayIsUnreadable() throws {
        let parts = try #require(try DateTimeFormat("yyyy-MM-dd HH:mm XXX").parse("9999-12-31 23:30 -05:00"))
        #expect(ScheduleScraper.scheduleTime(parts, near: Day("2026-11-20")!, header: nil) == nil)
    }

    @Test func aRowDateThatIsUnreadableOrYearsAwayCostsItsRowWithAWarning() async throws {
        let definition = ScheduleScraperTests().definition + """
                date: {select: ".fecha", format: "yyyy-MM-dd"}

            """
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-26", """
            <ul class="parrilla">
            <li><span class="fecha">99999-11-26</span><span class="hora">21:00</span><h3>Cinco cifras</h3></li>
            <li><span class="fecha">-0001-11-26</span><span class="hora">22:00</span><h3>Antes de Cristo</h3></li>
            <li><span class="fecha">2026-11-27</span><span class="hora">00:30</span><h3>Madrugada</h3></li>
            </ul>
            """)
        let outcome = try await harness.scrape(definition, days: ["2026-11-26"])
        #expect(outcome.extraction.programmes.map(\.title) == ["Madrugada"])
        #expect(outcome.extraction.programmes.first?.start.iso8601 == "2026-11-26T23:30:00Z")
        let prefix = "test.example: https://tv.example/la1/2026-11-26: La1.es 2026-11-26"
        #expect(outcome.warnings == [
            #"\#(prefix): unreadable date "99999-11-26" for "Cinco cifras""#,
            #"\#(prefix): date "-0001-11-26" for "Antes de Cristo" is more than a year from the day asked for"#,
        ])
    }

    @Test(arguments: [
        (#""startDate": "2026-11-27", "endDate": "9999-12-31""#, "endDate \"9999-12-31\" is more than 31 days after the evening"),
        (#""startDate": "2026-11-27T22:00:00+01:00", "endDate": "9999-12-31T23:00:00+01:00""#,
         "endDate \"9999-12-31T23:00:00+01:00\" is more than 31 days after the evening"),
    ])
    func anEndDateYearsAwayIsDroppedWithAWarning(dates: String, problem: String) async throws {
        let outcome = try await JSONLDPage.scrape(#"{"@type": "Festival", "name": "Fiesta", "location": "Club", \#(dates)}"#)
        let night = try #require(outcome.extraction.nights.first)
        #expect(night.lastDate == nil)
        #expect(night.closing == nil)
        #expect(outcome.warnings == [#"test.example: https://venue.example/: event "Fiesta": \#(problem): dropped"#])
    }

    @Test func aFestivalOfSomeDaysKeepsItsLastDate() async throws {
        let outcome = try await JSONLDPage.scrape(#"{"@type": "Festival", "name": "Fiesta", "location": "Club", "startDate": "2026-11-27", "endDate": "2026-11-29"}"#)
        #expect(outcome.extraction.nights.first?.lastDate == Day("2026-11-29"))
        #expect(outcome.warnings.isEmpty)
    }
}
