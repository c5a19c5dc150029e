import CarteleraModel
import CarteleraNormalize
import Testing

@Suite struct ZoneConverterTests {
    let madrid = ZoneConverter(identifier: "Europe/Madrid")!

    func local(_ day: String, _ hour: Int, _ minute: Int) -> LocalDateTime {
        LocalDateTime(day: Day(day)!, hour: hour, minute: minute)
    }

    @Test func winterAndSummerOffsetsApply() {
        #expect(madrid.instant(local("2026-11-22", 21, 0)).iso8601 == "2026-11-22T20:00:00Z")
        #expect(madrid.instant(local("2026-07-01", 21, 0)).iso8601 == "2026-07-01T19:00:00Z")
    }

    @Test func aTimeInTheSpringGapIsReadWithTheOffsetBeforeTheChange() {
        // 2026-03-29 02:00 → 03:00 in Madrid: 02:30 does not exist.
        #expect(madrid.instant(local("2026-03-29", 2, 30)).iso8601 == "2026-03-29T01:30:00Z")
        #expect(madrid.instant(local("2026-03-29", 3, 0)).iso8601 == "2026-03-29T01:00:00Z")
    }

    @Test func aTimeInTheAutumnOverlapTakesTheEarliestOccurrenceNotBeforeThePrevious() {
        // 2026-10-25 03:00 → 02:00 in Madrid: 02:30 happens twice.
        let first = madrid.instant(local("2026-10-25", 2, 30))
        #expect(first.iso8601 == "2026-10-25T00:30:00Z")
        let second = madrid.instant(local("2026-10-25", 2, 30), notBefore: Timestamp(iso8601: "2026-10-25T00:45:00Z"))
        #expect(second.iso8601 == "2026-10-25T01:30:00Z")
    }

    @Test func localTimeRoundTrips() {
        let instant = Timestamp(iso8601: "2026-11-22T23:30:00Z")!
        let wall = madrid.local(instant)
        #expect(wall.day == Day("2026-11-23"))
        #expect(wall.secondOfDay == 30 * 60)
        #expect(madrid.instant(wall) == instant)
    }

    @Test func unknownZonesAreRejected() {
        #expect(ZoneConverter(identifier: "Europe/Atlantis") == nil)
    }
}
