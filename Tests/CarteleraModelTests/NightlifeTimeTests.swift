import CarteleraModel
import Testing

/// Guest list status and promotion validity, with instants built the way scrapers build them: clock times on
/// the night of an evening in Europe/Madrid, across midnight and across both daylight-saving changes.
@Suite struct NightlifeTimeTests {
    let madrid = ZoneConverter(identifier: "Europe/Madrid")!
    let venue = VenueID(name: "Sala El Sol", city: "Madrid")
    let provenance = [Provenance(source: "clubs.example")]

    /// A clock time on the night of `evening` in Madrid: 23:30 that evening, 01:30 the morning after.
    func onNight(_ evening: String, _ hour: Int, _ minute: Int = 0) -> Timestamp {
        NightTimes.instant(evening: Day(evening)!, secondOfDay: hour * 3600 + minute * 60, zone: madrid)
    }

    func at(_ iso: String) -> Timestamp { Timestamp(iso8601: iso)! }

    func list(_ evening: String, declared: GuestList.DeclaredStatus? = .open, deadline: Timestamp? = nil, placesLeft: Int? = nil,
              nightEnds: Timestamp? = nil) -> GuestList {
        GuestList(venue: venue, night: nil, date: Day(evening)!, declared: declared, conditions: ["gratis hasta la 1:30"],
                  deadline: deadline, capacity: 100, placesLeft: placesLeft, nightEnds: nightEnds, provenance: provenance)
    }

    @Test func aDeadlineAfterMidnightBelongsToTheMorningAfterTheEvening() {
        let deadline = onNight("2026-11-27", 1, 30)
        #expect(deadline.iso8601 == "2026-11-28T00:30:00Z")
        let guests = list("2026-11-27", deadline: deadline, nightEnds: onNight("2026-11-27", 6))
        #expect(guests.status(at: at("2026-11-27T22:59:00Z")) == .open) // 23:59 on Friday
        #expect(guests.status(at: at("2026-11-27T23:10:00Z")) == .open) // 00:10 on Saturday
        #expect(guests.status(at: at("2026-11-28T00:29:59Z")) == .open)
        #expect(guests.status(at: deadline) == .closed)
    }

    @Test func aDeadlineOnTheNightSummerTimeEndsIsReadInSummerTime() {
        // Saturday 2026-10-24: at 03:00 CEST on Sunday clocks go back to 02:00 CET.
        let deadline = onNight("2026-10-24", 1, 30)
        #expect(deadline.iso8601 == "2026-10-24T23:30:00Z")
        let guests = list("2026-10-24", deadline: deadline)
        #expect(guests.status(at: at("2026-10-24T23:29:59Z")) == .open)
        #expect(guests.status(at: at("2026-10-24T23:30:00Z")) == .closed)
        #expect(guests.status(at: at("2026-10-25T01:30:00Z")) == .closed) // the second 02:30
    }

    @Test func theNightSummerTimeEndsLastsAnHourLongerAndItsListStaysOpenUntilItEnds() {
        let doors = onNight("2026-10-24", 23, 30), closing = onNight("2026-10-24", 6)
        #expect(doors.iso8601 == "2026-10-24T21:30:00Z")
        #expect(closing.iso8601 == "2026-10-25T05:00:00Z")
        #expect(closing.secondsSince1970 - doors.secondsSince1970 == 7 * 3600 + 1800)
        #expect(NightTimes.evening(of: at("2026-10-25T01:30:00Z"), zone: madrid) == Day("2026-10-24"))
        let guests = list("2026-10-24", nightEnds: closing)
        #expect(guests.status(at: at("2026-10-25T00:30:00Z")) == .open) // the first 02:30, CEST
        #expect(guests.status(at: at("2026-10-25T01:30:00Z")) == .open) // the second 02:30, CET
        #expect(guests.status(at: at("2026-10-25T04:59:59Z")) == .open)
        #expect(guests.status(at: closing) == .closed)
    }

