import CarteleraMarkup
import CarteleraModel

/// The date headers of a multi-day page: the day each header names, and which day each row falls under.
///
/// A header names its day with a date ("Viernes 20 noviembre"), a word for a day relative to today ("Hoy",
/// "Mañana", "Tomorrow"), or a weekday alone ("Jueves"). Sections run forward in page order, so a weekday alone
/// names the first such day after the header before it (or the last before the header after it). When no header
/// names a date or a relative day, the page is taken to cover the day asked for: the header of that weekday is that
/// day (of several, the one that puts the first section nearest today), and the others follow from it.
enum DayHeaders {
    /// One header of the page.
    struct Header {
        let node: Node
        /// Its text after the field's transforms.
        let text: String
        /// The day it names, or nil when its text does not read with the format.
        var day: Day?
    }

    /// What a header's text says.
    private enum Reading {
        case day(Day), weekday(Int), unreadable
    }

    /// Every header on the page, in page order, with the day it names.
    static func headers(in root: Node, header: CompiledField, reader: FieldReader, asked: Day, today: Day) throws -> [Header] {
        guard let format = header.format else { return [] }
        var nodes: [Node] = []
        for finder in header.finders {
            guard case .nodes(let selector) = finder else { continue }
            nodes += try selector.select(from: root, values: reader.values)
        }
        // Several selectors: their headers in page order.
        if header.finders.count > 1 { nodes.sort { $0.precedes($1) } }
        var headers: [Header] = []
        var readings: [Reading] = []
        for node in nodes {
            let text = reader.transform(try reader.texts(of: [node], header), header).first ?? ""
            var reading = Reading.unreadable
            if let parts = format.parse(text) {
                if let day = ScheduleScraper.day(from: parts, near: asked) {
                    reading = .day(day)
                } else if let offset = parts.relativeDay {
                    reading = .day(today.advanced(by: offset))
                } else if let weekday = parts.weekday {
                    reading = .weekday(weekday)
                }
            }
            readings.append(reading)
            headers.append(Header(node: node, text: text, day: nil))
        }
        let days = place(readings, asked: asked, today: today)
        for index in headers.indices { headers[index].day = days[index] }
        return headers
    }

    /// For each row (in document order), the day of the last header before it; nil before the first header or under an unreadable one.
    static func days(of rows: [Node], headers: [Header]) -> [Day?] {
        var result: [Day?] = []
        result.reserveCapacity(rows.count)
        var next = 0
        var current: Day?
        for row in rows {
            while next < headers.count, headers[next].node.precedes(row) {
                current = headers[next].day
                next += 1
            }
            result.append(current)
        }
        return result
    }

    /// The days of the headers: dated ones as read, weekdays placed from their neighbours.
    private static func place(_ readings: [Reading], asked: Day, today: Day) -> [Day?] {
        var days: [Day?] = readings.map { if case .day(let day) = $0 { day } else { nil } }
        if days.contains(where: { $0 != nil }) {
            fill(&days, readings)
            return days
        }
        let weekdays = readings.enumerated().compactMap { index, reading -> (Int, Int)? in
            if case .weekday(let weekday) = reading { (index, weekday) } else { nil }
        }
        guard let first = weekdays.first else { return days }
        // The page covers the day asked for: try each header of its weekday, keep the placing whose first section is nearest today.
        var best: [Day?]?
        for (index, weekday) in weekdays where weekday == asked.isoWeekday {
            var candidate: [Day?] = readings.map { _ in nil }
            candidate[index] = asked
            fill(&candidate, readings)
            guard let start = candidate[first.0] else { continue }
            if let current = best?[first.0], abs(current.distance(to: today)) <= abs(start.distance(to: today)) { continue }
            best = candidate
        }
        if let best { return best }
        // The day asked for is not on the page: place the first header nearest today, for the debugger.
        var nearest = today
        for offset in [0, 1, -1, 2, -2, 3, -3] where today.advanced(by: offset).isoWeekday == first.1 {
            nearest = today.advanced(by: offset)
            break
        }
        days[first.0] = nearest
        fill(&days, readings)
        return days
    }

    /// Places every weekday header after a placed one (the first such day after it), then those before the first placed one.
    private static func fill(_ days: inout [Day?], _ readings: [Reading]) {
        var previous: Day?
        for index in days.indices {
            if let day = days[index] {
                previous = day
            } else if case .weekday(let weekday) = readings[index], let before = previous {
                let day = before.advanced(by: (weekday - before.isoWeekday + 6) % 7 + 1)
                days[index] = day
                previous = day
            }
        }
        var following: Day?
        for index in days.indices.reversed() {
            if let day = days[index] {
                following = day
            } else if case .weekday(let weekday) = readings[index], let after = following {
                let day = after.advanced(by: -((after.isoWeekday - weekday + 6) % 7 + 1))
                days[index] = day
                following = day
            }
        }
    }
}
