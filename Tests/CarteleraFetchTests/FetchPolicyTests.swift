import CarteleraFetch
import CarteleraTesting
import Testing

/// A source's `fetch:` overrides, carried by each request, against the loopback server.
@Suite("FetchPolicy")
struct FetchPolicyTests {
    private let bigPage = String(repeating: "x", count: 5000)

    @Test("a policy's timeout replaces the pipeline's, shorter or longer")
    func timeoutOverride() async throws {
        let server = try LoopbackServer { _ in LoopbackResponse.ok("tarde").with(.delay(seconds: 0.6)) }
        defer { server.stop() }
        let patient = CurlFetcher(configuration: testConfiguration(timeoutSeconds: 5))
        let hasty = CurlFetcher(configuration: testConfiguration(timeoutSeconds: 0.2))

        let cut = await fetchError(patient, FetchRequest(url: server.baseURL + "/", policy: FetchPolicy(timeoutSeconds: 0.2)))
        let waited = try await hasty.fetch(FetchRequest(url: server.baseURL + "/", policy: FetchPolicy(timeoutSeconds: 5)))

        #expect(cut?.kind == .timeout)
        #expect(String(decoding: waited.body, as: UTF8.self) == "tarde")
    }

    @Test("a NaN, negative or zero timeout neither traps nor turns the timeout off", arguments: [Double.nan, -5, 0])
    func hostileTimeout(seconds: Double) async throws {
        let server = try LoopbackServer { _ in LoopbackResponse.ok("tarde").with(.delay(seconds: 1)) }
        defer { server.stop() }
        let fetcher = CurlFetcher(configuration: testConfiguration(timeoutSeconds: 0.2))

        let error = await fetchError(fetcher, FetchRequest(url: server.baseURL + "/", policy: FetchPolicy(timeoutSeconds: seconds)))

        #expect(error?.kind == .timeout)
    }

    @Test("an infinite timeout is held to a day, so a prompt page still arrives")
    func infiniteTimeout() async throws {
        let server = try LoopbackServer { _ in .ok("pronto") }
        defer { server.stop() }
        let fetcher = CurlFetcher(configuration: testConfiguration())

        let response = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/", policy: FetchPolicy(timeoutSeconds: .infinity)))

        #expect(response.status == 200)
    }

    @Test("a policy's body limit replaces the pipeline's, lower or higher")
    func bodyLimitOverride() async throws {
        let page = bigPage
        let server = try LoopbackServer { _ in .ok(page) }
        defer { server.stop() }
        let roomy = CurlFetcher(configuration: testConfiguration(maxBodyBytes: 1 << 20))
        let tight = CurlFetcher(configuration: testConfiguration(maxBodyBytes: 1000))

        let refused = try #require(await fetchError(roomy, FetchRequest(url: server.baseURL + "/", policy: FetchPolicy(maxBodyBytes: 1000))))
        let allowed = try await tight.fetch(FetchRequest(url: server.baseURL + "/", policy: FetchPolicy(maxBodyBytes: 10_000)))

        #expect(refused.kind == .tooLarge)
        #expect(refused.detail.contains("1000 bytes"))
        #expect(allowed.body.count == 5000)
    }

    @Test("a raised body limit stops at the 256 MiB ceiling")
    func bodyLimitCeiling() async throws {
        let declared = FetchPolicy.maxBodyBytesCeiling + 1
        let server = try LoopbackServer { _ in LoopbackResponse.ok("x").with(.declaringContentLength(declared)) }
        defer { server.stop() }
        let fetcher = CurlFetcher(configuration: testConfiguration())

        let error = try #require(await fetchError(fetcher, FetchRequest(url: server.baseURL + "/", policy: FetchPolicy(maxBodyBytes: .max))))

        #expect(error.kind == .tooLarge)
        #expect(error.detail == "body larger than \(FetchPolicy.maxBodyBytesCeiling) bytes (Content-Length)")
    }

    @Test("a negative body limit refuses every body instead of trapping", arguments: [-1, Int.min])
    func negativeBodyLimit(bytes: Int) async throws {
        let server = try LoopbackServer { _ in .ok("x") }
        defer { server.stop() }

        let error = await fetchError(
            CurlFetcher(configuration: testConfiguration(maxBodyBytes: bytes)),
            FetchRequest(url: server.baseURL + "/", policy: FetchPolicy(maxBodyBytes: bytes)))

        #expect(error?.kind == .tooLarge)
    }

    @Test("obeyRobots false skips robots.txt for that request, and says so once at info")
    func robotsOff() async throws {
        let server = try LoopbackServer { request in
            request.path == "/robots.txt" ? .ok("User-agent: *\nDisallow: /", contentType: "text/plain") : .ok("página")
        }
        defer { server.stop() }
        let (logger, records) = memoryLogger()
        let fetcher = RobotsFetcher(base: CurlFetcher(configuration: testConfiguration()), logger: logger)
        let ignoring = FetchPolicy(obeyRobots: false)

        _ = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/guia/1", source: "demo-tv", policy: ignoring))
        _ = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/guia/2", source: "demo-tv", policy: ignoring))
        let obeying = await fetchError(fetcher, FetchRequest(url: server.baseURL + "/guia/3", source: "otra"))

        #expect(server.requests.map(\.path) == ["/guia/1", "/guia/2", "/robots.txt"])
        #expect(obeying?.kind == .robotsDisallowed)
        let ignored = records.all.filter { $0.message == "robots.txt ignored by the source's fetch policy" }
        #expect(ignored.count == 1)
        #expect(ignored.first?.level == .info)
        #expect(ignored.first?.metadata["source.id"] == "demo-tv")
    }

    @Test("requests differing only in policy are different requests")
    func policyIsPartOfTheRequest() {
        let plain = FetchRequest(url: "http://x/")
        let patient = FetchRequest(url: "http://x/", policy: FetchPolicy(timeoutSeconds: 30))
        #expect(plain != patient)
        #expect(Set([plain, patient, plain]).count == 2)
    }
}
