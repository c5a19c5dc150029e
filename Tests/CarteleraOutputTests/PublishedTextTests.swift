import CarteleraCore
import Foundation
import Testing

@testable import CarteleraOutput

/// The escaping every published format relies on, and the check that lets only http(s) links out.
@Suite struct PublishedTextTests {
    private func xml(_ text: String) -> String {
        var out: [UInt8] = []
        PublishedText.xml(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func xmlEscapesTheSpecialCharactersAndDropsWhatXMLCannotHold() {
        #expect(xml(#"<a href="x">Tom & Jerry's</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;")
        #expect(xml("a\tb\nc\rd") == "a&#9;b&#10;c&#13;d")
        #expect(xml("a\u{0}\u{1}\u{1F}b") == "ab")
        #expect(xml("x\u{FFFE}y\u{FFFF}z") == "xyz")
        // Other characters encoded from EF stay, whole: U+FFE5, U+FFFD, U+F8FF, and one at the very end.
        #expect(xml("¥ \u{FFE5} \u{FFFD} \u{F8FF} ñ 🎬 \u{FFE5}") == "¥ \u{FFE5} \u{FFFD} \u{F8FF} ñ 🎬 \u{FFE5}")
        #expect(xml("") == "")
        // Hostile markup never closes an element or a CDATA section early.
        #expect(xml("]]></title><x a='1'>") == "]]&gt;&lt;/title&gt;&lt;x a=&apos;1&apos;&gt;")
    }

    @Test func iCalendarTextEscapesAndFoldsAt75Octets() {
        #expect(PublishedText.iCalendarText("a;b,c\\d\ne\r\nf\u{7}") == "a\\;b\\,c\\\\d\\ne\\nf")
        // A lone CR is a line break too; CRLF is one break, not two; a tab becomes a space; controls and U+FFFE go.
        #expect(PublishedText.iCalendarText("a\rb\r\n\r\nc\td\u{0}\u{1B}\u{7F}\u{FFFE}e") == "a\\nb\\n\\nc de")
        // Text that would end the event or start a property stays inside the value.
        #expect(PublishedText.iCalendarText("x\r\nEND:VEVENT\r\nBEGIN:VALARM") == "x\\nEND:VEVENT\\nBEGIN:VALARM")
        #expect(PublishedText.iCalendarText("Ñandú 🎬 <b>\"q\"</b>") == "Ñandú 🎬 <b>\"q\"</b>")
        var out: [UInt8] = []
        PublishedText.foldedLine("SUMMARY:" + String(repeating: "ñ", count: 100), into: &out)
        let lines = String(decoding: out, as: UTF8.self).components(separatedBy: "\r\n").dropLast()
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        // Unfolding (RFC 5545: remove each CRLF and the space after it) gives the line back, no character split.
        #expect(String(decoding: out, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "") == "SUMMARY:" + String(repeating: "ñ", count: 100) + "\r\n")
    }

    @Test func onlyAbsoluteWebLinksArePublished() {
        #expect(PublishedText.webURL("https://guide.example/p?a=1") == "https://guide.example/p?a=1")
        for link in ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "//guide.example/p", "/p", "https://", "ftp://x.example/",
                     "java script:alert(1)", "javascript:alert(\"https://x.example/\")"] {
            #expect(PublishedText.webURL(link) == nil, "\(link)")
        }
    }

    @Test func webLinksWithSpacesQuotesOrBracketsArePercentEncoded() {
        #expect(PublishedText.webURL("http://x.example/a b") == "http://x.example/a%20b")
        #expect(PublishedText.webURL("https://x.example/\"onmouseover=alert(1) <b>{x}</b>") == "https://x.example/%22onmouseover=alert(1)%20%3Cb%3E%7Bx%7D%3C/b%3E")
        #expect(PublishedText.webURL("https://x.example/ya%20codificado y 100%") == "https://x.example/ya%20codificado%20y%20100%25")
        #expect(PublishedText.webURL(" https://x.example/p\n") == "https://x.example/p")
    }

    @Test func aPlainLinkIsCheckedWithoutParsingAndAnsweredAsURLComponentsAnswers() {
        for link in ["https://guide.example/p?a=1&b=%C3%B1#top", "HTTP://X-1.example/a/b;c=d/@e:f?g=h/i?j#k/l?m", "http://1.2.3.4/~u/(x)*!$'+,"] {
            #expect(PublishedText.isPlainWebURL(link), "\(link)")
            #expect(PublishedText.webURL(link) == link)
        }
        // Left to URLComponents: a port, a user, a bracketed host, a second '#', a bad escape, a space, a letter beyond ASCII.
        for link in ["http://x.example:8080/", "http://u@x.example/", "http://[::1]/", "http://x.example/a#b#c", "http://x.example/%zz",
                     "http://x.example/a b", "http://x.example/ñ", "http://-x.example/", "http://x..example/", "http://x.example./", "https:/x.example/"] {
            #expect(!PublishedText.isPlainWebURL(link), "\(link)")
        }
        // Random links from the pieces links are made of: whatever the plain check accepts, URLComponents accepts as a web
        // link too, and the link is published unchanged, as the full path publishes it.
        var generator = SplitMix64(seed: 20261127)
        let pieces = ["http://", "https://", "HtTpS://", "x", "example", "Z9", ".", "-", "/", "?", "#", "%", "%2F", "%zz", "2", "@", ":", "[", "]",
                      " ", "ñ", "'", "(", ")", "&", "=", "~", "_", "*", "+", ",", ";", "!", "$", "\"", "<", "{", "|", "\t", "//"]
        var plain = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...10, using: &generator)
            let body = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "x" }.joined()
            let link = (Bool.random(using: &generator) ? "https://x.example" : "http://") + body
            guard PublishedText.isPlainWebURL(link) else { continue }
            plain += 1
            #expect(PublishedText.isParsedWebURL(link), "\(link.debugDescription)")
            #expect(PercentEncoding.encodingUnsafe(link.trimmingCharacters(in: .whitespacesAndNewlines)) == link, "\(link.debugDescription)")
        }
        #expect(plain > 500)
    }

    @Test func nonWebSchemesAreNeverPublished() {
        for link in ["JAVASCRIPT:alert(1)", " javascript:alert(1)", "vbscript:msgbox", "mailto:a@b.example", "tel:+34600000000",
                     "blob:https://x.example/1", "about:blank", "http:/x.example", "http://", "https:x.example", "\u{0}https://x.example/",
                     String(repeating: "a", count: 2049)] {
            #expect(PublishedText.webURL(link) == nil, "\(link)")
            #expect(!PublishedText.isWebURL(link), "\(link)")
        }
        #expect(PublishedText.webURL(nil) == nil)
        // The scheme's case does not matter; a control character anywhere costs the link.
        #expect(PublishedText.webURL("HTTPS://X.example/p") == "HTTPS://X.example/p")
        #expect(!PublishedText.isWebURL("https://x.example/\u{7F}"))
        #expect(!PublishedText.isWebURL("https://x.example/\u{1}"))
    }

    @Test func htmlEscapesTheFiveCharactersForTextAndQuotedAttributes() {
        let hostile = #"<script>alert("x" & 'y')</script>"#
        let escaped = PublishedText.html(hostile)
        #expect(escaped == "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;")
        // In an attribute in either quote the value cannot close it, and in text it cannot open or close an element.
        for forbidden in ["<", ">", "\"", "'"] { #expect(!escaped.contains(forbidden)) }
        // `&` only starts the entities written here: an entity in the input is shown, not decoded.
        #expect(PublishedText.html("&amp; &#60;") == "&amp;amp; &amp;#60;")
        // A quote with a combining mark is one Character in Swift, but still a quote in HTML: escaped byte by byte.
        #expect(PublishedText.html("a\"\u{301}b") == "a&quot;\u{301}b")
        // Other text, control characters and line separators included, is left as it is.
        let plain = "Ñandú 🎬 \u{2028}\u{2029} \r\n\t\u{1}"
        #expect(PublishedText.html(plain) == plain)
        #expect(PublishedText.html("") == "")
    }

    @Test func htmlIntoBytesMatchesTheStringForm() {
        for text in ["", "plain", "<>&\"'", "a<b>c", "ñ<🎬>&", "&&&&", "x'"] {
            var out: [UInt8] = Array("prefix|".utf8)
            var copy = text
            copy.withUTF8 { PublishedText.html($0, into: &out) }
            #expect(String(decoding: out, as: UTF8.self) == "prefix|" + PublishedText.html(text))
        }
    }

    private static let hostileJSON = "</script><!-- \"q\" back\\slash & <b> \u{0}\u{1}\u{8}\u{C}\u{1F}\t\r\n\u{7F} \u{2028}\u{2029} Ñandú 🐦 \u{E2}"

    private func json(_ text: String, _ context: PublishedText.JSONContext) -> String {
        var out: [UInt8] = []
        PublishedText.json(text, into: &out, for: context)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func jsonForDocumentsIsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        for text in [Self.hostileJSON, "", "plain", "a/b", "\u{7F}\u{80}", "\\\"", String(repeating: "ñ\n", count: 50)] {
            #expect(json(text, .document) == String(decoding: try encoder.encode(text), as: UTF8.self), "\(text.debugDescription)")
        }
        // The line separators are legal in JSON and left as they are in a document.
        #expect(json("\u{2028}", .document) == "\"\u{2028}\"")
    }

    @Test func jsonForScriptsCannotEndTheScriptElement() throws {
        let written = json(Self.hostileJSON, .script)
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] { #expect(!written.contains(forbidden)) }
        #expect(written.contains("\\u003c/script\\u003e\\u003c!-- "))
        #expect(written.contains("\\u2028\\u2029"))
        #expect(written.contains("\\u0000\\u0001\\b\\f\\u001f\\t\\r\\n"))
        // The same text comes back when the JSON is read.
        let read = try JSONSerialization.jsonObject(with: Data(written.utf8), options: .fragmentsAllowed) as? String
        #expect(read == Self.hostileJSON)
        // Other characters that share the line separators' first byte stay whole.
        #expect(json("\u{2026} \u{20AC} \u{2030}", .script) == "\"\u{2026} \u{20AC} \u{2030}\"")
    }

    @Test func jsonEscapedForms() {
        #expect(PublishedText.jsonEscaped("plain") == "plain")
        #expect(PublishedText.jsonEscaped("a\"b\n") == "a\\\"b\\n")
        #expect(PublishedText.jsonEscaped("<&>", for: .document) == "<&>")
        #expect(PublishedText.jsonEscaped("<&>", for: .script) == "\\u003c\\u0026\\u003e")
        var out: [UInt8] = []
        PublishedText.jsonEscaped("x\u{2028}", into: &out, for: .script)
        #expect(String(decoding: out, as: UTF8.self) == "x\\u2028")
        var bytes: [UInt8] = []
        Array("q\"".utf8).withUnsafeBytes { PublishedText.json(utf8: $0, into: &bytes) }
        #expect(String(decoding: bytes, as: UTF8.self) == "\"q\\\"\"")
    }
}
