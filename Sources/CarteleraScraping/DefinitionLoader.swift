import CarteleraModel
import Foundation
import Yams

/// Reads source definitions from `Scrapers/<id>/source.yaml`.
public enum DefinitionLoader {
    /// The definition file's name inside a source folder.
    public static let fileName = "source.yaml"

    /// The ids of every folder under `directory` that holds a definition, sorted.
    public static func sourceIDs(in directory: String) -> [SourceID] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let sources = names.filter { FileManager.default.fileExists(atPath: "\(directory)/\($0)/\(fileName)") }
        return sources.sorted().map { SourceID($0) }
    }

    /// Loads and validates one source's definition.
    public static func load(_ id: SourceID, from directory: String) throws(DefinitionError) -> CompiledDefinition {
        let folder = "\(directory)/\(id.rawValue)"
        let file = "\(folder)/\(fileName)"
        let relative = "\(id.rawValue)/\(fileName)"
        guard let data = FileManager.default.contents(atPath: file) else {
            throw DefinitionError(source: id, file: relative, message: "no definition file at \(file)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DefinitionError(source: id, file: relative, message: "the file is not UTF-8 text")
        }
        return try parse(text, source: id, directory: folder, file: relative)
    }

    /// Parses and validates definition text.
    public static func parse(_ text: String, source: SourceID, directory: String, file: String) throws(DefinitionError) -> CompiledDefinition {
        let node: Node
        do {
            guard let parsed = try Yams.compose(yaml: text) else {
                throw DefinitionError(source: source, file: file, message: "the file is empty")
            }
            node = parsed
        } catch let error as DefinitionError {
            throw error
        } catch {
            throw DefinitionError(source: source, file: file, message: "not valid YAML: \(error)")
        }
        func fail(_ keyPath: String, _ message: String) -> DefinitionError {
            DefinitionError(source: source, file: file, keyPath: keyPath, message: message)
        }
        guard case .mapping(let top) = node else { throw fail("", "expected a mapping of keys to values") }
        guard let kindNode = top["kind"] else { throw fail("kind", "missing required key \"kind\" (one of \(SourceKinds.names.joined(separator: ", ")))") }
        guard let kindName = kindNode.string, let kind = SourceKinds.named(kindName) else {
            throw fail("kind", "unknown kind \"\(kindNode.string ?? "")\" (one of \(SourceKinds.names.joined(separator: ", ")))")
        }
        if let problem = DefinitionSchema.site(kind: kind).check(node) {
            throw fail(problem.path, problem.message)
        }
        let expanded = try CompiledDefinition.expandingExpressions(in: node, fail: fail)
        let definition = try decode(SiteDefinition.self, from: expanded, source: source, file: file)
        return try CompiledDefinition.compile(definition, source: source, directory: directory, file: file) { context throws(DefinitionError) in
            try compileSection(kind, from: expanded, context: context)
        }
    }

    /// The kind's own keys decoded from the definition and compiled.
    private static func compileSection<Kind: KindSection>(_ kind: Kind.Type, from node: Node, context: DefinitionContext) throws(DefinitionError) -> any KindSection {
        try Kind.compile(try decode(Kind.Written.self, from: node, source: context.source, file: context.file), in: context)
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, from node: Node, source: SourceID, file: String) throws(DefinitionError) -> Value {
        do {
            return try YAMLDecoder().decode(Value.self, from: node)
        } catch let error as DecodingError {
            let (path, message) = describe(error)
            throw DefinitionError(source: source, file: file, keyPath: path, message: message)
        } catch {
            throw DefinitionError(source: source, file: file, message: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> (String, String) {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "missing required key \"\(key.stringValue)\"")
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(type)")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "expected \(type), found nothing")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(error)")
        }
    }
}
