import CarteleraCore
import Foundation

/// Scraped text made safe for each format it is published in (HTML, XML, iCalendar, JSON) and the check that lets
/// only http(s) links out: every string the site, the feeds, the static API and the server publish goes through one
/// of these, and nothing scraped is written raw.
public enum PublishedText {
    /// Whether `text` is an absolute http or https URL with a host and nothing a client could misread
    /// (no spaces, quotes, angle brackets or control characters); only such links are published.
    public static func isWebURL(_ text: String) -> Bool {
        guard text.count <= 2048, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !"\"<>\\^`{|}".unicodeScalars.contains($0) }),
              let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else { return false }
        return true
    }

    /// The URL when it is a web link, nil otherwise. Spaces, quotes, angle brackets and braces in an http(s) link are
    /// percent-encoded (`PercentEncoding`), as a browser would, rather than costing the item its link.
    public static func webURL(_ text: String?) -> String? {
        guard let text else { return nil }
        let encoded = PercentEncoding.encodingUnsafe(text.trimmingCharacters(in: .whitespacesAndNewlines))
        return isWebURL(encoded) ? encoded : nil
    }
}