    @Test func aDeadlineInTheSpringGapClosesTheListAnHourAfterTheClocksJump() {
        // Saturday 2026-03-28: at 02:00 CET on Sunday clocks jump to 03:00 CEST, so 02:30 never happens.
        let deadline = onNight("2026-03-28", 2, 30)
        #expect(deadline.iso8601 == "2026-03-29T01:30:00Z") // 03:30 CEST, read with the offset before the change
        let closing = onNight("2026-03-28", 6)
        #expect(closing.iso8601 == "2026-03-29T04:00:00Z")
        let guests = list("2026-03-28", deadline: deadline, nightEnds: closing)
        #expect(guests.status(at: at("2026-03-29T00:59:59Z")) == .open) // 01:59:59 CET
        #expect(guests.status(at: at("2026-03-29T01:00:00Z")) == .open) // 03:00 CEST
        #expect(guests.status(at: at("2026-03-29T01:29:59Z")) == .open)
        #expect(guests.status(at: deadline) == .closed)
    }

    @Test func aListIsFullWhenNoPlacesAreLeftOrThePageSaysSo() {
        let evening = "2026-11-27", before = at("2026-11-27T22:00:00Z")
        #expect(list(evening, placesLeft: 0).status(at: before) == .full)
        #expect(list(evening, placesLeft: 3).status(at: before) == .open)
        #expect(list(evening, declared: .full, placesLeft: 3).status(at: before) == .full)
        #expect(list(evening, declared: nil).status(at: before) == .open)
    }

    @Test func aClosedListStaysClosedAndClosingBeatsFull() {
        let evening = "2026-11-27", deadline = onNight(evening, 1, 30)
        #expect(list(evening, declared: .closed, deadline: deadline).status(at: at("2026-11-27T22:00:00Z")) == .closed)
        #expect(list(evening, declared: .full, deadline: deadline).status(at: deadline) == .closed)
        #expect(list(evening, placesLeft: 0, nightEnds: onNight(evening, 6)).status(at: onNight(evening, 6)) == .closed)
    }

    func promotion(from: Timestamp?, to: Timestamp?) -> Promotion {
        Promotion(id: "clubs.example#sol-halloween", venue: venue, night: nil, title: "Halloween en El Sol", validFrom: from, validTo: to,
                  rank: 1, paid: true, sponsor: "Cervezas Ejemplo", provenance: provenance)
    }

    @Test func aPromotionRunsAcrossMidnightAndTheAutumnChangeUntilItsEnd() {
        let from = madrid.instant(LocalDateTime(day: Day("2026-10-24")!, hour: 20, minute: 0))
        let to = onNight("2026-10-24", 6)
        #expect(from.iso8601 == "2026-10-24T18:00:00Z")
        let promoted = promotion(from: from, to: to)
        #expect(!promoted.isActive(at: at("2026-10-24T17:59:59Z")))
        #expect(promoted.isActive(at: from))
        #expect(promoted.isActive(at: at("2026-10-24T22:00:00Z"))) // midnight in Madrid
        #expect(promoted.isActive(at: at("2026-10-25T01:30:00Z"))) // the second 02:30
        #expect(promoted.isActive(at: at("2026-10-25T04:59:59Z")))
        #expect(!promoted.isActive(at: to))
    }

    @Test func aPromotionEndingInTheSpringGapEndsWhenTheGapIsRead() {
        let to = onNight("2026-03-28", 2, 30)
        let promoted = promotion(from: madrid.instant(LocalDateTime(day: Day("2026-03-28")!, hour: 22, minute: 0)), to: to)
        #expect(promoted.isActive(at: at("2026-03-28T21:00:00Z")))
        #expect(promoted.isActive(at: at("2026-03-29T01:00:00Z"))) // 03:00 CEST, just after the jump
        #expect(!promoted.isActive(at: at("2026-03-29T01:30:00Z")))
        #expect(!promoted.isActive(at: at("2026-03-28T20:59:59Z")))
    }

    @Test func aPromotionWithoutDatesRunsAlwaysAndStaysPaid() {
        let promoted = promotion(from: nil, to: nil)
        #expect(promoted.isActive(at: at("2026-03-29T01:30:00Z")))
        #expect(promoted.paid)
    }
}
