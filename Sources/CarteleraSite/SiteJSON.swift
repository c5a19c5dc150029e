import CarteleraOutput

/// JSON written by hand from page values, keys sorted, with `<`, `>`, `&` and the JavaScript line separators as `\u`
/// escapes so that it is also safe inside a `<script>` element: the pages' schema.org JSON-LD, the search index and
/// the build manifest.
///
/// Written by hand rather than through `JSONSerialization` or `JSONEncoder`, which took a fifth of a large site's build.
enum SiteJSON {
    /// A JSON-LD object built as page values, with the schema.org context, for `<script type="application/ld+json">`.
    static func script(_ entries: PageEntries) -> String {
        text(.object(entries + [("@context", .text("https://schema.org"))]))
    }

    /// A page value as JSON; a double that is not finite is `null`.
    static func text(_ value: PageValue) -> String {
        var out = ""
        out.reserveCapacity(512)
        write(value, into: &out)
        return out
    }

    private static func write(_ value: PageValue, into out: inout String) {
        switch value {
        case .text(let text): string(text, into: &out)
        case .flag(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .real(let number): out += number.isFinite ? String(number) : "null"
        case .object(let entries): write(members: entries.sorted { $0.key < $1.key }, into: &out)
        case .labels(let dictionary): write(members: dictionary.sorted { $0.key < $1.key }.lazy.map { (key: $0.key, value: PageValue.text($0.value)) }, into: &out)
        case .list(let list):
            out += "["
            for (offset, element) in list.enumerated() {
                if offset > 0 { out += "," }
                write(element, into: &out)
            }
            out += "]"
        }
    }

    private static func write(members: some Sequence<(key: String, value: PageValue)>, into out: inout String) {
        out += "{"
        var first = true
        for (key, value) in members {
            if !first { out += "," }
            first = false
            string(key, into: &out)
            out += ":"
            write(value, into: &out)
        }
        out += "}"
    }

    /// A JSON string escaped for a `<script>` element (`PublishedText.JSONContext.script`).
    private static func string(_ text: String, into out: inout String) {
        out += "\""
        out += PublishedText.jsonEscaped(text, for: .script)
        out += "\""
    }
}
