import Yams

/// The keys a definition file may use, so a misspelt key is an error and not silently ignored.
indirect enum DefinitionSchema: Sendable {
    case scalar
    case map([String: DefinitionSchema])
    case dictionary(DefinitionSchema)
    case list(DefinitionSchema)
    case scalarOrMap([String: DefinitionSchema])
    case any

    static let field: DefinitionSchema = .scalarOrMap(Dictionary(uniqueKeysWithValues: FieldSpec.CodingKeys.allCases.map {
        ($0.stringValue, $0 == .replace ? DefinitionSchema.list(.list(.scalar)) : .scalar)
    }))
    static let selector: DefinitionSchema = .scalarOrMap(["css": .scalar, "xpath": .scalar])
    static let jsonLocation: DefinitionSchema = .scalarOrMap(["script": .scalar, "variable": .scalar])
    static let table: DefinitionSchema = .map(["rows": selector, "fields": .dictionary(field)])
    static let clubTable: DefinitionSchema = .map(["url": .scalar, "pages": .scalar, "rows": selector, "fields": .dictionary(field)])

    static let site: DefinitionSchema = .map([
        "kind": .scalar, "name": .scalar, "site": .scalar, "timezone": .scalar, "encoding": .scalar, "format": .scalar, "body_replace": .list(.list(.scalar)),
        "request": .map(["url": .scalar, "method": .scalar, "form": .dictionary(.scalar), "body": .scalar,
                         "headers": .dictionary(.scalar), "pages": .scalar, "first_page": .scalar,
                         "urls": .list(.scalar)]),
        "channels": .list(.map(["id": .scalar, "site_id": .scalar, "name": .scalar, "logo": .scalar, "lang": .scalar])),
        "schedule": .map(["rows": selector, "fields": .dictionary(field), "json": jsonLocation, "day_header": field, "html": .scalar, "unique": .scalar,
                          "grid": .map(["table": selector, "header_row": .scalar, "time_column": .scalar, "day_format": .scalar, "time": field, "slots": .scalar])]),
        "audiences": table, "shares": table, "news": table,
        "channel_names": .dictionary(.scalar),
        "rules": .map(["rollover": .scalar, "leading_previous_day": .scalar, "day_starts_at": .scalar, "stop": .scalar, "default_duration": .scalar,
                       "order": .scalar, "last_stop": .scalar]),
        "day_zone": .scalar, "expressions": .dictionary(.scalar),
        "detail": .map(["url": .scalar, "method": .scalar, "form": .dictionary(.scalar), "body": .scalar, "headers": .dictionary(.scalar), "fields": .dictionary(field), "json": jsonLocation]),
        "session": .map(["url": .scalar, "method": .scalar, "form": .dictionary(.scalar), "body": .scalar, "headers": .dictionary(.scalar), "values": .dictionary(.scalar)]),
        "sanity": .map(["fraction": .scalar, "minimum": .scalar]),
        "fetch": .map(["delay": .scalar, "concurrency": .scalar, "timeout": .scalar, "max_body_bytes": .scalar, "robots": .scalar]),
        "days": .scalar, "keep": .scalar, "rating_system": .scalar,
        "city": .scalar, "currency": .scalar, "country": .scalar, "venues": clubTable, "nights": clubTable, "promotions": clubTable,
    ])

    /// The first key that does not belong, as "path: message".
    func check(_ node: Node, path: String = "") -> (path: String, message: String)? {
        switch (self, node) {
        case (.any, _), (.scalar, .scalar):
            return nil
        case (.scalar, _):
            return (path, "expected a single value")
        case (.scalarOrMap, .scalar):
            return nil
        case (.map(let keys), .mapping(let mapping)), (.scalarOrMap(let keys), .mapping(let mapping)):
            for (key, value) in mapping {
                let name = key.string ?? "?"
                let childPath = path.isEmpty ? name : "\(path).\(name)"
                guard let child = keys[name] else {
                    return (childPath, "unknown key \"\(name)\" (known here: \(keys.keys.sorted().joined(separator: ", ")))")
                }
                if let problem = child.check(value, path: childPath) { return problem }
            }
            return nil
        case (.dictionary(let element), .mapping(let mapping)):
            for (key, value) in mapping {
                if let problem = element.check(value, path: "\(path).\(key.string ?? "?")") { return problem }
            }
            return nil
        case (.list(let element), .sequence(let sequence)):
            for (index, value) in sequence.enumerated() {
                if let problem = element.check(value, path: "\(path)[\(index)]") { return problem }
            }
            return nil
        case (.list, _):
            return (path, "expected a list")
        default:
            return (path, "expected a mapping of keys to values")
        }
    }
}
