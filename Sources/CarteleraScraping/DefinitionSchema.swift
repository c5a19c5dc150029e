import Yams

/// The keys a definition file may use, so a misspelt key is an error and not silently ignored.
///
/// Each part of a definition derives its schema from its own coding keys (`DefinitionKeys`); a definition's schema
/// is its common keys plus the keys of its kind.
indirect enum DefinitionSchema: Sendable {
    case scalar
    case map([String: DefinitionSchema])
    case dictionary(DefinitionSchema)
    case list(DefinitionSchema)
    case scalarOrMap([String: DefinitionSchema])
    /// One value, or a list of them (alternatives tried in order).
    case scalarOrList
    case any

    /// The schema of a whole definition of one kind: the common keys and that kind's own.
    static func site(kind: any KindSection.Type) -> DefinitionSchema {
        .map(SiteDefinition.keySchemas.merging(kind.writtenKeys) { common, _ in common })
    }

    /// The first key that does not belong, as "path: message".
    func check(_ node: Node, path: String = "") -> (path: String, message: String)? {
        switch (self, node) {
        case (.any, _), (.scalar, .scalar):
            return nil
        case (.scalar, _):
            return (path, "expected a single value")
        case (.scalarOrMap, .scalar), (.scalarOrList, .scalar):
            return nil
        case (.scalarOrList, .sequence(let sequence)):
            for (index, value) in sequence.enumerated() where value.scalar == nil { return ("\(path)[\(index)]", "expected a single value") }
            return sequence.isEmpty ? (path, "expected a value or a non-empty list") : nil
        case (.scalarOrList, _):
            return (path, "expected a value or a list of values")
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

/// A part of a definition as written, whose allowed keys are its coding keys: a key added to the type is a key the
/// schema accepts, with nothing to repeat by hand.
protocol DefinitionKeys: Decodable {
    associatedtype CodingKeys: CodingKey & CaseIterable & Hashable
    /// The schema of each key whose value is not a single value (a map, a list, a field); the others are scalars.
    static var nestedKeys: [CodingKeys: DefinitionSchema] { get }
    /// Whether a single value may stand for the whole part (a field written as its CSS selector).
    static var acceptsScalar: Bool { get }
}

extension DefinitionKeys {
    static var nestedKeys: [CodingKeys: DefinitionSchema] { [:] }
    static var acceptsScalar: Bool { false }

    /// Every key of the part with its schema.
    static var keySchemas: [String: DefinitionSchema] {
        Dictionary(uniqueKeysWithValues: CodingKeys.allCases.map { ($0.stringValue, nestedKeys[$0] ?? .scalar) })
    }

    /// The part's schema.
    static var schema: DefinitionSchema { acceptsScalar ? .scalarOrMap(keySchemas) : .map(keySchemas) }
}
