import Mustache

/// Mustache's HTML escaping (`<`, `>`, `&`, `"`, `'`), done over UTF-8 bytes with text that needs none returned as it is:
/// the library's own walks characters through a dictionary, which was most of a large site's rendering time.
struct HTMLEscaping: MustacheContentType {
    /// The name templates are compiled with (`WebFolder` puts the pragma in front of each).
    static let name = "CARTELERA_HTML"

    /// Registers the content type with swift-mustache, once per process.
    static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)

    /// The text with the five characters as entities.
    func escapeText(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            switch byte {
            case 0x3C: out += [0x26, 0x6C, 0x74, 0x3B]  // &lt;
            case 0x3E: out += [0x26, 0x67, 0x74, 0x3B]  // &gt;
            case 0x26: out += [0x26, 0x61, 0x6D, 0x70, 0x3B]  // &amp;
            case 0x22: out += [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B]  // &quot;
            case 0x27: out += [0x26, 0x23, 0x33, 0x39, 0x3B]  // &#39;
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
