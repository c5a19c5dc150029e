import CarteleraFetch
import CarteleraTesting
import Foundation
import Testing

@Suite("CurlFetcher over loopback HTTP")
struct CurlFetcherTests {
    @Test("a GET sends our headers and User-Agent and returns status, headers and body")
    func plainGet() async throws {
        let server = try LoopbackServer { _ in .ok("<p>hola</p>") }
        defer { server.stop() }
        let fetcher = CurlFetcher(configuration: testConfiguration())

        let response = try await fetcher.fetch(
            FetchRequest(url: server.baseURL + "/guide?day=1", headers: ["X-Test": "yes"]))

        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "<p>hola</p>")
        #expect(response.url == server.baseURL + "/guide?day=1")
        #expect(response.headers["content-type"] == "text/html; charset=utf-8")
        #expect(response.bytesTransferred > response.body.count)
        let seen = try #require(server.requests.first)
        #expect(seen.method == "GET")
        #expect(seen.path == "/guide")
        #expect(seen.query == ["day": "1"])
        #expect(seen.headers["x-test"] == "yes")
        #expect(seen.headers["user-agent"] == FetchConfiguration.defaultUserAgent)
    }

    @Test("a POST sends its form body")
    func postForm() async throws {
        let server = try LoopbackServer { request in .ok(request.bodyText) }
        defer { server.stop() }
        let fetcher = CurlFetcher(configuration: testConfiguration())

        let response = try await fetcher.fetch(
            FetchRequest(
                url: server.baseURL + "/search", method: "POST",
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Array("canal=la1&fecha=2026-08-01".utf8)))

        #expect(String(decoding: response.body, as: UTF8.self) == "canal=la1&fecha=2026-08-01")
        let seen = try #require(server.requests.first)
        #expect(seen.method == "POST")
        #expect(seen.headers["content-type"] == "application/x-www-form-urlencoded")
    }

    @Test("a HEAD request gets headers and no body")
    func head() async throws {
        let server = try LoopbackServer { _ in .ok("ignored") }
        defer { server.stop() }
        let response = try await CurlFetcher(configuration: testConfiguration())
            .fetch(FetchRequest(url: server.baseURL + "/", method: "HEAD"))
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(server.requests.first?.method == "HEAD")
    }

    @Test("a file URL is read from disk with nothing transferred")
    func fileURL() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory + "/page.html"
            try Data("<html>fichero</html>".utf8).write(to: URL(fileURLWithPath: path))

            let response = try await CurlFetcher(configuration: testConfiguration()).fetch(FetchRequest(url: "file://" + path))

            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "<html>fichero</html>")
            #expect(response.bytesTransferred == 0)
        }
    }

    @Test("a missing file is fileNotFound")
    func missingFile() async throws {
        let error = await fetchError(CurlFetcher(configuration: testConfiguration()), FetchRequest(url: "file:///nonexistent/cartelera.html"))
        #expect(error?.kind == .fileNotFound)
    }

    @Test("other schemes and relative URLs are refused before any transfer")
    func badURLs() async throws {
        let fetcher = CurlFetcher(configuration: testConfiguration())
        #expect(await fetchError(fetcher, FetchRequest(url: "ftp://example.org/x"))?.kind == .unsupportedScheme)
        #expect(await fetchError(fetcher, FetchRequest(url: "/relative/path"))?.kind == .invalidURL)
    }

    @Test("redirects are followed and the final URL is reported")
    func redirects() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/old": .status(301, headers: ["Location": "/middle"])
            case "/middle": .status(302, headers: ["Location": "/new"])
            default: .ok("moved here")
            }
        }
        defer { server.stop() }

        let response = try await CurlFetcher(configuration: testConfiguration()).fetch(FetchRequest(url: server.baseURL + "/old"))

        #expect(response.url == server.baseURL + "/new")
        #expect(String(decoding: response.body, as: UTF8.self) == "moved here")
        #expect(server.requests.map(\.path) == ["/old", "/middle", "/new"])
    }

    @Test("a redirect loop stops after 5 redirects with an error naming the URL")
    func redirectLoop() async throws {
        let server = try LoopbackServer { _ in .status(302, headers: ["Location": "/loop"]) }
        defer { server.stop() }
        let url = server.baseURL + "/loop"

        let error = try #require(await fetchError(CurlFetcher(configuration: testConfiguration()), FetchRequest(url: url, source: "demo-tv")))

        #expect(error.kind == .httpStatus)
        #expect(error.description.hasPrefix("demo-tv: GET \(url): too many redirects"))
        #expect(server.requests.count == 6)
    }

    @Test("a redirect to a file URL is refused")
    func redirectToFile() async throws {
        let server = try LoopbackServer { _ in .status(302, headers: ["Location": "file:///etc/passwd"]) }
        defer { server.stop() }
        let error = await fetchError(CurlFetcher(configuration: testConfiguration()), FetchRequest(url: server.baseURL + "/"))
        #expect(error?.kind == .unsupportedScheme)
    }

    @Test("an HTTP error status is thrown with the status and Retry-After")
    func httpErrorStatus() async throws {
        let server = try LoopbackServer { _ in .status(503, headers: ["Retry-After": "7"]) }
        defer { server.stop() }
        let error = try #require(await fetchError(CurlFetcher(configuration: testConfiguration()), FetchRequest(url: server.baseURL + "/x")))
        #expect(error.kind == .httpStatus)
        #expect(error.status == 503)
        #expect(error.retryAfterSeconds == 7)
        #expect(error.description == "GET \(server.baseURL)/x: HTTP 503")
    }

    @Test("a response slower than the timeout is a timeout")
    func timeout() async throws {
        let server = try LoopbackServer { _ in LoopbackResponse.ok("late").with(.delay(seconds: 1.5)) }
        defer { server.stop() }
        let error = await fetchError(CurlFetcher(configuration: testConfiguration(timeoutSeconds: 0.3)), FetchRequest(url: server.baseURL + "/slow"))
        #expect(error?.kind == .timeout)
    }

    @Test("a body shorter than its Content-Length is truncated")
    func truncated() async throws {
        let server = try LoopbackServer { _ in LoopbackResponse.ok(String(repeating: "x", count: 1000)).with(.truncate(afterBytes: 100)) }
        defer { server.stop() }
        let error = await fetchError(CurlFetcher(configuration: testConfiguration()), FetchRequest(url: server.baseURL + "/"))
        #expect(error?.kind == .truncated)
    }

    @Test("a server that closes without answering is a connection error")
    func closedWithoutResponse() async throws {
        let server = try LoopbackServer { _ in LoopbackResponse.ok("").with(.closeWithoutResponse) }
        defer { server.stop() }
        let error = await fetchError(CurlFetcher(configuration: testConfiguration()), FetchRequest(url: server.baseURL + "/"))
        #expect(error?.kind == .connection)
    }

    @Test("a body over the limit is tooLarge, with or without Content-Length", arguments: [false, true])
    func tooLarge(streamed: Bool) async throws {
        let server = try LoopbackServer { _ in
            let response = LoopbackResponse.ok(String(repeating: "x", count: 5000))
            return streamed ? response.with(.withoutContentLength) : response
        }
        defer { server.stop() }
        let error = await fetchError(CurlFetcher(configuration: testConfiguration(maxBodyBytes: 1000)), FetchRequest(url: server.baseURL + "/big"))
        #expect(error?.kind == .tooLarge)
    }

    @Test("a gzip body is decoded, and its decoded size counts against the limit")
    func gzip() async throws {
        let text = String(repeating: "Telediario 21:00 ", count: 500)
        let compressed = try Compression.gzip(Array(text.utf8))
        let server = try LoopbackServer { _ in
            LoopbackResponse(status: 200, headers: ["Content-Type": "text/html", "Content-Encoding": "gzip"], body: compressed)
        }
        defer { server.stop() }

        let response = try await CurlFetcher(configuration: testConfiguration()).fetch(FetchRequest(url: server.baseURL + "/"))
        #expect(String(decoding: response.body, as: UTF8.self) == text)
        #expect(server.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)

        let small = CurlFetcher(configuration: testConfiguration(maxBodyBytes: compressed.count + 100))
        #expect(await fetchError(small, FetchRequest(url: server.baseURL + "/"))?.kind == .tooLarge)
    }

    @Test("the Content-Type's media type and charset are parsed", arguments: [
        ("text/html; charset=windows-1252", "text/html", "windows-1252"),
        ("Text/HTML;Charset=\"ISO-8859-1\"", "text/html", "iso-8859-1"),
        ("application/xml", "application/xml", nil),
    ] as [(String, String, String?)])
    func contentType(header: String, type: String, charset: String?) async throws {
        let server = try LoopbackServer { _ in .ok("x", contentType: header) }
        defer { server.stop() }
        let response = try await CurlFetcher(configuration: testConfiguration()).fetch(FetchRequest(url: server.baseURL + "/"))
        #expect(response.contentType == type)
        #expect(response.charset == charset)
    }

    @Test("cancelling the task aborts a slow transfer")
    func cancellation() async throws {
        let server = try LoopbackServer { _ in LoopbackResponse.ok("late").with(.delay(seconds: 2)) }
        defer { server.stop() }
        let fetcher = CurlFetcher(configuration: testConfiguration())
        let task = Task { await fetchError(fetcher, FetchRequest(url: server.baseURL + "/")) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        #expect(await task.value?.kind == .cancelled)
    }
}
