import CarteleraFetch
import CarteleraMarkup
import CarteleraModel

/// How many rows, or rows with a value, one selector of a definition found on one page.
public struct SelectorMatch: Codable, Hashable, Sendable {
    /// The page the selector ran on.
    public var url: String
    /// The definition key the selector is at, such as `schedule.rows` or `schedule.fields.title`.
    public var key: String
    /// Rows matched (for `rows`), or rows where the field found a value.
    public var matched: Int
    /// The field's first value, for fields.
    public var example: String?
}

/// One date header of a multi-day page: what it says, the day it was read as, and the rows under it.
public struct DaySection: Codable, Hashable, Sendable {
    /// The page the header is on.
    public var url: String
    /// The header's text, after the `day_header` transforms.
    public var header: String
    /// The day it names (`yyyy-MM-dd`), or nil when it does not read with the format.
    public var day: String?
    /// The rows under it, up to the next header.
    public var rows: Int
    /// Whether it is the day asked for, whose rows are read.
    public var asked: Bool
}

/// What the definition debugger found on one page.
public struct PageInspection: Sendable {
    /// What each selector matched.
    public var matches: [SelectorMatch] = []
    /// The page's day sections, for a definition with `day_header`.
    public var sections: [DaySection] = []
    /// Selectors that could not run, and the warnings of reading the page.
    public var problems: [String] = []
}

extension CompiledDefinition {
    /// What each selector of the definition finds on one fetched page (a detail page when `label` says so), for the definition debugger.
    public func inspect(_ response: FetchResponse, label: String?, channel: ChannelEntry?, day: Day, today: Day) -> PageInspection {
        let values = placeholders(day: day, channel: channel, page: nil, today: today)
        var page = PageInspection()
        var warnings: [String] = []
        let reader = FieldReader(baseURL: response.url, values: values)
        func found(_ key: String, _ matched: Int, _ example: String? = nil) {
            page.matches.append(SelectorMatch(url: response.url, key: key, matched: matched, example: example))
        }
        /// Each field: in how many rows it found a value, and the first.
        func fields(_ table: CompiledTable, _ key: String, _ read: [[String: [String]]]) {
            for name in table.fields.keys.sorted() {
                let values = read.compactMap { $0[name] }
                found("\(key).fields.\(name)", values.count, values.first?.first)
            }
        }
        for (key, table) in section.inspectedTables(label: label) {
            do {
                var markup = response
                if let location = table.json {
                    let root = try JSONInput.read(location, response: response, definition: self, warnings: &warnings)
                    found("\(key).json", root == nil ? 0 : 1)
                    guard let root else { continue }
                    if let html = table.html {
                        // Markup inside the JSON: read as the page the rows' selectors run on.
                        let texts = try html.path(values).values(root: root, row: root).flatMap(JSONInput.texts)
                        found("\(key).html", texts.count)
                        markup = FetchResponse(url: response.url, status: response.status, headers: ["content-type": "text/html; charset=utf-8"], body: Array(texts.joined(separator: "\n").utf8))
                    } else {
                        let rows = try table.jsonRows.map { try $0.path(values).values(root: root, row: root) } ?? [root]
                        if table.jsonRows != nil { found("\(key).rows", rows.count) }
                        fields(table, key, try rows.map { try reader.row(table, json: root, row: $0) })
                        continue
                    }
                }
                let document = try self.document(from: markup, xml: format == .xml && table.html == nil, warnings: &warnings)
                guard let root = document.root else { continue }
                var rows = [root]
                if let grid = table.grid {
                    found("\(key).grid.table", try grid.table.select(from: root, values: values).count)
                    rows = try GridReader(grid: grid).cells(in: root, day: day, values: values).map(\.node)
                    found("\(key).grid.cells", rows.count)
                } else if let selector = table.rows {
                    rows = try selector.select(from: root, values: values)
                    found("\(key).rows", rows.count)
                }
                if let header = table.dayHeader {
                    let headers = try DayHeaders.headers(in: root, header: header, reader: reader, asked: day, today: today)
                    found("\(key).day_header", headers.count, headers.first?.text)
                    let days = DayHeaders.days(of: rows, headers: headers)
                    for (index, entry) in headers.enumerated() {
                        // The rows after this header and before the next one.
                        let under = rows.filter { row in
                            entry.node.precedes(row) && (index + 1 == headers.count || !headers[index + 1].node.precedes(row))
                        }.count
                        page.sections.append(DaySection(url: response.url, header: entry.text, day: entry.day?.description, rows: under, asked: entry.day == day))
                    }
                    // Fields are shown for the rows that are read: those of the day asked for.
                    rows = zip(rows, days).filter { $0.1 == day }.map(\.0)
                }
                fields(table, key, try rows.map { try reader.row(table, node: $0) })
            } catch {
                page.problems.append("\(source): \(response.url): \(key): \(error)")
            }
        }
        page.problems += warnings
        return page
    }
}
