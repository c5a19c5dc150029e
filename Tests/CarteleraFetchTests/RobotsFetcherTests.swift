import CarteleraFetch
import CarteleraTesting
import Testing

@Suite("RobotsFetcher")
struct RobotsFetcherTests {
    private func robotsServer(_ robots: LoopbackResponse) throws -> LoopbackServer {
        try LoopbackServer { request in request.path == "/robots.txt" ? robots : .ok("page") }
    }

    @Test("a disallowed page is refused and never requested")
    func disallowed() async throws {
        let server = try robotsServer(.ok("User-agent: *\nDisallow: /privado", contentType: "text/plain"))
        defer { server.stop() }
        let fetcher = RobotsFetcher(base: CurlFetcher(configuration: testConfiguration()), logger: quietLogger)
        let url = server.baseURL + "/privado/guia"

        let error = try #require(await fetchError(fetcher, FetchRequest(url: url, source: "demo-tv")))

        #expect(error.kind == .robotsDisallowed)
        #expect(error.description == "demo-tv: GET \(url): disallowed by \(server.baseURL)/robots.txt")
        #expect(server.requests.map(\.path) == ["/robots.txt"])
    }

    @Test("robots.txt is fetched once for many requests to the same site")
    func fetchedOnce() async throws {
        let server = try robotsServer(.ok("User-agent: *\nDisallow: /privado", contentType: "text/plain"))
        defer { server.stop() }
        let fetcher = RobotsFetcher(base: CurlFetcher(configuration: testConfiguration()), logger: quietLogger)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<6 {
                group.addTask { _ = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/dia/\(index)")) }
            }
            try await group.waitForAll()
        }

        #expect(server.requests.filter { $0.path == "/robots.txt" }.count == 1)
        #expect(server.requests.count == 7)
    }

    @Test("a missing or failing robots.txt allows everything", arguments: [404, 500])
    func unavailableAllowsAll(status: Int) async throws {
        let server = try robotsServer(.status(status))
        defer { server.stop() }
        let fetcher = RobotsFetcher(base: CurlFetcher(configuration: testConfiguration()), logger: quietLogger)

        let response = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/privado"))

        #expect(response.status == 200)
    }

    @Test("Crawl-delay is reported for the host")
    func crawlDelay() async throws {
        let server = try robotsServer(.ok("User-agent: *\nCrawl-delay: 3", contentType: "text/plain"))
        defer { server.stop() }
        let delays = Recorder<String>()
        let fetcher = RobotsFetcher(base: CurlFetcher(configuration: testConfiguration()), logger: quietLogger) { host, seconds in
            delays.append("\(host) \(seconds)")
        }

        _ = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/"))

        #expect(delays.all == ["127.0.0.1:\(server.port) 3.0"])
    }
}
