import CarteleraCore
import CarteleraMarkup
import Foundation

/// Reads fields from rows of one page; not shared across tasks.
struct FieldReader {
    /// The page's URL, for resolving relative links.
    let baseURL: String
    var values: PlaceholderValues

    /// Every field of a markup row, in the table's order, each with the values of those before it as `{field.NAME}`.
    func row(_ table: CompiledTable, node: Node) throws -> [String: [String]] {
        var reader = self
        var result: [String: [String]] = [:]
        for name in table.order {
            guard let field = table.fields[name] else { continue }
            let found = try reader.values(field, in: node)
            if !found.isEmpty { result[name] = found }
            reader.values.fields[name] = found.first
        }
        return result
    }

    /// Every field of a JSON row, in the table's order, each with the values of those before it as `{field.NAME}`.
    func row(_ table: CompiledTable, json root: JSONValue, row: JSONValue) throws(ScrapeMessage) -> [String: [String]] {
        var reader = self
        var result: [String: [String]] = [:]
        for name in table.order {
            guard let field = table.fields[name] else { continue }
            let found = try reader.values(field, json: root, row: row)
            if !found.isEmpty { result[name] = found }
            reader.values.fields[name] = found.first
        }
        return result
    }

    /// Every value of a field in `row` after its transforms, empty strings dropped: from the first place that gives one.
    func values(_ field: CompiledField, in row: Node) throws -> [String] {
        if let constant = field.constant { return transform([values.render(constant)], field) }
        if field.finders.isEmpty { return transform(try texts(of: [row], field), field) }
        for finder in field.finders {
            let found: [String]
            switch finder {
            case .text(let expression): found = [try row.xpathString(expression)]
            case .nodes(let selector): found = try texts(of: try selector.select(from: row, values: values), field)
            case .json: found = []
            }
            let kept = transform(found, field, orDefault: false)
            if !kept.isEmpty { return kept }
        }
        return transform([], field)
    }

    /// The text, or the first of the attributes an element has with a value, of the first node (every node with `all`).
    func texts(of found: [Node], _ field: CompiledField) throws -> [String] {
        let nodes = field.all ? found : Array(found.prefix(1))
        return try nodes.compactMap { node -> String? in
            if !field.attributes.isEmpty {
                return field.attributes.lazy.compactMap { node.attribute($0) }.first { !$0.trimmingWhitespace().isEmpty }
            }
            if field.verbatim { return node.rawText }
            if field.stringValue { return Self.collapseLine(node.rawText) }
            return field.lines ? Self.lines(of: node) : node.text
        }
    }

    /// Every value of a field in a JSON `row` (or from `root` for a `$` path) after its transforms: from the first path that gives one.
    func values(_ field: CompiledField, json root: JSONValue, row: JSONValue) throws(ScrapeMessage) -> [String] {
        if let constant = field.constant { return transform([values.render(constant)], field) }
        if field.finders.isEmpty { return transform(JSONInput.texts(row), field) }
        for finder in field.finders {
            guard case .json(let path) = finder else { continue }
            var texts = try path.path(values).values(root: root, row: row).flatMap(JSONInput.texts)
            if !field.all, texts.count > 1 { texts = [texts[0]] }
            let kept = transform(texts, field, orDefault: false)
            if !kept.isEmpty { return kept }
        }
        return transform([], field)
    }

    /// The transforms of a field, in order: replace, regex, split, white space, lower/upper, url, then `default` unless told not to.
    func transform(_ input: [String], _ field: CompiledField, orDefault: Bool = true) -> [String] {
        var texts = input
        for replacement in field.replacements {
            switch replacement {
            case .fixed(let pattern, let template):
                texts = texts.map { pattern.stringByReplacingMatches(in: $0, range: NSRange($0.startIndex..., in: $0), withTemplate: template) }
            case .template(let patternTemplate, let templateTemplate):
                // The values are escaped, so the rendered pattern compiles whenever the probe's did.
                let rendered = values.render(patternTemplate, escaping: NSRegularExpression.escapedPattern(for:))
                guard let pattern = try? TemplateCache.shared.regex(rendered) else { continue }
                let template = values.render(templateTemplate, escaping: NSRegularExpression.escapedTemplate(for:))
                texts = texts.map { pattern.stringByReplacingMatches(in: $0, range: NSRange($0.startIndex..., in: $0), withTemplate: template) }
            }
        }
        if let regex = field.regex {
            texts = texts.compactMap { text in
                guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                      let range = Range(match.range(at: field.group), in: text) else { return nil }
                return String(text[range])
            }
        }
        if let separator = field.split {
            texts = texts.flatMap { $0.components(separatedBy: separator) }
        }
        texts = texts.map { field.verbatim ? $0.trimmingWhitespace() : Self.collapse($0) }.filter { !$0.isEmpty }
        if field.lower { texts = texts.map { $0.lowercased() } }
        if field.upper { texts = texts.map { $0.uppercased() } }
        if field.isURL {
            texts = texts.compactMap { LinkResolver.resolve($0, against: baseURL) }
        }
        if orDefault, texts.isEmpty, let fallback = field.fallback { texts = [values.render(fallback)] }
        return texts
    }

    /// The first value of a field, or nil.
    func value(_ field: CompiledField?, in row: Node) throws -> String? {
        guard let field else { return nil }
        return try values(field, in: row).first
    }

    /// Text with a line break at `<br>` and around block elements (`Node.visibleText`), each line whitespace-normalized.
    static func lines(of node: Node) -> String {
        node.visibleText.split(separator: "\n", omittingEmptySubsequences: false).map { collapseLine(String($0)) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// Runs of white space (newlines kept apart) made one space, outer white space trimmed.
    static func collapse(_ text: String) -> String {
        if !text.contains("\n") { return collapseLine(text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { collapseLine(String($0)) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private static func collapseLine(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for c in text {
            if c.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(c)
            }
        }
        return result
    }
}

/// Makes links absolute and keeps only http(s) ones.
public enum LinkResolver {
    /// `link` resolved against `base`; nil unless the result is http or https. What a URL cannot hold as written (spaces,
    /// `<>"{}`, a `%` that starts no escape: `PercentEncoding`) is percent-encoded first, as browsers do
    /// (`/programa/el tiempo` → `/programa/el%20tiempo`), and escapes already there are kept.
    public static func resolve(_ link: String, against base: String) -> String? {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        // Letters beyond ASCII are encoded only when the URL cannot be read with them as written.
        let resolved = absolute(PercentEncoding.encodingUnsafe(trimmed), against: base)
            ?? absolute(PercentEncoding.encodingUnsafe(trimmed, nonASCII: true), against: base)
        guard let url = resolved, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return url.absoluteString
    }

    private static func absolute(_ link: String, against base: String) -> URL? {
        if link.hasPrefix("//") {
            let scheme = URL(string: base)?.scheme ?? "https"
            return URL(string: "\(scheme == "http" ? "http" : "https"):\(link)")
        }
        return URL(string: link, relativeTo: URL(string: base))?.absoluteURL
    }
}
