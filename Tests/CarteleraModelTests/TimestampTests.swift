import CarteleraModel
import Testing

@Suite struct TimestampTests {
    @Test func iso8601RoundTripsInUTC() {
        let instant = Timestamp(secondsSince1970: 1_795_379_400)
        #expect(instant.iso8601 == "2026-11-22T20:30:00Z")
        #expect(Timestamp(iso8601: instant.iso8601) == instant)
    }

    @Test(arguments: [
        ("2026-11-22T18:10:00+01:00", "2026-11-22T17:10:00Z"),
        ("2026-11-22T12:10:00-05:00", "2026-11-22T17:10:00Z"),
        ("2026-11-22T17:10:00.000Z", "2026-11-22T17:10:00Z"),
        ("2026-11-22 17:10:00Z", "2026-11-22T17:10:00Z"),
        ("2026-11-22T18:40:00+0130", "2026-11-22T17:10:00Z"),
    ])
    func offsetsAndFractionsAreUnderstood(text: String, utc: String) {
        #expect(Timestamp(iso8601: text)?.iso8601 == utc)
    }

    @Test(arguments: ["", "2026-11-22", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-11-22T25:00:00Z", "2026-11-22T10:00:00+1"])
    func malformedTimesAreRejected(text: String) {
        #expect(Timestamp(iso8601: text) == nil)
    }

    @Test func instantsBefore1970HaveTheRightDay() {
        let instant = Timestamp(secondsSince1970: -1)
        #expect(instant.utcDay.description == "1969-12-31")
        #expect(instant.iso8601 == "1969-12-31T23:59:59Z")
    }
}

@Suite struct DayTests {
    @Test func componentsRoundTripOverFourCenturies() {
        var day = Day(year: 1800, month: 1, day: 1)!
        let end = Day(year: 2200, month: 12, day: 31)!
        while day <= end {
            let (y, m, d) = day.components
            #expect(Day(year: y, month: m, day: d) == day)
            day = day.advanced(by: 17)
        }
    }

    @Test func leapDaysExistOnlyInLeapYears() {
        #expect(Day(year: 2024, month: 2, day: 29) != nil)
        #expect(Day(year: 2026, month: 2, day: 29) == nil)
        #expect(Day(year: 2000, month: 2, day: 29) != nil)
        #expect(Day(year: 1900, month: 2, day: 29) == nil)
    }

    @Test func weekdaysAreISO() {
        #expect(Day("2026-11-22")?.isoWeekday == 7)
        #expect(Day("2026-11-23")?.isoWeekday == 1)
        #expect(Day("1970-01-01")?.isoWeekday == 4)
    }

    @Test func textRoundTrips() {
        #expect(Day("2026-03-09")?.description == "2026-03-09")
        #expect(Day("2026-3-9") == nil)
        #expect(Day("not a day") == nil)
    }
}
