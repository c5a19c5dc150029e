import CarteleraCore
import Testing

@Suite struct CivilDateTests {
    @Test func knownDatesHaveTheirDayNumbers() {
        #expect(CivilDate.daysSince1970(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilDate.daysSince1970(year: 2000, month: 3, day: 1) == 11_017)
        #expect(CivilDate.daysSince1970(year: 1969, month: 12, day: 31) == -1)
    }

    @Test func everyDayOfFourCenturiesRoundTrips() {
        var expected = CivilDate.daysSince1970(year: 1800, month: 1, day: 1)!
        for year in 1800..<2200 {
            for month in 1...12 {
                for day in 1...CivilDate.daysIn(month: month, year: year) {
                    #expect(CivilDate.daysSince1970(year: year, month: month, day: day) == expected)
                    let back = CivilDate.components(daysSince1970: expected)
                    #expect(back?.year == year && back?.month == month && back?.day == day)
                    expected += 1
                }
            }
        }
    }

    @Test(arguments: [(2023, 2, 29), (2024, 13, 1), (2024, 0, 10), (2024, 4, 31), (0, 1, 1), (10_000, 1, 1), (Int.max, 1, 1), (Int.min, 12, 31)])
    func impossibleOrOutOfRangeDatesAreRefused(year: Int, month: Int, day: Int) {
        #expect(CivilDate.daysSince1970(year: year, month: month, day: day) == nil)
    }

    @Test func dayNumbersOutsideTheRangeHaveNoComponents() {
        #expect(CivilDate.components(daysSince1970: Int.max) == nil)
        #expect(CivilDate.components(daysSince1970: Int.min) == nil)
        #expect(CivilDate.components(daysSince1970: CivilDate.days.upperBound)?.year == 9999)
        #expect(CivilDate.components(daysSince1970: CivilDate.days.lowerBound)?.year == 1)
    }

    @Test func weekdaysFollowTheISOConvention() {
        #expect(CivilDate.isoWeekday(daysSince1970: 0) == 4) // 1970-01-01 was a Thursday
        #expect(CivilDate.isoWeekday(daysSince1970: -1) == 3)
        #expect(CivilDate.isoWeekday(daysSince1970: CivilDate.daysSince1970(year: 2026, month: 11, day: 23)!) == 1)
    }
}
