import CarteleraCore
import Foundation

/// Scraped text made safe for each format it is published in (HTML, XML, iCalendar, JSON) and the check that lets
/// only http(s) links out: every string the site, the feeds, the static API and the server publish goes through one
/// of these, and nothing scraped is written raw.
public enum PublishedText {
    /// Whether `text` is an absolute http or https URL with a host and nothing a client could misread
    /// (no spaces, quotes, angle brackets or control characters); only such links are published.
    public static func isWebURL(_ text: String) -> Bool {
        isPlainWebURL(text) || isParsedWebURL(text)
    }

    /// `isWebURL` through `URLComponents`: the answer for every link the plain check leaves.
    static func isParsedWebURL(_ text: String) -> Bool {
        guard text.count <= 2048, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !"\"<>\\^`{|}".unicodeScalars.contains($0) }),
              let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else { return false }
        return true
    }

    /// The URL when it is a web link, nil otherwise. Spaces, quotes, angle brackets and braces in an http(s) link are
    /// percent-encoded (`PercentEncoding`), as a browser would, rather than costing the item its link.
    public static func webURL(_ text: String?) -> String? {
        guard let text else { return nil }
        // A plain link has nothing to trim or encode: it is published as it is.
        if isPlainWebURL(text) { return text }
        let encoded = PercentEncoding.encodingUnsafe(text.trimmingCharacters(in: .whitespacesAndNewlines))
        return isWebURL(encoded) ? encoded : nil
    }

    /// Whether `text` is a web link of the plainest shape, checked byte by byte without parsing it into components:
    /// `http://` or `https://` (any case), a host of dot-separated letters, digits and hyphens (no user, no port), then
    /// only what RFC 3986 lets a path, query and fragment hold as written (`%` starting an escape, at most one `#`), at
    /// most 2,048 bytes. Every such link is one `URLComponents` reads with an http(s) scheme and a host (tests compare
    /// the two); anything else, spaces and characters beyond ASCII included, is left to it.
    static func isPlainWebURL(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count <= 2048 else { return false }
            var position: Int
            if hasPrefix(bytes, "https://") {
                position = 8
            } else if hasPrefix(bytes, "http://") {
                position = 7
            } else {
                return false
            }
            // The host: labels of letters, digits and hyphens, none empty, none starting or ending with a hyphen.
            var labelStart = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "/"), bytes[position] != UInt8(ascii: "?"), bytes[position] != UInt8(ascii: "#") {
                let byte = bytes[position]
                if byte == UInt8(ascii: ".") {
                    guard position > labelStart, bytes[position - 1] != UInt8(ascii: "-") else { return false }
                    labelStart = position + 1
                } else if byte == UInt8(ascii: "-") {
                    guard position > labelStart else { return false }
                } else if !isAlphanumeric(byte) {
                    return false
                }
                position += 1
            }
            guard position > labelStart, bytes[position - 1] != UInt8(ascii: "-") else { return false }
            var fragment = false
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "%") {
                    guard position + 2 < bytes.count, isHexDigit(bytes[position + 1]), isHexDigit(bytes[position + 2]) else { return false }
                    position += 3
                    continue
                }
                if byte == UInt8(ascii: "#") {
                    guard !fragment else { return false }
                    fragment = true
                } else if byte >= 0x80 || !(isAlphanumeric(byte) || plainURLPunctuation[Int(byte)]) {
                    return false
                }
                position += 1
            }
            return true
        }
    }

    /// RFC 3986's unreserved and sub-delimiter characters and those of a path and query (`:@/?`), by ASCII code.
    private static let plainURLPunctuation: [Bool] = (0..<128).map { "-._~!$&'()*+,;=:@/?".utf8.contains(UInt8($0)) }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ scheme: StaticString) -> Bool {
        guard bytes.count >= scheme.utf8CodeUnitCount else { return false }
        let prefix = UnsafeBufferPointer(start: scheme.utf8Start, count: scheme.utf8CodeUnitCount)
        // The scheme's letters in any case (`| 0x20` lowers a letter); ':' and '/' exactly.
        for (offset, expected) in prefix.enumerated() {
            let byte = bytes[offset]
            guard byte == expected || (expected >= UInt8(ascii: "a") && byte | 0x20 == expected) else { return false }
        }
        return true
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
