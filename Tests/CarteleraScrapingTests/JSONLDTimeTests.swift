import CarteleraModel
import CarteleraScraping
import Testing

/// Event times with and without offsets land on the right instants and evenings in Europe/Madrid.
@Suite struct JSONLDTimeTests {
    private func night(_ members: String) async throws -> Night? {
        let outcome = try await JSONLDPage.scrape(#"{"@type": "DanceEvent", "name": "Noche", "location": "Club", "# + members + "}")
        return outcome.extraction.nights.first
    }

    @Test(arguments: [
        ("2026-11-27T23:30:00+01:00", "2026-11-27T22:30:00Z"),
        ("2026-11-27T22:30:00Z", "2026-11-27T22:30:00Z"),
        ("2026-11-27T23:30:00.000+0100", "2026-11-27T22:30:00Z"),
        ("2026-11-27T23:30:00", "2026-11-27T22:30:00Z"),
        ("2026-11-27T23:30", "2026-11-27T22:30:00Z"),
        ("2026-11-27 23:30:00", "2026-11-27T22:30:00Z"),
        ("2026-07-10T23:30:00", "2026-07-10T21:30:00Z"),
        ("2026-07-10T23:30:00-04:00", "2026-07-11T03:30:00Z"),
    ])
    func startTimesWithOrWithoutAnOffsetAreInstants(start: String, doors: String) async throws {
        let night = try #require(try await night(#""startDate": "\#(start)""#))
        #expect(night.doors?.iso8601 == doors)
        // An offset that is not Madrid's at that moment is a night abroad, kept in its own zone.
        #expect(night.timeZone == (start.hasSuffix("-04:00") ? "Etc/GMT+4" : "Europe/Madrid"))
    }

    @Test func aNightEndingAtSixBelongsToTheEveningBefore() async throws {
        let night = try #require(try await night(#""startDate": "2026-11-28T00:30:00+01:00", "endDate": "2026-11-28T06:00:00+01:00""#))
        #expect(night.date == Day("2026-11-27"))
        #expect(night.doors?.iso8601 == "2026-11-27T23:30:00Z")
        #expect(night.closing?.iso8601 == "2026-11-28T05:00:00Z")
    }

    @Test func aDateAloneIsTheEveningWithoutAKnownStart() async throws {
        let night = try #require(try await night(#""startDate": "2026-11-28", "endDate": "2026-11-29""#))
        #expect(night.date == Day("2026-11-28"))
        #expect(night.doors == nil && night.closing == nil)
    }

    @Test func aDoorTimeAloneFallsOnTheNightAndABareClosingTimeEndsNextMorning() async throws {
        let night = try #require(try await night(#""startDate": "2026-11-28", "doorTime": "23:00", "endDate": "05:30""#))
        #expect(night.doors?.iso8601 == "2026-11-28T22:00:00Z")
        #expect(night.closing?.iso8601 == "2026-11-29T04:30:00Z")
    }

    @Test func anEndBeforeTheStartIsDropped() async throws {
        let night = try #require(try await night(#""startDate": "2026-11-28T23:00:00+01:00", "endDate": "2026-11-28T22:00:00+01:00""#))
        #expect(night.closing == nil)
    }

    @Test func anUnreadableStartCostsTheEventWithAWarning() async throws {
        let outcome = try await JSONLDPage.scrape(#"""
            [{"@type": "DanceEvent", "name": "Mala", "location": "Club", "startDate": "viernes a las 23h"},
             {"@type": "DanceEvent", "name": "Buena", "location": "Club", "startDate": "2026-11-28T23:00:00+01:00"}]
            """#)
        #expect(outcome.extraction.nights.map(\.title) == ["Buena"])
        #expect(outcome.warnings.contains { $0.contains("unreadable startDate \"viernes a las 23h\"") })
    }

    @Test func aCancelledEventIsSkippedWithAWarningAndItsEveningStillReplaced() async throws {
        let outcome = try await JSONLDPage.scrape(#"""
            [{"@type": "DanceEvent", "name": "Cancelada", "location": "Club", "startDate": "2026-12-02T23:30:00+01:00",
              "eventStatus": "https://schema.org/EventCancelled"},
             {"@type": "DanceEvent", "name": "Aplazada", "location": "Club", "startDate": "2026-12-05T23:30:00+01:00",
              "eventStatus": "EventPostponed"},
             {"@type": "DanceEvent", "name": "Nueva fecha", "location": "Club", "startDate": "2026-12-06T23:30:00+01:00",
              "eventStatus": "schema:EventRescheduled"}]
            """#)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.nights.map(\.title) == ["Aplazada", "Nueva fecha"])
        #expect(outcome.warnings.contains { $0.contains("event \"Cancelada\" on 2026-12-02 is cancelled") })
        #expect(outcome.nightDays == ["2026-12-02", "2026-12-05", "2026-12-06"].map { Day($0)! })
    }
}
