import CarteleraMarkup
import CarteleraModel

/// The date headers of a multi-day page: which day each row falls under.
enum DayHeaders {
    /// For each row (in document order), the day named by the last header before it; nil before the first header or under an unreadable one.
    static func days(of rows: [Node], header: CompiledField, root: Node, reader: FieldReader, near day: Day) throws -> [Day?] {
        guard let selector = header.selector, let format = header.format else { return rows.map { _ in nil } }
        let headers = try selector.select(from: root, values: reader.values)
        var result: [Day?] = []
        result.reserveCapacity(rows.count)
        var next = 0
        var current: Day?
        for row in rows {
            while next < headers.count, headers[next].precedes(row) {
                let text = reader.transform([headers[next].text], header).first ?? ""
                current = format.parse(text).flatMap { ScheduleScraper.day(from: $0, near: day) }
                next += 1
            }
            result.append(current)
        }
        return result
    }
}
