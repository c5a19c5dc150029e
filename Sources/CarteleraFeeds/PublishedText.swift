import CarteleraCore
import CarteleraModel
import Foundation

/// Scraped text made safe for each format a feed is written in.
///
/// Every string that reaches a feed went through one of these: nothing scraped is written raw.
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

    /// Text for XML character data and attribute values: the five special characters as entities, characters XML 1.0
    /// forbids (most C0 controls, lone surrogates cannot occur in Swift strings, U+FFFE/U+FFFF) dropped.
    ///
    /// It walks the UTF-8 bytes, not the characters: a guide escapes hundreds of megabytes. Every byte that matters is
    /// ASCII, apart from U+FFFE and U+FFFF, whose encodings (EF BF BE, EF BF BF) are looked for whole.
    public static func xml(_ text: String, into out: inout [UInt8]) {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'"): out += Array("&apos;".utf8)
            case 0x09: out += Array("&#9;".utf8)
            case 0x0A: out += Array("&#10;".utf8)
            case 0x0D: out += Array("&#13;".utf8)
            case 0..<0x20: break
            case 0xEF:
                let second = bytes.index(after: index)
                let third = second < bytes.endIndex ? bytes.index(after: second) : second
                if third < bytes.endIndex, bytes[second] == 0xBF, bytes[third] == 0xBE || bytes[third] == 0xBF {
                    index = third
                } else {
                    out.append(byte)
                }
            default: out.append(byte)
            }
            index = bytes.index(after: index)
        }
    }

    /// Whether XML 1.0 allows the character in a document (tab, newline and carriage return are handled by the caller).
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Text for an iCalendar TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`,
    /// other control characters dropped.
    static func iCalendarText(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n":
                if !previousWasCarriageReturn { result += "\\n" }
            case "\r": result += "\\n"
            case "\t": result += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || !isXMLCharacter(scalar) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// One content line folded as RFC 5545 3.1 asks: at most 75 octets per line, continuation lines starting with a
    /// space, never splitting a UTF-8 character, each line ended by CRLF.
    static func foldedLine(_ line: String, into out: inout [UInt8]) {
        var width = 0
        for scalar in line.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if width + bytes.count > 75 {
                out += [0x0D, 0x0A, 0x20]
                width = 1
            }
            out += bytes
            width += bytes.count
        }
        out += [0x0D, 0x0A]
    }
}

extension Provenance {
    /// The provenance as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Provenance {
        var copy = self
        copy.url = PublishedText.webURL(url)
        return copy
    }
}

extension Programme {
    /// The programme as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Programme {
        var copy = self
        copy.url = PublishedText.webURL(url)
        copy.image = PublishedText.webURL(image)
        copy.provenance = provenance.map { $0.withWebLinksOnly() }
        return copy
    }
}

extension Channel {
    /// The channel as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Channel {
        var copy = self
        copy.logo = PublishedText.webURL(logo)
        copy.website = PublishedText.webURL(website)
        return copy
    }
}

extension Venue {
    /// The venue as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Venue {
        var copy = self
        copy.website = PublishedText.webURL(website)
        copy.images = images.compactMap { PublishedText.webURL($0) }
        copy.provenance = provenance.map { $0.withWebLinksOnly() }
        return copy
    }
}

extension Night {
    /// The night as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Night {
        var copy = self
        copy.url = PublishedText.webURL(url)
        copy.ticketURL = PublishedText.webURL(ticketURL)
        copy.flyer = PublishedText.webURL(flyer)
        copy.performers = performers?.map { Performer(name: $0.name, url: PublishedText.webURL($0.url)) }
        copy.otherURLs = otherURLs?.compactMap { PublishedText.webURL($0) }
        copy.provenance = provenance.map { $0.withWebLinksOnly() }
        return copy
    }
}

extension GuestList {
    /// The guest list as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> GuestList {
        var copy = self
        copy.signUpURL = PublishedText.webURL(signUpURL)
        copy.provenance = provenance.map { $0.withWebLinksOnly() }
        return copy
    }
}

extension Promotion {
    /// The promotion as published: links that are not absolute http(s) URLs left out, whatever the store holds.
    public func withWebLinksOnly() -> Promotion {
        var copy = self
        copy.url = PublishedText.webURL(url)
        copy.flyer = PublishedText.webURL(flyer)
        copy.provenance = provenance.map { $0.withWebLinksOnly() }
        return copy
    }
}

extension AudienceEntry {
    /// The entry as published: a source page that is not an absolute http(s) URL left out.
    public func withWebLinksOnly() -> AudienceEntry {
        var copy = self
        copy.provenance = provenance.withWebLinksOnly()
        return copy
    }
}

extension ChannelShare {
    /// The share as published: a source page that is not an absolute http(s) URL left out.
    public func withWebLinksOnly() -> ChannelShare {
        var copy = self
        copy.provenance = provenance.withWebLinksOnly()
        return copy
    }
}
