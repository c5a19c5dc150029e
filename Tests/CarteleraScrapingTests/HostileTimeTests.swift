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
}
