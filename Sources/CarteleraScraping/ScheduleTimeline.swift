import CarteleraModel

/// A programme time as a source shows it, before it is placed on the UTC timeline.
public enum ScheduleTime: Hashable, Sendable {
    /// A full instant, already absolute (ISO 8601 with offset, epoch seconds).
    case instant(Timestamp)
    /// A wall-clock date and time in the source's zone.
    case local(LocalDateTime)
    /// A wall-clock time only; its day comes from `day` (a date header on the page) or the day asked for.
    case clock(secondOfDay: Int, day: Day?)
}

/// One row's times.
public struct ScheduleSlot: Hashable, Sendable {
    /// When the programme starts.
    public var start: ScheduleTime
    /// When it ends, when the source says.
    public var stop: ScheduleTime?
    /// Length in seconds, when the source gives a duration instead of an end.
    public var duration: Int?

    /// A slot from its start and, optionally, its end or length.
    public init(start: ScheduleTime, stop: ScheduleTime? = nil, duration: Int? = nil) {
        self.start = start
        self.stop = stop
        self.duration = duration
    }
}

/// How a source's times become instants.
public struct TimelineRules: Hashable, Sendable, Codable {
    /// A clock time earlier than the one before it means the next day.
    public var rollover: Bool
    /// When the first clock time is later than the second, the first belongs to the evening before.
    public var leadingPreviousDay: Bool
    /// Seconds after midnight at which the broadcast day starts: earlier clock times belong to the next calendar day.
    public var broadcastDayStart: Int?
    /// An item without its own end ends when the next one starts.
    public var stopAtNextStart: Bool
    /// Length given to an item that has no end and nothing after it, in seconds.
    public var defaultDuration: Int?

    /// Rules with the defaults a definition gets when it sets none.
    public init(rollover: Bool = true, leadingPreviousDay: Bool = true, broadcastDayStart: Int? = nil, stopAtNextStart: Bool = true, defaultDuration: Int? = nil) {
        self.rollover = rollover
        self.leadingPreviousDay = leadingPreviousDay
        self.broadcastDayStart = broadcastDayStart
        self.stopAtNextStart = stopAtNextStart
        self.defaultDuration = defaultDuration
    }
}

/// Places a page's slots, in page order, on the UTC timeline.
public enum ScheduleTimeline {
    /// Start and stop instants for each slot, in the same order.
    public static func resolve(_ slots: [ScheduleSlot], day: Day, zone: ZoneConverter, rules: TimelineRules) -> [(start: Timestamp, stop: Timestamp?)] {
        let starts = resolveStarts(slots, day: day, zone: zone, rules: rules)
        var result: [(start: Timestamp, stop: Timestamp?)] = []
        result.reserveCapacity(slots.count)
        for (index, slot) in slots.enumerated() {
            let start = starts[index]
            var stop: Timestamp?
            if let explicit = slot.stop {
                stop = resolveStop(explicit, start: start, zone: zone)
            } else if let duration = slot.duration {
                stop = start.adding(seconds: Int64(duration))
            } else if rules.stopAtNextStart, index + 1 < starts.count, starts[index + 1] > start {
                stop = starts[index + 1]
            } else if let duration = rules.defaultDuration {
                stop = start.adding(seconds: Int64(duration))
            }
            result.append((start, stop))
        }
        return result
    }

    private static func resolveStarts(_ slots: [ScheduleSlot], day: Day, zone: ZoneConverter, rules: TimelineRules) -> [Timestamp] {
        var starts: [Timestamp] = []
        starts.reserveCapacity(slots.count)
        var currentBase: Day?
        var dayOffset = 0
        var previousClock: Int?
        var previous: Timestamp?
        for (index, slot) in slots.enumerated() {
            let instant: Timestamp
            switch slot.start {
            case .instant(let value):
                instant = value
            case .local(let local):
                instant = zone.instant(local, notBefore: previous)
            case .clock(let seconds, let header):
                let base = header ?? day
                if base != currentBase {
                    currentBase = base
                    dayOffset = 0
                    previousClock = nil
                }
                var offset = dayOffset
                if let start = rules.broadcastDayStart, seconds < start {
                    offset = max(offset, 1)
                } else if rules.rollover, let last = previousClock, seconds + dayOffset * 86_400 < last {
                    offset = dayOffset + 1
                }
                if index == 0, rules.leadingPreviousDay, rules.broadcastDayStart == nil,
                   case .clock(let next, let nextHeader)? = slots.dropFirst().first?.start,
                   nextHeader == header, next < seconds {
                    offset = -1
                    dayOffset = 0
                    previousClock = nil
                } else {
                    dayOffset = offset
                    previousClock = seconds + offset * 86_400
                }
                instant = zone.instant(LocalDateTime(day: base.advanced(by: offset), secondOfDay: seconds), notBefore: previous)
            }
            starts.append(instant)
            previous = instant
        }
        return starts
    }

    private static func resolveStop(_ stop: ScheduleTime, start: Timestamp, zone: ZoneConverter) -> Timestamp {
        switch stop {
        case .instant(let value):
            return value
        case .local(let local):
            return zone.instant(local, notBefore: start)
        case .clock(let seconds, let header):
            let startLocal = zone.local(start)
            var day = header ?? startLocal.day
            if header == nil, seconds <= startLocal.secondOfDay { day = day.advanced(by: 1) }
            return zone.instant(LocalDateTime(day: day, secondOfDay: seconds), notBefore: start)
        }
    }
}
