import CarteleraModel
import CarteleraQuery
import Testing

/// Time windows across a daylight-saving change, and every bad parameter named with the forms it accepts.
@Suite struct QueryWindowAndParameterTests {
    let madrid = ZoneConverter(identifier: "Europe/Madrid")!

    func context(_ utc: String) -> QueryContext {
        QueryContext(now: Timestamp(iso8601: utc)!, guideZone: madrid)
    }

    @Test func tonightAndADaySpanTheClockChangeInMadrid() throws {
        // Clocks go back at 03:00 CEST on 2026-10-25: that night has 11 hours, that day 25.
        var tonight = QueryParameters()
        tonight[.tonight] = ["true"]
        let night = try #require(try tonight.query(kind: .programmes, context: context("2026-10-24T19:00:00Z")).window)
        #expect(night.from == Timestamp(iso8601: "2026-10-24T18:00:00Z"))
        #expect(night.to == Timestamp(iso8601: "2026-10-25T05:00:00Z"))
        var day = QueryParameters()
        day[.day] = ["2026-10-25"]
        let whole = try #require(try day.query(kind: .programmes, context: context("2026-10-24T19:00:00Z")).window)
        #expect(whole.to.secondsSince1970 - whole.from.secondsSince1970 == 25 * 3600)
        day[.day] = ["tomorrow"]
        #expect(try day.query(kind: .programmes, context: context("2026-10-24T19:00:00Z")).window == whole)
    }

    @Test func tonightBeforeItsEndIsLastNightOnlyWhenTheNightCrossesMidnight() throws {
        var tonight = QueryParameters()
        tonight[.tonight] = ["true"]
        // 02:00 in Madrid: the default night (20:00 to 06:00) is still last night's.
        let lateNight = try #require(try tonight.query(kind: .programmes, context: context("2026-11-24T01:00:00Z")).window)
        #expect(lateNight.from == Timestamp(iso8601: "2026-11-23T19:00:00Z"))
        // 18:00 in Madrid with a night of 21:00 to 23:00: tonight is today's, not yesterday's.
        let evening = QueryContext(now: Timestamp(iso8601: "2026-11-23T17:00:00Z")!, guideZone: madrid, tonight: (21 * 3600, 23 * 3600))
        let early = try #require(try tonight.query(kind: .programmes, context: evening).window)
        #expect(early.from == Timestamp(iso8601: "2026-11-23T20:00:00Z"))
        #expect(early.to == Timestamp(iso8601: "2026-11-23T22:00:00Z"))
    }

    @Test func aProgrammeInTheRepeatedHourIsFoundOnce() throws {
        let f = try QueryStore()
        let first = Timestamp(iso8601: "2026-10-25T00:30:00Z")!   // 02:30 CEST
        let second = Timestamp(iso8601: "2026-10-25T01:30:00Z")!  // 02:30 CET, an hour later
        try f.commit(programmes: [
            Programme(channel: "La1.es", start: first, stop: second, timeZone: "Europe/Madrid", title: "Primera", provenance: [Provenance(source: "g")]),
            Programme(channel: "La1.es", start: second, stop: second.adding(seconds: 3600), timeZone: "Europe/Madrid", title: "Segunda", provenance: [Provenance(source: "g")]),
        ])
        var parameters = QueryParameters()
        parameters[.from] = ["2026-10-25T01:00:00Z"]
        parameters[.to] = ["2026-10-25T01:45:00Z"]
        let titles = try f.engine().programmes(try parameters.query(kind: .programmes, context: context("2026-10-25T00:00:00Z"))).rows.map(\.title)
        #expect(titles == ["Primera", "Segunda"])
    }

    @Test(arguments: [
        (QueryParameters.with { $0[.year] = ["2025-1990"] }, Query.Kind.programmes, "--year 2025-1990: the range runs backwards (use FROM-TO such as 1990-2025, or one year)"),
        (QueryParameters.with { $0[.year] = ["19x0"] }, .programmes, "--year 19x0: years run from 1800 to 2100"),
        (QueryParameters.with { $0[.near] = ["91,0"] }, .venues, "--near 91,0: latitude 91 is outside -90…90"),
        (QueryParameters.with { $0[.near] = ["40.4,-181"] }, .venues, "--near 40.4,-181: longitude -181 is outside -180…180"),
        (QueryParameters.with { $0[.near] = ["madrid"] }, .venues, "--near madrid: use LAT,LON in decimal degrees"),
        (QueryParameters.with { $0[.near] = ["40.4,-3.7"]; $0[.within] = ["-2km"] }, .venues, "--within -2km: use a positive distance"),
        (QueryParameters.with { $0[.within] = ["2km"] }, .venues, "--within 2km: needs --near LAT,LON"),
        (QueryParameters.with { $0[.genre] = ["accion thriller"] }, .programmes, "--genre accion thriller: unknown genre; the closest are"),
        (QueryParameters.with { $0[.genre] = ["drama"] }, .venues, "--genre drama: does not apply to venues"),
        (QueryParameters.with { $0[.sort] = ["distance"] }, .programmes, "--sort distance: programmes sort by time, title, rating, year, channel, relevance"),
        (QueryParameters.with { $0[.limit] = ["0"] }, .programmes, "--limit 0: use a number of rows from 1 to 10000"),
        (QueryParameters.with { $0[.now] = ["true"]; $0[.tonight] = ["true"] }, .programmes, "--tonight: use one of --now, --tonight, --day and --next, not several"),
        (QueryParameters.with { $0[.from] = ["2026-11-20T22:00"]; $0[.to] = ["2026-11-20T21:00"] }, .programmes, "--to 2026-11-20T21:00: ends before --from"),
        (QueryParameters.with { $0[.next] = ["99999999999999h"] }, .programmes, "--next 99999999999999h: use a duration such as 3h"),
        (QueryParameters.with { $0[.channelList] = ["mine"] }, .programmes, "--channel-list mine: no channel lists are configured"),
        (QueryParameters.with { $0[.minRating] = ["nan"] }, .programmes, "--min-rating nan: use a number from 0 to 10"),
    ])
    func badValuesAreNamedWithTheFormsAccepted(parameters: QueryParameters, kind: Query.Kind, message: String) {
        #expect(throws: QueryError.self) { try parameters.query(kind: kind, context: context("2026-11-20T20:00:00Z")) }
        do {
            _ = try parameters.query(kind: kind, context: context("2026-11-20T20:00:00Z"))
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func anUnknownGenreSuggestsTheClosestNames() throws {
        var parameters = QueryParameters()
        parameters[.genre] = ["comdy"]
        do {
            _ = try parameters.query(kind: .programmes, context: context("2026-11-20T20:00:00Z"))
            Issue.record("an unknown genre was accepted")
        } catch {
            #expect(error.description.contains("the closest are comedy"))
        }
    }
}

extension QueryParameters {
    /// Parameters with some set, for tables of cases.
    static func with(_ set: (inout QueryParameters) -> Void) -> QueryParameters {
        var parameters = QueryParameters()
        set(&parameters)
        return parameters
    }
}
