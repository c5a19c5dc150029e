import CarteleraFetch
import CarteleraTesting
import Testing

@Suite("FetchPipeline")
struct FetchPipelineTests {
    @Test("the standard stack obeys robots, retries, and a second run over unchanged pages transfers no bodies")
    func wholeStack() async throws {
        let calls = Counter()
        let server = try LoopbackServer { request in
            switch request.path {
            case "/robots.txt":
                return .ok("User-agent: *\nDisallow: /privado", contentType: "text/plain")
            case "/flaky" where calls.next() == 1:
                return .status(503)
            default:
                let etag = "\"\(request.path)\""
                if request.headers["if-none-match"] == etag { return .status(304, headers: ["ETag": etag]) }
                var response = LoopbackResponse.ok(String(repeating: "programa ", count: 200))
                response.headers["ETag"] = etag
                return response
            }
        }
        defer { server.stop() }
        var configuration = testConfiguration(cacheDirectory: try temporaryDirectory())
        configuration.perHostDelaySeconds = 0.01
        let paths = ["/dia/1", "/dia/2", "/flaky"]

        let firstRun = FetchPipeline.make(configuration, logger: quietLogger)
        var firstBytes = 0
        for path in paths { firstBytes += try await firstRun.fetch(FetchRequest(url: server.baseURL + path)).bytesTransferred }
        let denied = await fetchError(firstRun, FetchRequest(url: server.baseURL + "/privado/x"))

        let secondRun = FetchPipeline.make(configuration, logger: quietLogger)
        var second: [FetchResponse] = []
        for path in paths { second.append(try await secondRun.fetch(FetchRequest(url: server.baseURL + path))) }

        #expect(denied?.kind == .robotsDisallowed)
        #expect(second.allSatisfy { $0.fromCache && $0.body.count == 1800 })
        let secondBytes = second.map(\.bytesTransferred).reduce(0, +)
        #expect(secondBytes < firstBytes / 4)
        #expect(!server.requests.contains { $0.path.hasPrefix("/privado") })
        #expect(server.requests.filter { $0.path == "/robots.txt" }.count == 2, "once per run")
        #expect(server.requests.first?.headers["user-agent"] == FetchConfiguration.defaultUserAgent)
    }

    @Test("with robots off, robots.txt is never requested")
    func robotsOff() async throws {
        let server = try LoopbackServer { _ in .ok("x") }
        defer { server.stop() }
        var configuration = testConfiguration()
        configuration.obeyRobots = false

        _ = try await FetchPipeline.make(configuration, logger: quietLogger).fetch(FetchRequest(url: server.baseURL + "/a"))

        #expect(server.requests.map(\.path) == ["/a"])
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
