
/// Places a night's clock times on the timeline: a night belongs to the evening it starts on.
public enum NightTimes {
    /// Clock times before this hour belong to the morning after the evening (a night ending at 06:00).
    public static let morningEndsAt = 12 * 3600

    /// The instant of a clock time on the night of `evening`: 23:30 is that evening, 01:30 the morning after.
    public static func instant(evening: Day, secondOfDay: Int, zone: ZoneConverter) -> Timestamp {
        let day = secondOfDay < morningEndsAt ? evening.advanced(by: 1) : evening
        return zone.instant(LocalDateTime(day: day, secondOfDay: secondOfDay))
    }

    /// The evening a night starting at `instant` belongs to: its local date, or the day before when it starts in the small hours.
    public static func evening(of instant: Timestamp, zone: ZoneConverter) -> Day {
        let local = zone.local(instant)
        return local.secondOfDay < 6 * 3600 ? local.day.advanced(by: -1) : local.day
    }

    /// Doors and closing on the night of `evening`; a closing time at or before the doors ends the next morning.
    public static func resolve(evening: Day, doors: Int?, closing: Int?, zone: ZoneConverter) -> (doors: Timestamp?, closing: Timestamp?) {
        let doorsInstant = doors.map { instant(evening: evening, secondOfDay: $0, zone: zone) }
        var closingInstant = closing.map { instant(evening: evening, secondOfDay: $0, zone: zone) }
        if let start = doorsInstant, let end = closingInstant, end <= start {
            closingInstant = zone.instant(LocalDateTime(day: zone.local(end).day.advanced(by: 1), secondOfDay: zone.local(end).secondOfDay))
        }
        return (doorsInstant, closingInstant)
    }
}
