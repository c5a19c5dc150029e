extension CompiledDefinition {
    /// The definition with every `{expr.NAME}` replaced by its `expressions:` text; an unknown name is an error at its key path.
    static func expandingExpressions(_ written: SiteDefinition, fail: (String, String) -> DefinitionError) throws(DefinitionError) -> SiteDefinition {
        let names = written.expressions ?? [:]
        var definition = written
        for (name, text) in names where text.contains("{expr.") {
            throw fail("expressions.\(name)", "an expression cannot use another one")
        }
        func expand(_ text: String?, _ keyPath: String) throws(DefinitionError) -> String? {
            guard var result = text, result.contains("{expr.") else { return text }
            while let open = result.range(of: "{expr.") {
                guard let close = result[open.upperBound...].firstIndex(of: "}") else { throw fail(keyPath, "unclosed {expr.") }
                let name = String(result[open.upperBound..<close])
                guard let value = names[name] else {
                    throw fail(keyPath, "unknown expression {expr.\(name)} (defined: \(names.keys.sorted().joined(separator: ", ")))")
                }
                result.replaceSubrange(open.lowerBound...close, with: value)
            }
            return result
        }
        func field(_ spec: FieldSpec, _ keyPath: String) throws(DefinitionError) -> FieldSpec {
            var spec = spec
            spec.select = try expand(spec.select, "\(keyPath).select")
            spec.xpath = try expand(spec.xpath, "\(keyPath).xpath")
            spec.path = try expand(spec.path, "\(keyPath).path")
            spec.regex = try expand(spec.regex, "\(keyPath).regex")
            return spec
        }
        func fields(_ specs: [String: FieldSpec], _ keyPath: String) throws(DefinitionError) -> [String: FieldSpec] {
            var result: [String: FieldSpec] = [:]
            for (name, spec) in specs { result[name] = try field(spec, "\(keyPath).\(name)") }
            return result
        }
        func selector(_ spec: SelectorSpec, _ keyPath: String) throws(DefinitionError) -> SelectorSpec {
            switch spec {
            case .css(let css): return .css(try expand(css, keyPath) ?? css)
            case .xpath(let xpath): return .xpath(try expand(xpath, keyPath) ?? xpath)
            }
        }
        if var schedule = definition.schedule {
            schedule.fields = try fields(schedule.fields, "schedule.fields")
            if let rows = schedule.rows { schedule.rows = try selector(rows, "schedule.rows") }
            if let header = schedule.dayHeader { schedule.dayHeader = try field(header, "schedule.day_header") }
            if var grid = schedule.grid {
                grid.table = try selector(grid.table, "schedule.grid.table")
                if let time = grid.time { grid.time = try field(time, "schedule.grid.time") }
                schedule.grid = grid
            }
            definition.schedule = schedule
        }
        if var detail = definition.detail {
            detail.fields = try fields(detail.fields, "detail.fields")
            definition.detail = detail
        }
        for (key, path) in [("audiences", \SiteDefinition.audiences), ("shares", \SiteDefinition.shares), ("news", \SiteDefinition.news)] {
            guard var table = definition[keyPath: path] else { continue }
            table.rows = try selector(table.rows, "\(key).rows")
            table.fields = try fields(table.fields, "\(key).fields")
            definition[keyPath: path] = table
        }
        for (key, path) in [("venues", \SiteDefinition.venues), ("nights", \SiteDefinition.nights), ("promotions", \SiteDefinition.promotions)] {
            guard var table = definition[keyPath: path] else { continue }
            table.rows = try selector(table.rows, "\(key).rows")
            table.fields = try fields(table.fields, "\(key).fields")
            definition[keyPath: path] = table
        }
        return definition
    }
}
