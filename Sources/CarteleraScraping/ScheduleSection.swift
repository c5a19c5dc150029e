import CarteleraFetch
import CarteleraModel

extension SourceKind {
    /// TV schedule pages (HTML, XML or JSON), read by selectors: one or more pages per channel and day.
    public static let tvSchedule = ScheduleSection.kind
}

/// A `tv-schedule` definition's section: the programme rows (or a grid), their fields and the detail request.
struct ScheduleSection: KindSection {
    /// The keys only a tv-schedule definition has.
    struct Written: DefinitionKeys {
        var schedule: ScheduleSpec?
        var detail: DetailSpec?

        enum CodingKeys: String, CodingKey, CaseIterable { case schedule, detail }

        static var nestedKeys: [CodingKeys: DefinitionSchema] { [.schedule: ScheduleSpec.schema, .detail: DetailSpec.schema] }
    }

    static let kind = SourceKind(rawValue: "tv-schedule")

    /// The rows and their fields (for a grid, only the fields).
    let schedule: CompiledTable
    /// A day-column grid, instead of rows.
    let grid: CompiledGrid?
    /// A follow-up request per programme.
    let detail: CompiledDetail?

    func scraper(for definition: CompiledDefinition) -> any Scraper { ScheduleScraper(definition: definition, section: self) }

    /// The day's pages (`{page}` runs from `first_page` over `pages`), then each of `request.urls`.
    func listingRequests(of definition: CompiledDefinition, channel: ChannelEntry?, day: Day, today: Day?) -> [FetchRequest] {
        definition.scheduleRequestsWithValues(channel: channel, day: day, today: today, session: [:]).map(\.request)
    }

    func inspectedTables(label: String?) -> [(key: String, table: CompiledTable)] {
        if let detail, label?.hasPrefix("detail") == true {
            return [("detail", CompiledTable(rows: nil, fields: detail.fields, order: detail.order, json: detail.json))]
        }
        var table = schedule
        table.grid = grid
        return [("schedule", table)]
    }

