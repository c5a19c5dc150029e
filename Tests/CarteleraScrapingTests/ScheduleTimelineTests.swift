import CarteleraModel
import CarteleraScraping
import Testing

@Suite struct ScheduleTimelineTests {
    let madrid = ZoneConverter(identifier: "Europe/Madrid")!
    let day = Day("2026-11-20")!

    func clock(_ hour: Int, _ minute: Int) -> ScheduleSlot {
        ScheduleSlot(start: .clock(secondOfDay: hour * 3600 + minute * 60, day: nil))
    }

    func iso(_ result: [(start: Timestamp, stop: Timestamp?)]) -> [String] { result.map { $0.start.iso8601 } }

    @Test func aTimeEarlierThanThePreviousOneIsTheNextDay() {
        let result = ScheduleTimeline.resolve([clock(22, 0), clock(23, 30), clock(0, 45), clock(2, 0)], day: day, zone: madrid, rules: TimelineRules(leadingPreviousDay: false))
        #expect(iso(result) == ["2026-11-20T21:00:00Z", "2026-11-20T22:30:00Z", "2026-11-20T23:45:00Z", "2026-11-21T01:00:00Z"])
    }

    @Test func stopIsTheNextStartAndTheLastHasNoneWithoutADefault() {
        let result = ScheduleTimeline.resolve([clock(6, 0), clock(7, 30)], day: day, zone: madrid, rules: TimelineRules())
        #expect(result[0].stop?.iso8601 == "2026-11-20T06:30:00Z")
        #expect(result[1].stop == nil)
        let withDefault = ScheduleTimeline.resolve([clock(6, 0)], day: day, zone: madrid, rules: TimelineRules(defaultDuration: 1800))
        #expect(withDefault[0].stop?.iso8601 == "2026-11-20T05:30:00Z")
    }

    @Test func aFirstItemLaterThanTheSecondStartedTheEveningBefore() {
        let result = ScheduleTimeline.resolve([clock(23, 30), clock(0, 32), clock(1, 59)], day: day, zone: madrid, rules: TimelineRules())
        #expect(iso(result) == ["2026-11-19T22:30:00Z", "2026-11-19T23:32:00Z", "2026-11-20T00:59:00Z"])
    }

    @Test func theBroadcastDayPutsEarlyTimesOnTheNextCalendarDay() {
        let rules = TimelineRules(rollover: false, broadcastDayStart: 7 * 3600)
        let result = ScheduleTimeline.resolve([clock(7, 0), clock(23, 0), clock(5, 30), clock(5, 30)], day: day, zone: madrid, rules: rules)
        #expect(iso(result) == ["2026-11-20T06:00:00Z", "2026-11-20T22:00:00Z", "2026-11-21T04:30:00Z", "2026-11-21T04:30:00Z"])
    }

    @Test func anEndTimeBeforeTheStartEndsTheNextDay() {
        var slot = clock(23, 0)
        slot.stop = .clock(secondOfDay: 1 * 3600, day: nil)
        let result = ScheduleTimeline.resolve([slot], day: day, zone: madrid, rules: TimelineRules())
        #expect(result[0].stop?.iso8601 == "2026-11-21T00:00:00Z")
    }

    @Test func aDurationGivesTheStop() {
        var slot = clock(20, 0)
        slot.duration = 95 * 60
        let result = ScheduleTimeline.resolve([slot], day: day, zone: madrid, rules: TimelineRules())
        #expect(result[0].stop?.iso8601 == "2026-11-20T20:35:00Z")
    }

    @Test func dateHeadersRestartTheRollover() {
        let slots = [
            ScheduleSlot(start: .clock(secondOfDay: 22 * 3600, day: Day("2026-11-20"))),
            ScheduleSlot(start: .clock(secondOfDay: 1 * 3600, day: Day("2026-11-20"))),
            ScheduleSlot(start: .clock(secondOfDay: 6 * 3600, day: Day("2026-11-21"))),
        ]
        let result = ScheduleTimeline.resolve(slots, day: day, zone: madrid, rules: TimelineRules(leadingPreviousDay: false))
        #expect(iso(result) == ["2026-11-20T21:00:00Z", "2026-11-21T00:00:00Z", "2026-11-21T05:00:00Z"])
    }

    @Test func aNightThroughTheAutumnChangeStaysInOrder() {
        // 2026-10-25 in Madrid: 01:30 CEST, 02:15 CEST, then the clock goes back and 02:05 CET follows.
        let night = Day("2026-10-25")!
        let slots = [clock(1, 30), clock(2, 15), clock(2, 5), clock(3, 0)]
        let result = ScheduleTimeline.resolve(slots, day: night, zone: madrid, rules: TimelineRules(rollover: false, leadingPreviousDay: false))
        #expect(iso(result) == ["2026-10-24T23:30:00Z", "2026-10-25T00:15:00Z", "2026-10-25T01:05:00Z", "2026-10-25T02:00:00Z"])
        #expect(result[1].stop?.iso8601 == "2026-10-25T01:05:00Z")
    }

    @Test func aNightThroughTheSpringChangeLosesAnHour() {
        let night = Day("2026-03-29")!
        let result = ScheduleTimeline.resolve([clock(1, 0), clock(3, 0)], day: night, zone: madrid, rules: TimelineRules())
        #expect(iso(result) == ["2026-03-29T00:00:00Z", "2026-03-29T01:00:00Z"])
        #expect(result[0].stop!.secondsSince1970 - result[0].start.secondsSince1970 == 3600)
    }

    @Test func absoluteInstantsAreKeptAsGiven() {
        let instant = Timestamp(iso8601: "2026-11-20T10:00:00Z")!
        let result = ScheduleTimeline.resolve([ScheduleSlot(start: .instant(instant))], day: day, zone: madrid, rules: TimelineRules())
        #expect(result[0].start == instant)
    }
}
