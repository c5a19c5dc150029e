import CarteleraMarkup
import CarteleraModel

/// A JSONPath compiled when the definition loads; one with placeholders is compiled per rendering.
struct CompiledJSONPath: Sendable {
    enum Form: Sendable { case fixed(JSONPath), template(String) }
    let form: Form

    /// The path for these placeholder values.
    func path(_ values: PlaceholderValues) throws(ScrapeMessage) -> JSONPath {
        switch form {
        case .fixed(let path): return path
        case .template(let template): return try JSONPath(values.render(template))
        }
    }
}

extension CompiledDefinition {
    /// A JSONPath checked with representative placeholder values.
    static func compileJSONPath(_ text: String, keyPath: String, fail: (String, String) -> DefinitionError) throws(DefinitionError) -> CompiledJSONPath {
        let unknown = PlaceholderValues.unknownNames(in: text)
        if !unknown.isEmpty { throw fail(keyPath, "unknown placeholder {\(unknown[0])}") }
        do {
            let compiled = try JSONPath(PlaceholderValues.probe.render(text))
            return CompiledJSONPath(form: text.contains("{") ? .template(text) : .fixed(compiled))
        } catch {
            throw fail(keyPath, error.description)
        }
    }

    /// Checks a `json:` location: a script selector must compile, a variable must be a name.
    static func validate(_ location: JSONLocation, keyPath: String, fail: (String, String) -> DefinitionError) throws(DefinitionError) {
        switch location {
        case .page, .jsonp, .nextFlight:
            return
        case .script(let css):
            do { _ = try CSSSelector(css) } catch { throw fail("\(keyPath).script", error.detail) }
        case .variable(let name):
            let allowed = name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "$" }
            guard !name.isEmpty, allowed else { throw fail("\(keyPath).variable", "expected a JavaScript name such as pageData, not \"\(name)\"") }
        }
    }
}