    static func compile(_ written: Written, in context: DefinitionContext) throws(DefinitionError) -> ScheduleSection {
        let fail = context.error
        let probe = context.probe
        if context.channels.isEmpty { throw fail("channels", "a tv-schedule source lists at least one channel") }
        guard let spec = written.schedule else { throw fail("schedule", "a tv-schedule source needs a schedule section") }
        if spec.html != nil, spec.json == nil { throw fail("schedule.html", "html names markup inside JSON: add json: page (or jsonp, {script: CSS}, {variable: NAME})") }
        // With `html`, the JSON only carries markup: rows and fields read that markup.
        let readsJSON = spec.json != nil && spec.html == nil
        let fields = try CompiledDefinition.compileFields(spec.fields, keyPath: "schedule.fields", json: readsJSON, probe: probe, fail: fail)
        let order = try CompiledDefinition.fieldOrder(spec.fields, keyPath: "schedule.fields", fail: fail)
        try CompiledDefinition.checkFieldNames(written, fail: fail)
        var schedule = CompiledTable(rows: nil, fields: fields, order: order)
        var grid: CompiledGrid?
        if let gridSpec = spec.grid {
            grid = try compileGrid(gridSpec, probe: probe, fail: fail)
        } else {
            guard let rows = spec.rows else { throw fail("schedule.rows", "say which element is one programme (rows) or describe a grid") }
            guard fields["start"] != nil || written.detail != nil else { throw fail("schedule.fields.start", "a schedule needs a start field") }
            if let json = spec.json, readsJSON {
                try CompiledDefinition.validate(json, keyPath: "schedule.json", fail: fail)
                if spec.dayHeader != nil { throw fail("schedule.day_header", "date headers are HTML elements: with json, give each row's date as a field") }
                guard case .css(let text) = rows else { throw fail("schedule.rows", "with json, rows is a JSONPath such as $.shows[*]") }
                schedule = CompiledTable(rows: nil, fields: fields, order: order, json: json, jsonRows: try CompiledDefinition.compileJSONPath(text, keyPath: "schedule.rows", fail: fail))
            } else {
                schedule = CompiledTable(rows: try CompiledDefinition.compileSelector(rows, keyPath: "schedule.rows", probe: probe, fail: fail), fields: fields, order: order)
                if let json = spec.json, let html = spec.html {
                    try CompiledDefinition.validate(json, keyPath: "schedule.json", fail: fail)
                    schedule.json = json
                    schedule.html = try CompiledDefinition.compileJSONPath(html, keyPath: "schedule.html", fail: fail)
                }
                if let header = spec.dayHeader {
                    guard header.format != nil else { throw fail("schedule.day_header.format", "say how a header names its day, such as \"EEEE d MMMM\"") }
                    guard header.select != nil || header.xpath != nil else { throw fail("schedule.day_header", "say which elements are the date headers (select or xpath)") }
                    let compiled = try CompiledDefinition.compileField(header, keyPath: "schedule.day_header", json: false, probe: probe, fail: fail)
                    if compiled.finders.contains(where: { if case .nodes = $0 { false } else { true } }) {
                        throw fail("schedule.day_header.xpath", "select the header elements; an expression such as string(…) selects none")
                    }
                    schedule.dayHeader = compiled
                }
            }
        }
        guard fields["title"] != nil else { throw fail("schedule.fields.title", "a schedule needs a title field") }
        if let unique = spec.unique {
            guard fields[unique] != nil else { throw fail("schedule.unique", "names no field: unique is the field whose repeated value marks a programme already read") }
            schedule.unique = unique
        }
        if context.common.rules?.lastStop == "duration", fields["duration"] == nil, written.detail?.fields["duration"] == nil {
            throw fail("rules.last_stop", "duration needs a duration field")
        }

        var detail: CompiledDetail?
        if let spec = written.detail {
            let sessionNames = Set((context.common.session ?? []).flatMap { $0.values.keys })
            let templates = [("detail.url", spec.url), ("detail.body", spec.body ?? "")]
                + (spec.form ?? [:]).sorted { $0.key < $1.key }.map { ("detail.form.\($0.key)", $0.value) }
                + (spec.headers ?? [:]).sorted { $0.key < $1.key }.map { ("detail.headers.\($0.key)", $0.value) }
            for (key, template) in templates {
                let unknown = PlaceholderValues.unknownNames(in: template, fieldNames: Set(fields.keys), sessionNames: sessionNames)
                if !unknown.isEmpty { throw fail(key, "unknown placeholder {\(unknown[0])}: a listing field of that name is needed") }
            }
            try CompiledDefinition.checkChannelParts(templates, channels: context.channels, fail: fail)
            if let json = spec.json { try CompiledDefinition.validate(json, keyPath: "detail.json", fail: fail) }
            detail = CompiledDetail(spec: spec, fields: try CompiledDefinition.compileFields(spec.fields, keyPath: "detail.fields", json: spec.json != nil, probe: probe, fail: fail),
                                    order: try CompiledDefinition.fieldOrder(spec.fields, keyPath: "detail.fields", fail: fail))
            if fields["start"] == nil, detail?.fields["start"] == nil {
                throw fail("schedule.fields.start", "a schedule needs a start field, in the listing or its detail")
            }
        }
        return ScheduleSection(schedule: schedule, grid: grid, detail: detail)
    }

    private static func compileGrid(_ spec: GridSpec, probe: PlaceholderValues, fail: (String, String) -> DefinitionError) throws(DefinitionError) -> CompiledGrid {
        for (value, key) in [(spec.headerRow, "header_row"), (spec.timeColumn, "time_column")] {
            guard let value, !CompiledDefinition.gridPositions.contains(value) else { continue }
            let what = key == "header_row" ? "a row number" : "a column number"
            throw fail("schedule.grid.\(key)", "expected \(what) from \(CompiledDefinition.gridPositions.lowerBound) to \(CompiledDefinition.gridPositions.upperBound), not \(value)")
        }
        let dayFormat: DateTimeFormat
        do { dayFormat = try DateTimeFormat(spec.dayFormat) } catch { throw fail("schedule.grid.day_format", error.description) }
        var time: CompiledField?
        if let timeSpec = spec.time { time = try CompiledDefinition.compileFields(["time": timeSpec], keyPath: "schedule.grid", fail: fail)["time"] }
        return CompiledGrid(
            table: try CompiledDefinition.compileSelector(spec.table, keyPath: "schedule.grid.table", probe: probe, fail: fail),
            headerRow: spec.headerRow ?? 1, timeColumn: spec.timeColumn ?? 1, dayFormat: dayFormat, time: time, slots: spec.slots ?? false)
    }
}

/// A day-column grid with rowspans.
struct CompiledGrid: Sendable {
    let table: CompiledSelector
    let headerRow: Int
    let timeColumn: Int
    let dayFormat: DateTimeFormat
    let time: CompiledField?
    let slots: Bool
}

/// A follow-up request per item.
struct CompiledDetail: Sendable {
    let spec: DetailSpec
    let fields: [String: CompiledField]
    /// The fields in the order they are read.
    var order: [String]
    /// Where the detail response's JSON is, for fields read from JSON.
    var json: JSONLocation? { spec.json }
}
