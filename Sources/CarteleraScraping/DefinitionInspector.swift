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
        var values = PlaceholderValues(day: day, channel: channel, page: nil)
        values.today = today
        let tables = section.inspectedTables(label: label)
        var matches: [SelectorMatch] = []
        var problems: [String] = []
        var warnings: [String] = []
        let reader = FieldReader(baseURL: response.url, values: values)
        for (key, table) in tables {
            do {
                if let location = table.json {
                    guard let root = try JSONInput.read(location, response: response, definition: self, warnings: &warnings) else { continue }
                    let rows = try table.jsonRows.map { try $0.path(values).values(root: root, row: root) } ?? [root]
                    if table.jsonRows != nil { matches.append(SelectorMatch(url: response.url, key: "\(key).rows", matched: rows.count)) }
                    for (name, field) in table.fields.sorted(by: { $0.key < $1.key }) {
                        let found = try rows.map { try reader.values(field, json: root, row: $0) }.filter { !$0.isEmpty }
                        matches.append(SelectorMatch(url: response.url, key: "\(key).fields.\(name)", matched: found.count, example: found.first?.first))
                    }
                    continue
                }
                let document = try self.document(from: response, xml: format == .xml, warnings: &warnings)
                guard let root = document.root else { continue }
                let rows = try table.rows.map { try $0.select(from: root, values: values) } ?? [root]
                if table.rows != nil { matches.append(SelectorMatch(url: response.url, key: "\(key).rows", matched: rows.count)) }
                for (name, field) in table.fields.sorted(by: { $0.key < $1.key }) {
                    let found = try rows.map { try reader.values(field, in: $0) }.filter { !$0.isEmpty }
                    matches.append(SelectorMatch(url: response.url, key: "\(key).fields.\(name)", matched: found.count, example: found.first?.first))
                }
            } catch {
                problems.append("\(source): \(response.url): \(key): \(error)")
            }
        }
        return (matches, problems + warnings)
    }
}
