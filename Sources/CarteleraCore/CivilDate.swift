/// Proleptic Gregorian dates as day counts from 1970-01-01 (Howard Hinnant's algorithms), for years 1 to 9999.
///
/// The one place dates become numbers: every conversion checks its range, so a year of twenty digits read
/// from a page is refused instead of overflowing.
public enum CivilDate {
    /// The years every conversion accepts: those ISO 8601 writes with four digits.
    public static let years: ClosedRange<Int> = 1...9999

    /// The day numbers of the first and last accepted days (0001-01-01 and 9999-12-31).
    public static let days: ClosedRange<Int> = unchecked(year: 1, month: 1, day: 1)...unchecked(year: 9999, month: 12, day: 31)

    /// Days since 1970-01-01 of a date; nil when the date does not exist or its year is outside `years`.
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int? {
        guard years.contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        return unchecked(year: year, month: month, day: day)
    }

    /// Year, month and day of a day number; nil outside `days`.
    public static func components(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int)? {
        guard Self.days.contains(days) else { return nil }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether a year has a 29 February.
    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// ISO weekday of a day number: 1 = Monday … 7 = Sunday.
    public static func isoWeekday(daysSince1970 days: Int) -> Int {
        ((days % 7 + 7) % 7 + 3) % 7 + 1
    }

    /// days_from_civil for a date already known to be valid and in range.
    private static func unchecked(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
