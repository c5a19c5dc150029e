import CarteleraFetch
import CarteleraTesting
import Testing

@Suite("FetchPipeline")
struct FetchPipelineTests {
    /// A site with robots.txt, pages carrying ETags, one page that fails once, and one that is missing.
    private func site(robots: String = "User-agent: *\nDisallow: /privado") throws -> LoopbackServer {
        let calls = Counter()
        return try LoopbackServer { request in
            switch request.path {
            case "/robots.txt":
                return .ok(robots, contentType: "text/plain")
            case "/flaky" where calls.next() == 1:
                return .status(503)
            case "/missing":
                return .status(404)
            default:
                let etag = "\"\(request.path)\""
                if request.headers["if-none-match"] == etag { return .status(304, headers: ["ETag": etag]) }
                var response = LoopbackResponse.ok(String(repeating: "programa ", count: 200))
                response.headers["ETag"] = etag
                return response
            }
        }
    }

    @Test("the standard stack obeys robots, retries, and a second run over unchanged pages transfers no bodies")
    func wholeStack() async throws {
        let server = try site()
        defer { server.stop() }
        try await withTemporaryDirectory { directory in
            let configuration = testConfiguration(cacheDirectory: directory)
            let paths = ["/dia/1", "/dia/2", "/flaky"]

            let firstRun = FetchPipeline.make(configuration, logger: quietLogger)
            var firstBytes = 0
            for path in paths { firstBytes += try await firstRun.fetch(FetchRequest(url: server.baseURL + path)).bytesTransferred }
            let denied = await fetchError(firstRun, FetchRequest(url: server.baseURL + "/privado/x"))

            let secondRun = FetchPipeline.make(configuration, logger: quietLogger)
            var second: [FetchResponse] = []
            for path in paths { second.append(try await secondRun.fetch(FetchRequest(url: server.baseURL + path))) }

            #expect(denied?.kind == .robotsDisallowed)
            #expect(second.map(\.fromCache) == [true, true, true])
            #expect(second.map(\.body.count) == [1800, 1800, 1800])
            let secondBytes = second.map(\.bytesTransferred).reduce(0, +)
            #expect(secondBytes < firstBytes / 4)
            #expect(!server.requests.contains { $0.path.hasPrefix("/privado") })
            #expect(server.requests.filter { $0.path == "/robots.txt" }.count == 2, "once per run")
            #expect(server.requests.first?.headers["user-agent"] == FetchConfiguration.defaultUserAgent)
        }
    }

    @Test("with robots off, robots.txt is never requested, even for a request whose policy asks to obey it")
    func robotsOff() async throws {
        let server = try LoopbackServer { _ in .ok("x") }
        defer { server.stop() }
        var configuration = testConfiguration()
        configuration.obeyRobots = false
        let pipeline = FetchPipeline.make(configuration, logger: quietLogger)

        _ = try await pipeline.fetch(FetchRequest(url: server.baseURL + "/a"))
        _ = try await pipeline.fetch(FetchRequest(url: server.baseURL + "/b", policy: FetchPolicy(obeyRobots: true)))

        #expect(server.requests.map(\.path) == ["/a", "/b"])
    }

    @Test("at info level each request is logged once: method, URL, status, cache use, bytes, milliseconds and tries")
    func requestLog() async throws {
        let server = try site()
        defer { server.stop() }
        try await withTemporaryDirectory { directory in
            let (logger, records) = memoryLogger()
            let pipeline = FetchPipeline.make(testConfiguration(cacheDirectory: directory), logger: logger)
            let url = { (path: String) in server.baseURL + path }

            for path in ["/guia", "/guia", "/flaky"] { _ = try await pipeline.fetch(FetchRequest(url: url(path), source: "demo-tv")) }
            let missing = await fetchError(pipeline, FetchRequest(url: url("/missing"), source: "demo-tv"))

            let lines = records.all.filter { $0.message == "fetched" || $0.message == "fetch failed" }
            #expect(lines.map { $0.metadata["http.url"] } == ["/robots.txt", "/guia", "/guia", "/flaky", "/missing"].map(url))
            #expect(lines.allSatisfy { $0.level == .info && $0.metadata["http.method"] == "GET" && $0.metadata["source.id"] == "demo-tv" })
            #expect(lines.allSatisfy { Int($0.metadata["fetch.ms"] ?? "") != nil })
            #expect(lines.map { $0.metadata["http.status"] } == ["200", "200", "200", "200", "404"])
            #expect(lines.map { $0.metadata["fetch.from_cache"] } == ["false", "false", "true", "false", nil])
            #expect(lines.map { $0.metadata["fetch.attempts"] } == ["1", "1", "1", "2", "1"])
            #expect(lines.first?.metadata["fetch.label"] == "robots")
            let bytes = lines.prefix(4).compactMap { $0.metadata["fetch.bytes"].flatMap { Int($0) } }
            #expect(bytes.count == 4)
            #expect(bytes[2] < bytes[1], "a 304 costs less than the page")
            #expect(lines.last?.metadata["fetch.failure"] == "httpStatus")
            #expect(missing?.status == 404)
        }
    }

