/// Where a page's programmes are and how to read them.
public struct ScheduleSpec: Codable, Sendable, DefinitionKeys {
    /// The repeated element, one per programme (CSS, or `{xpath: …}`).
    public var rows: SelectorSpec?
    /// A week table with rowspans, read column by column.
    public var grid: GridSpec?
    /// The fields read for each programme, by name; `title` is required.
    public var fields: [String: FieldSpec]
    /// Where the page's JSON is, when programmes are read from JSON: then `rows` and the fields' selectors are JSONPaths.
    public var json: JSONLocation?
    /// A multi-day page's date headers: each row belongs to the header before it, and only the day asked for is kept.
    public var dayHeader: FieldSpec?
    /// With `json`, a JSONPath to an HTML text inside it (an AJAX answer's markup): rows and fields are then CSS or XPath in that markup.
    public var html: String?
    /// A field whose value names a programme: a row whose value was seen before is the same programme, listed again (answers that overlap).
    public var unique: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case rows, grid, fields, json, html, unique
        case dayHeader = "day_header"
    }

    static var nestedKeys: [CodingKeys: DefinitionSchema] {
        [.rows: SelectorSpec.schema, .grid: GridSpec.schema, .fields: .dictionary(FieldSpec.schema), .json: JSONLocation.schema, .dayHeader: FieldSpec.schema]
    }
}

/// A table whose columns are days and whose cells span rows by their length.
public struct GridSpec: Codable, Sendable, DefinitionKeys {
    /// The table element (CSS, or `{xpath: …}`).
    public var table: SelectorSpec
    /// 1-based row holding the day headers.
    public var headerRow: Int?
    /// 1-based column holding the slot times.
    public var timeColumn: Int?
    /// How a header cell names its day, such as `EEEE d MMMM`.
    public var dayFormat: String
    /// How to read the slot time from the time cell (its text when absent), for cleaning up irregular labels.
    public var time: FieldSpec?
    /// One item per labelled slot row, a spanning cell repeated in each (pages whose slots are the programmes).
    public var slots: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case table, time, slots
        case headerRow = "header_row"
        case timeColumn = "time_column"
        case dayFormat = "day_format"
    }

    static var nestedKeys: [CodingKeys: DefinitionSchema] { [.table: SelectorSpec.schema, .time: FieldSpec.schema] }
}

/// A follow-up request per programme for its detail page.
public struct DetailSpec: Codable, Sendable, DefinitionKeys {
    /// URL template; `{field.name}` takes a listing field's value.
    public var url: String
    /// The HTTP method; GET, or POST when there is a form.
    public var method: String?
    /// Form fields sent url-encoded in the body (values take placeholders).
    public var form: [String: String]?
    /// A raw body, such as JSON (takes placeholders).
    public var body: String?
    /// Extra request headers (values take placeholders).
    public var headers: [String: String]?
    /// The fields read from the detail page, by name.
    public var fields: [String: FieldSpec]
    /// Where the detail response's JSON is, when its fields are JSONPaths.
    public var json: JSONLocation?

    enum CodingKeys: String, CodingKey, CaseIterable { case url, method, form, body, headers, fields, json }

    static var nestedKeys: [CodingKeys: DefinitionSchema] {
        [.form: .dictionary(.scalar), .headers: .dictionary(.scalar), .fields: .dictionary(FieldSpec.schema), .json: JSONLocation.schema]
    }
}
