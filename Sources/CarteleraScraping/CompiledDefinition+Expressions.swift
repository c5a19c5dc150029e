import Yams

extension CompiledDefinition {
    /// The definition with every `{expr.NAME}` in a value replaced by its `expressions:` text, wherever it is, so every
    /// kind's keys take expressions without naming them; an unknown name is an error at its key path.
    static func expandingExpressions(in node: Node, fail: (String, String) -> DefinitionError) throws(DefinitionError) -> Node {
        guard case .mapping(let top) = node, let declared = top["expressions"]?.mapping else { return node }
        var names: [String: String] = [:]
        for (key, value) in declared {
            guard let name = key.string, let text = value.string else { continue }
            if text.contains("{expr.") { throw fail("expressions.\(name)", "an expression cannot use another one") }
            names[name] = text
        }
        func expand(_ text: String, _ keyPath: String) throws(DefinitionError) -> String {
            var result = text
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
        func walk(_ node: Node, _ keyPath: String) throws(DefinitionError) -> Node {
            switch node {
            case .scalar(var scalar):
                guard scalar.string.contains("{expr.") else { return node }
                scalar.string = try expand(scalar.string, keyPath)
                return .scalar(scalar)
            case .mapping(var mapping):
                for index in mapping.indices {
                    let (key, value) = mapping[index]
                    let name = key.string ?? "?"
                    if keyPath.isEmpty, name == "expressions" { continue }
                    mapping[index] = (key, try walk(value, keyPath.isEmpty ? name : "\(keyPath).\(name)"))
                }
                return .mapping(mapping)
            case .sequence(var sequence):
                for index in sequence.indices { sequence[index] = try walk(sequence[index], "\(keyPath)[\(index)]") }
                return .sequence(sequence)
            case .alias:
                return node
            }
        }
        return try walk(node, "")
    }
}
