import Mustache

/// Mustache's HTML escaping (`<`, `>`, `&`, `"`, `'`), done over UTF-8 bytes with text that needs none returned as it is:
/// the library's own walks characters through a dictionary, which was most of a large site's rendering time.
struct HTMLEscaping: MustacheContentType {
    /// The name templates are compiled with (`WebFolder` puts the pragma in front of each).
    static let name = "CARTELERA_HTML"

    /// Registers the content type with swift-mustache, once per process.
    static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)

    /// The text with the five characters as entities, as the compiled templates write them.
    func escapeText(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var text = text
        text.withUTF8 { CompiledTemplates.escape($0, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}
