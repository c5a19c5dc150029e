import CarteleraOutput
import Mustache

/// Mustache's HTML escaping (`<`, `>`, `&`, `"`, `'`) as `PublishedText.html` does it, over UTF-8 bytes with text that
/// needs none returned as it is: the library's own walks characters through a dictionary, which was most of a large
/// site's rendering time.
struct HTMLEscaping: MustacheContentType {
    /// The name templates are compiled with (`WebFolder` puts the pragma in front of each).
    static let name = "CARTELERA_HTML"

    /// Registers the content type with swift-mustache, once per process.
    static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)

    /// The text with the five characters as entities, as the compiled templates write them.
    func escapeText(_ text: String) -> String {
        PublishedText.html(text)
    }
}
