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

extension CompiledDefinition {
    /// What each selector of the definition finds on one fetched page (a detail page when `label` says so), for the definition debugger.
    public func inspect(_ response: FetchResponse, label: String?, channel: ChannelEntry?, day: Day, today: Day) -> (matches: [SelectorMatch], problems: [String]) {
        let values = placeholders(day: day, channel: channel, page: nil, today: today)
        let tables = section.inspectedTables(label: label)
        var matches: [SelectorMatch] = []
        var problems: [String] = []
        var warnings: [String] = []
        let reader = FieldReader(baseURL: response.url, values: values)
        for (key, table) in tables {
            do {
                if let location = table.json, table.html == nil {
                    guard let root = try JSONInput.read(location, response: response, definition: self, warnings: &warnings) else { continue }
                    let rows = try table.jsonRows.map { try $0.path(values).values(root: root, row: root) } ?? [root]
                    if table.jsonRows != nil { matches.append(SelectorMatch(url: response.url, key: "\(key).rows", matched: rows.count)) }
                    let read = try rows.map { try reader.row(table, json: root, row: $0) }
                    for name in table.fields.keys.sorted() {
                        let found = read.compactMap { $0[name] }
                        matches.append(SelectorMatch(url: response.url, key: "\(key).fields.\(name)", matched: found.count, example: found.first?.first))
                    }
                    continue
                }
                var markup = response
                if let location = table.json, let html = table.html {
                    guard let root = try JSONInput.read(location, response: response, definition: self, warnings: &warnings) else { continue }
                    let texts = try html.path(values).values(root: root, row: root).flatMap(JSONInput.texts)
                    markup = FetchResponse(url: response.url, status: response.status, headers: ["content-type": "text/html; charset=utf-8"], body: Array(texts.joined(separator: "\n").utf8))
                }
                let document = try self.document(from: markup, xml: format == .xml && table.html == nil, warnings: &warnings)
                guard let root = document.root else { continue }
                let rows = try table.rows.map { try $0.select(from: root, values: values) } ?? [root]
                if table.rows != nil { matches.append(SelectorMatch(url: response.url, key: "\(key).rows", matched: rows.count)) }
                let read = try rows.map { try reader.row(table, node: $0) }
                for name in table.fields.keys.sorted() {
                    let found = read.compactMap { $0[name] }
                    matches.append(SelectorMatch(url: response.url, key: "\(key).fields.\(name)", matched: found.count, example: found.first?.first))
                }
            } catch {
                problems.append("\(source): \(response.url): \(key): \(error)")
            }
        }
        return (matches, problems + warnings)
    }
}
