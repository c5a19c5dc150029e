@testable import CarteleraFeeds
import Testing

/// The escaping every published format relies on.
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
    }

    @Test func iCalendarTextEscapesAndFoldsAt75Octets() {
        #expect(PublishedText.iCalendarText("a;b,c\\d\ne\r\nf\u{7}") == "a\\;b\\,c\\\\d\\ne\\nf")
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
}
