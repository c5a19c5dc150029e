import CarteleraOutput

/// JSON written by hand from page values, keys sorted, with `<`, `>`, `&` and the JavaScript line separators as `\u`
/// escapes so that it is also safe inside a `<script>` element: the pages' schema.org JSON-LD, the search index and
/// the build manifest.
///
/// Written by hand rather than through `JSONSerialization` or `JSONEncoder`, which took a fifth of a large site's build.
enum SiteJSON {
    /// A JSON-LD object, with the schema.org context, for `<script type="application/ld+json">`.
    static func script(_ object: [String: Any]) -> String {
        var value = object
        value["@context"] = "https://schema.org"
        return text(value)
    }

    /// A JSON-LD object built as page values (keys unique), with the schema.org context, for `<script type="application/ld+json">`.
    static func script(_ entries: [(key: String, value: PageValue)]) -> String {
        var out = ""
        out.reserveCapacity(512)
        write(.object(entries + [("@context", .text("https://schema.org"))]), into: &out)
        return out
    }

    /// A page value as JSON, written as `text` writes the same value held as `Any`.
    private static func write(_ value: PageValue, into out: inout String) {
        switch value {
        case .text(let text): string(text, into: &out)
        case .flag(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .real(let number): out += number.isFinite ? String(number) : "null"
        case .object(let entries):
            out += "{"
            for (offset, entry) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
                if offset > 0 { out += "," }
                string(entry.key, into: &out)
                out += ":"
                write(entry.value, into: &out)
            }
            out += "}"
        case .labels(let dictionary): write(dictionary as [String: Any], into: &out)
        case .list(let list):
            out += "["
            for (offset, element) in list.enumerated() {
                if offset > 0 { out += "," }
                write(element, into: &out)
            }
            out += "]"
        case .other(let original): write(original, into: &out)
        }
    }

    /// Any page value (see `ContextValue`) as JSON; a value of another kind is `null`.
    static func text(_ value: Any) -> String {
        var out = ""
        out.reserveCapacity(512)
        write(value, into: &out)
        return out
    }

    /// Strings, booleans, integers, finite doubles, arrays and string-keyed dictionaries of them; anything else is `null`.
    private static func write(_ value: Any, into out: inout String) {
        switch ContextValue(value) {
        case .text(let text): string(text, into: &out)
        case .flag(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .real(let number): out += number.isFinite ? String(number) : "null"
        case .object(let dictionary):
            out += "{"
            for (offset, key) in dictionary.keys.sorted().enumerated() {
                if offset > 0 { out += "," }
                string(key, into: &out)
                out += ":"
                if let element = dictionary[key] { write(element, into: &out) }
            }
            out += "}"
        case .labels(let dictionary): write(dictionary as [String: Any], into: &out)
        case .list(let list): write(elements: list, into: &out)
        case .objects(let list): write(elements: list.lazy.map { $0 as Any }, into: &out)
        case .texts(let list): write(elements: list.lazy.map { $0 as Any }, into: &out)
        case .other: out += "null"
        }
    }

    private static func write(elements: some Sequence<Any>, into out: inout String) {
        out += "["
        for (offset, element) in elements.enumerated() {
            if offset > 0 { out += "," }
            write(element, into: &out)
        }
        out += "]"
    }

    /// A JSON string escaped for a `<script>` element (`PublishedText.JSONContext.script`).
    private static func string(_ text: String, into out: inout String) {
        out += "\""
        out += PublishedText.jsonEscaped(text, for: .script)
        out += "\""
    }
}
