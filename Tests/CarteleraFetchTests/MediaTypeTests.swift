import CarteleraFetch
import Testing

/// Content-Type parsing, through `FetchResponse`, which every transport builds its responses with.
@Suite("Content-Type parsing")
struct MediaTypeTests {
    /// Checks the media type and charset a response with this Content-Type reports.
    private func expect(_ header: String, gives type: String?, _ charset: String?, sourceLocation: SourceLocation = #_sourceLocation) {
        let response = FetchResponse(url: "http://x/", status: 200, headers: ["Content-Type": header], body: [])
        #expect(response.contentType == type, sourceLocation: sourceLocation)
        #expect(response.charset == charset, sourceLocation: sourceLocation)
    }

    @Test("well-formed headers give their media type and charset", arguments: [
        ("text/html; charset=windows-1252", "text/html", "windows-1252"),
        ("Text/HTML;Charset=\"ISO-8859-1\"", "text/html", "iso-8859-1"),
        ("application/xml", "application/xml", nil),
        ("text/html; q=\"a,b\"; charset=utf-8", "text/html", "utf-8"),
        ("text/html;charset=utf-8;charset=latin1", "text/html", "utf-8"),
    ] as [(String, String?, String?)])
    func wellFormed(header: String, type: String?, charset: String?) {
        expect(header, gives: type, charset)
    }

    @Test("a header sent twice gives the last valid type, keeping an earlier charset for the same type", arguments: [
        ("text/html; charset=windows-1252, text/html", "text/html", "windows-1252"),
        ("text/html; charset=iso-8859-1, text/html; charset=utf-8", "text/html", "utf-8"),
        ("text/html; charset=utf-8, application/xml", "application/xml", nil),
        ("text/html; charset=utf-8, */*", "text/html", "utf-8"),
        ("text/html; charset=utf-8, nonsense", "text/html", "utf-8"),
    ] as [(String, String?, String?)])
    func repeated(header: String, type: String?, charset: String?) {
        expect(header, gives: type, charset)
    }

    @Test("malformed types and charsets read as absent, never as misleading text", arguments: [
        ("", nil, nil), (";", nil, nil), (";;;charset=", nil, nil), ("text", nil, nil), ("/html", nil, nil),
        ("text/", nil, nil), ("text/html/extra", nil, nil), ("*/*", nil, nil), ("téxt/html", nil, nil),
        ("text /html", nil, nil), (String(repeating: ";", count: 100_000), nil, nil),
        ("text/html; charset=\"", "text/html", nil), ("text/html; charset", "text/html", nil),
        ("text/html; charset=\"\"", "text/html", nil), ("text/html; charset=\"utf-8\"x", "text/html", nil),
        ("text/html; charset=ut f-8", "text/html", nil), ("text/html; charset=\u{0}", "text/html", nil),
        ("text/html; charset=utf-8\u{7f}", "text/html", nil), ("text/html; =utf-8", "text/html", nil),
    ] as [(String, String?, String?)])
    func malformed(header: String, type: String?, charset: String?) {
        expect(header, gives: type, charset)
    }
}
