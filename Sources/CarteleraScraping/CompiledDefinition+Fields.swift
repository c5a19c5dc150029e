import CarteleraModel
import Foundation

extension FieldSpec {
    /// Every text of the field that may name placeholders: its places to look, constant, default and replacements.
    var templates: [String] {
        (select ?? []) + (xpath ?? []) + (path ?? []) + [value, self.default].compactMap { $0 } + (replace ?? []).flatMap { $0 }
    }
}

extension CompiledDefinition {
    /// The placeholders a request template may use, for error messages.
    static let placeholderHelp = "use date[+N|-N][:FORMAT[@LANG]], time[+Nd|h|m|s…]:FORMAT, week.start:FORMAT, week.end:FORMAT, day.relative:WORDS, "
        + "day.offset, channel, channel.N, channel.id, channel.name, channel.lang, page, page:WORDS, session.NAME, "
        + "then |lower, |upper, |ascii, |json, |url or |add:N"

    /// The programme fields a schedule reads; any other field name must be used by another as `{field.NAME}` (or be
    /// `schedule.unique`), so a misspelt field is an error rather than a value silently read and dropped.
    static let programmeFields: Set<String> = [
        "title", "start", "stop", "duration", "date", "subtitle", "sub_title", "description", "category", "categories", "type",
        "year", "season", "episode", "image", "images", "url", "directors", "actors", "guests", "writers", "adapters", "producers",
        "composers", "editors", "presenters", "commentators", "keywords", "rating", "score", "country", "language",
    ]

    /// Refuses a listing or detail field that is neither a programme field nor used by another template.
    static func checkFieldNames(_ definition: ScheduleSection.Written, fail: (String, String) -> DefinitionError) throws(DefinitionError) {
        var used = Set<String>()
        func uses(_ template: String?) { PlaceholderValues.fieldNames(in: template ?? "").forEach { used.insert($0) } }
        func usesField(_ spec: FieldSpec) {
            spec.templates.forEach(uses)
        }
        definition.schedule?.fields.values.forEach(usesField)
        if let detail = definition.detail {
            detail.fields.values.forEach(usesField)
            [detail.url, detail.body].forEach(uses)
            (detail.form ?? [:]).values.forEach(uses)
            (detail.headers ?? [:]).values.forEach(uses)
        }
        if let unique = definition.schedule?.unique { used.insert(unique) }
        for (section, fields) in [("schedule.fields", definition.schedule?.fields), ("detail.fields", definition.detail?.fields)] {
            for name in (fields ?? [:]).keys.sorted() where !programmeFields.contains(name) && !used.contains(name) {
                throw fail("\(section).\(name)", "unknown field \"\(name)\": a programme has \(programmeFields.sorted().joined(separator: ", ")); "
                    + "a helper field must be used by another as {field.\(name)}")
            }
        }
    }

    /// The fields in reading order: each after the fields it names as `{field.NAME}`; a cycle is an error.
    static func fieldOrder(_ specs: [String: FieldSpec], keyPath: String, fail: (String, String) -> DefinitionError) throws(DefinitionError) -> [String] {
        var needs: [String: Set<String>] = [:]
        for (name, spec) in specs {
            needs[name] = Set(spec.templates.flatMap { PlaceholderValues.fieldNames(in: $0) }.filter { specs[$0] != nil })
        }
        var order: [String] = []
        var placed = Set<String>()
        var remaining = specs.keys.sorted()
        while !remaining.isEmpty {
            guard let next = remaining.first(where: { needs[$0, default: []].isSubset(of: placed) }) else {
                throw fail("\(keyPath).\(remaining[0])", "fields name each other in a circle ({field.…}): \(remaining.joined(separator: ", "))")
            }
            order.append(next)
            placed.insert(next)
            remaining.removeAll { $0 == next }
        }
        return order
    }

    /// `replace` pairs compiled; a pair with placeholders is checked as rendered with `probe` and compiled per row.
    static func compileReplacements(_ pairs: [[String]], keyPath: String, probe: PlaceholderValues, fail: (String, String) -> DefinitionError) throws(DefinitionError) -> [Replacement] {
        var replacements: [Replacement] = []
        for (index, pair) in pairs.enumerated() {
            guard pair.count == 2 else { throw fail("\(keyPath)[\(index)]", "expected [pattern, replacement]") }
            let named = PlaceholderValues.names(in: pair[0]) + PlaceholderValues.names(in: pair[1])
            if named.isEmpty {
                do { replacements.append(.fixed(try NSRegularExpression(pattern: pair[0]), pair[1])) } catch {
                    throw fail("\(keyPath)[\(index)]", "invalid pattern \"\(pair[0])\"")
                }
                continue
            }
            for template in pair {
                if let unknown = PlaceholderValues.unknownNames(in: template).first {
                    throw fail("\(keyPath)[\(index)]", "unknown placeholder {\(unknown)} (a regular expression's {2} or {2,5} needs no escaping; write {{ for a literal brace before a letter)")
                }
            }
            let rendered = probe.render(pair[0], escaping: NSRegularExpression.escapedPattern(for:))
            do { _ = try NSRegularExpression(pattern: rendered) } catch {
                throw fail("\(keyPath)[\(index)]", "invalid pattern \"\(pair[0])\" (as rendered: \"\(rendered)\")")
            }
            replacements.append(.template(pattern: pair[0], template: pair[1]))
        }
        return replacements
    }

    /// Placeholder values for a request or a row of this source: the day, channel and page, with its zones.
    func placeholders(day: Day?, channel: ChannelEntry?, page: Int?, today: Day?, session: [String: String] = [:]) -> PlaceholderValues {
        var values = PlaceholderValues(day: day, channel: channel, page: page)
        values.today = today
        values.session = session
        values.dayZone = dayZone
        values.clockZone = zone
        return values
    }
}
