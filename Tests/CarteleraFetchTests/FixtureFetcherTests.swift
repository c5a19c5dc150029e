import CarteleraFetch
import Foundation
import Testing

/// A class, so each test's fixture folder is removed when the test's instance goes.
@Suite("FixtureFetcher")
final class FixtureFetcherTests {
    private let directory: String

    init() throws {
        directory = try temporaryDirectory()
        for name in ["listing.html", "detail.html", "search.json", "fallback.html"] {
            try Data(name.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func body(_ response: FetchResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    private var fetcher: FixtureFetcher {
        FixtureFetcher(routes: [
            .init(url: "https://tv.example/guia?dia=1", file: directory + "/listing.html"),
            .init(url: "https://tv.example/programa/*", file: directory + "/detail.html"),
            .init(method: "POST", url: "https://tv.example/buscar", bodyContains: "q=cine", file: directory + "/search.json"),
            .init(url: "https://tv.example/caido", file: directory + "/listing.html", status: 503),
        ])
    }

    @Test("an exact URL route answers with its file and a Content-Type guessed from the extension")
    func exactRoute() async throws {
        let response = try await fetcher.fetch(FetchRequest(url: "https://tv.example/guia?dia=1"))
        #expect(body(response) == "listing.html")
        #expect(response.status == 200)
        #expect(response.contentType == "text/html")
        #expect(response.bytesTransferred == 0)
    }

    @Test("a URL ending in * matches by prefix")
    func prefixRoute() async throws {
        #expect(body(try await fetcher.fetch(FetchRequest(url: "https://tv.example/programa/81123"))) == "detail.html")
    }

    @Test("method and body text must match when a route names them")
    func methodAndBody() async throws {
        let post = FetchRequest(url: "https://tv.example/buscar", method: "POST", body: Array("canal=2&q=cine".utf8))
        let response = try await fetcher.fetch(post)
        #expect(body(response) == "search.json")
        #expect(response.contentType == "application/json")
        #expect(await fetchError(fetcher, FetchRequest(url: "https://tv.example/buscar"))?.kind == .noFixture)
        let otherBody = FetchRequest(url: "https://tv.example/buscar", method: "POST", body: Array("q=deporte".utf8))
        #expect(await fetchError(fetcher, otherBody)?.kind == .noFixture)
    }

    @Test("a route with an error status throws it like the network would")
    func errorStatus() async throws {
        let error = await fetchError(fetcher, FetchRequest(url: "https://tv.example/caido"))
        #expect(error?.kind == .httpStatus)
        #expect(error?.status == 503)
    }

    @Test("routes can match on the request's label")
    func labelRoute() async throws {
        let fetcher = FixtureFetcher(routes: [
            .init(url: "*", label: "detail", file: directory + "/detail.html"),
            .init(url: "*", file: directory + "/listing.html"),
        ])
        #expect(body(try await fetcher.fetch(FetchRequest(url: "https://a/1", label: "detail"))) == "detail.html")
        #expect(body(try await fetcher.fetch(FetchRequest(url: "https://a/1", label: "listing"))) == "listing.html")
    }

    @Test("unmatched requests get the fallback file, or noFixture without one")
    func fallback() async throws {
        let withFallback = FixtureFetcher(routes: [], fallback: directory + "/fallback.html")
        #expect(body(try await withFallback.fetch(FetchRequest(url: "https://other.example/"))) == "fallback.html")
        let error = await fetchError(fetcher, FetchRequest(url: "https://other.example/", source: "demo-tv"))
        #expect(error?.kind == .noFixture)
        #expect(error?.description == "demo-tv: GET https://other.example/: no fixture route matches")
    }

    @Test("a route whose file is missing is fileNotFound")
    func missingFile() async throws {
        let fetcher = FixtureFetcher(routes: [.init(url: "*", file: directory + "/nope.html")])
        #expect(await fetchError(fetcher, FetchRequest(url: "https://a/"))?.kind == .fileNotFound)
    }
}
