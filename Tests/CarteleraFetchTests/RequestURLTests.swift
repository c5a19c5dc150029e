@testable import CarteleraFetch
import Testing

@Suite("RequestURL")
struct RequestURLTests {
    @Test("odd but absolute URLs give their scheme, host:port and path", arguments: [
        ("http://Example.COM:8080/A?b#c", "http", "example.com:8080", "/A?b"),
        ("HTTPS://x", "https", "x", "/"),
        ("http://x?q=1", "http", "x", "/?q=1"),
        ("http://user:pw@host/p", "http", "host", "/p"),
        ("http://a@b@c/", "http", "c", "/"),
        ("http://[::1]:80/x", "http", "[::1]:80", "/x"),
        ("http://#frag", "http", "", "/"),
        ("http:///path", "http", "", "/path"),
        ("file:///etc/hosts", "file", "", "/etc/hosts"),
        ("http://x/a://b", "http", "x", "/a://b"),
        ("http://x:99999999999999999999/", "http", "x:99999999999999999999", "/"),
        ("http://ñandú.example/ruta", "http", "ñandú.example", "/ruta"),
    ] as [(String, String, String, String)])
    func parses(url: String, scheme: String, authority: String, pathAndQuery: String) throws {
        let parts = try #require(RequestURL(url))
        #expect(parts.scheme == scheme)
        #expect(parts.authority == authority)
        #expect(parts.pathAndQuery == pathAndQuery)
    }

    @Test("URLs without a valid scheme, or with spaces or control characters, are refused", arguments: [
        "", "://x", "1http://x", "ht tp://x", "http//x", "/relative", "http://x/a b", "http://x/\u{0}evil",
        "http://x/\r\nHost: y", "ｈttp://x", "é://x", "http://x/\u{7f}", "\thttp://x", "http://x/ ",
    ])
    func refuses(url: String) {
        #expect(RequestURL(url) == nil)
    }

    @Test("a refused URL is an invalidURL error before any transfer")
    func transportRefuses() async {
        let fetcher = CurlFetcher(configuration: testConfiguration())
        #expect(await fetchError(fetcher, FetchRequest(url: "http://127.0.0.1:9/\u{0}evil"))?.kind == .invalidURL)
        #expect(await fetchError(fetcher, FetchRequest(url: "http://127.0.0.1:9/a b"))?.kind == .invalidURL)
    }
}