    @Test("robots decisions are logged: a disallowed URL, an unavailable robots.txt, a Crawl-delay, and robots ignored by a policy")
    func robotsLog() async throws {
        let strict = try site(robots: "User-agent: *\nDisallow: /privado\nCrawl-delay: 99999999999999999999")
        defer { strict.stop() }
        let broken = try LoopbackServer { request in request.path == "/robots.txt" ? .status(500) : .ok("x") }
        defer { broken.stop() }
        let (logger, records) = memoryLogger()
        var configuration = testConfiguration()
        // The cap for a Crawl-delay; the site asks for far more, and the run must not wait that long.
        configuration.maxBackoffSeconds = 0.05
        let pipeline = FetchPipeline.make(configuration, logger: logger)

        let denied = await fetchError(pipeline, FetchRequest(url: strict.baseURL + "/privado/1", source: "demo-tv"))
        let overridden = try await pipeline.fetch(
            FetchRequest(url: strict.baseURL + "/privado/2", source: "demo-tv", policy: FetchPolicy(obeyRobots: false)))
        _ = try await pipeline.fetch(FetchRequest(url: broken.baseURL + "/pagina", source: "otra"))

        #expect(denied?.kind == .robotsDisallowed)
        #expect(overridden.status == 200)
        let byMessage = Dictionary(grouping: records.all, by: \.message)
        #expect(byMessage["disallowed by robots.txt"]?.map { $0.metadata["http.url"] } == [strict.baseURL + "/privado/1"])
        #expect(byMessage["robots.txt unavailable, allowing all"]?.map { $0.metadata["http.url"] } == [broken.baseURL + "/robots.txt"])
        let crawlDelay = try #require(byMessage["Crawl-delay applied"]?.first)
        #expect(crawlDelay.metadata["http.host"] == "127.0.0.1:\(strict.port)")
        #expect(crawlDelay.metadata["robots.crawl_delay"] == "86400.0")
        #expect(crawlDelay.metadata["throttle.delay"] == "0.05")
        #expect(byMessage["robots.txt ignored by the source's fetch policy"]?.map { $0.metadata["source.id"] } == ["demo-tv"])
    }

    @Test("a configuration of NaN, infinite and negative values neither traps nor stalls the stack")
    func hostileConfiguration() async throws {
        let calls = Counter()
        let server = try LoopbackServer { request in
            switch request.path {
            case "/robots.txt": .ok("User-agent: *\nCrawl-delay: 1e400", contentType: "text/plain")
            case "/limited" where calls.next() == 1: .status(429, headers: ["Retry-After": String(repeating: "9", count: 40)])
            default: .ok("bien")
            }
        }
        defer { server.stop() }
        let configuration = FetchConfiguration(
            timeoutSeconds: .nan, connectTimeoutSeconds: -1, maxBodyBytes: .max, maxRetries: .max, backoffBaseSeconds: .infinity,
            maxBackoffSeconds: .nan, maxRetryAfterSeconds: -5, perHostConcurrency: .min, perHostDelaySeconds: -.infinity)
        let pipeline = FetchPipeline.make(configuration, logger: quietLogger)

        let page = try await pipeline.fetch(FetchRequest(url: server.baseURL + "/pagina"))
        let limited = try await pipeline.fetch(FetchRequest(url: server.baseURL + "/limited"))

        #expect(String(decoding: page.body, as: UTF8.self) == "bien")
        #expect(limited.attempts == 2)
    }
}
