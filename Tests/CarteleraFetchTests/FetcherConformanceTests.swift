import CarteleraFetch
import CarteleraTesting
import Foundation
import Testing

/// The contract every transport keeps, checked against each: the network one and the captured-pages one.
@Suite("Fetcher conformance")
struct FetcherConformanceTests {
    enum Transport: String, CaseIterable, CustomTestStringConvertible {
        case curl, fixture
        var testDescription: String { rawValue }
    }

    private static let page = "<html><body>Cartelera</body></html>"

    /// Runs `body` with a fetcher answering `/page` with the page and `/gone` with 404, and the base URL to ask it at.
    private func with(_ transport: Transport, _ body: (_ fetcher: any Fetcher, _ baseURL: String) async throws -> Void) async throws {
        switch transport {
        case .curl:
            let server = try LoopbackServer { request in
                request.path == "/page" ? .ok(Self.page, contentType: "text/html") : .status(404)
            }
            defer { server.stop() }
            try await body(CurlFetcher(configuration: testConfiguration()), server.baseURL)
        case .fixture:
            try await withTemporaryDirectory { directory in
                let file = directory + "/page.html"
                try Data(Self.page.utf8).write(to: URL(fileURLWithPath: file))
                let routes: [FixtureFetcher.Route] = [
                    .init(url: "http://fixture.test/page", file: file),
                    .init(url: "http://fixture.test/gone", file: file, status: 404),
                ]
                try await body(FixtureFetcher(routes: routes), "http://fixture.test")
            }
        }
    }

    @Test("a page comes back whole with status 200, its URL and its media type", arguments: Transport.allCases)
    func answersPage(_ transport: Transport) async throws {
        try await with(transport) { fetcher, baseURL in
            let response = try await fetcher.fetch(FetchRequest(url: baseURL + "/page"))

            #expect(response.status == 200)
            #expect(response.url == baseURL + "/page")
            #expect(response.body == Array(Self.page.utf8))
            #expect(response.contentType == "text/html")
            #expect(response.attempts == 1)
            #expect(!response.fromCache)
        }
    }

    @Test("an error status is thrown as httpStatus with the status and URL", arguments: Transport.allCases)
    func throwsErrorStatus(_ transport: Transport) async throws {
        try await with(transport) { fetcher, baseURL in
            let error = await fetchError(fetcher, FetchRequest(url: baseURL + "/gone", source: "demo"))

            #expect(error?.kind == .httpStatus)
            #expect(error?.status == 404)
            #expect(error?.description == "demo: GET \(baseURL)/gone: HTTP 404")
        }
    }
}
