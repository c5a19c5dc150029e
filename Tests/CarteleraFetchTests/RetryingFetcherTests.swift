import CarteleraFetch
import CarteleraTesting
import Testing

@Suite("RetryingFetcher")
struct RetryingFetcherTests {
    private func retrying(maxRetries: Int = 2, sleeps: Recorder<Double>) -> (any Fetcher) -> any Fetcher {
        { base in
            RetryingFetcher(base: base, maxRetries: maxRetries, backoffBaseSeconds: 0.5, logger: quietLogger) { sleeps.append($0) }
        }
    }

    @Test("a 500 then a 200 succeeds on the second try")
    func recoversFromOneServerError() async throws {
        let calls = Counter()
        let server = try LoopbackServer { _ in calls.next() == 1 ? .status(500) : .ok("bien") }
        defer { server.stop() }
        let sleeps = Recorder<Double>()
        let fetcher = retrying(sleeps: sleeps)(CurlFetcher(configuration: testConfiguration()))

        let response = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/guide"))

        #expect(response.status == 200)
        #expect(response.attempts == 2)
        let sleep = try #require(sleeps.all.first)
        #expect(sleeps.all.count == 1)
        #expect((0.25...0.5).contains(sleep))
    }

    @Test("a 500 forever gives up after maxRetries with an error naming the URL and the tries")
    func givesUpOnPersistentServerError() async throws {
        let server = try LoopbackServer { _ in .status(500) }
        defer { server.stop() }
        let sleeps = Recorder<Double>()
        let fetcher = retrying(maxRetries: 2, sleeps: sleeps)(CurlFetcher(configuration: testConfiguration()))
        let url = server.baseURL + "/x"

        let error = try #require(await fetchError(fetcher, FetchRequest(url: url, source: "demo-tv")))

        #expect(error.kind == .httpStatus)
        #expect(error.attempts == 3)
        #expect(error.description == "demo-tv: GET \(url): HTTP 500 after 3 tries")
        #expect(server.requests.count == 3)
        try #require(sleeps.all.count == 2)
        #expect(sleeps.all[1] >= 0.5, "the second backoff doubles the first")
    }

    @Test("a 429 with Retry-After: 1 waits at least a second, then succeeds")
    func honoursRetryAfterSeconds() async throws {
        let calls = Counter()
        let server = try LoopbackServer { _ in calls.next() == 1 ? .status(429, headers: ["Retry-After": "1"]) : .ok("ya") }
        defer { server.stop() }
        let sleeps = Recorder<Double>()
        let fetcher = retrying(sleeps: sleeps)(CurlFetcher(configuration: testConfiguration()))

        let response = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/"))

        #expect(response.attempts == 2)
        #expect(sleeps.all == [1])
    }

    @Test("a Retry-After HTTP-date is measured against the response's Date and capped")
    func honoursRetryAfterDate() async throws {
        let calls = Counter()
        let server = try LoopbackServer { _ in
            switch calls.next() {
            case 1: .status(503, headers: ["Date": "Sun, 06 Nov 1994 08:49:37 GMT", "Retry-After": "Sun, 06 Nov 1994 08:49:40 GMT"])
            case 2: .status(503, headers: ["Retry-After": "86400"])
            default: .ok("ya")
            }
        }
        defer { server.stop() }
        let sleeps = Recorder<Double>()
        let fetcher = retrying(sleeps: sleeps)(CurlFetcher(configuration: testConfiguration()))

        _ = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/"))

        #expect(sleeps.all == [3, 120])
    }

    @Test("a truncated body is retried, then reported as truncated")
    func truncatedAfterRetries() async throws {
        let server = try LoopbackServer { _ in LoopbackResponse.ok(String(repeating: "x", count: 500)).with(.truncate(afterBytes: 10)) }
        defer { server.stop() }
        let fetcher = retrying(maxRetries: 2, sleeps: Recorder())(CurlFetcher(configuration: testConfiguration()))

        let error = await fetchError(fetcher, FetchRequest(url: server.baseURL + "/"))

        #expect(error?.kind == .truncated)
        #expect(error?.attempts == 3)
        #expect(server.requests.count == 3)
    }

    @Test("a 404 is not retried")
    func clientErrorsAreFinal() async throws {
        let server = try LoopbackServer { _ in .status(404) }
        defer { server.stop() }
        let fetcher = retrying(sleeps: Recorder())(CurlFetcher(configuration: testConfiguration()))

        let error = await fetchError(fetcher, FetchRequest(url: server.baseURL + "/missing"))

        #expect(error?.status == 404)
        #expect(server.requests.count == 1)
    }

    @Test("retryable kinds are timeouts, connection, truncation, 5xx, 429 and 408")
    func retryableKinds() {
        func error(_ kind: FetchError.Kind, _ status: Int? = nil) -> FetchError {
            FetchError(kind, url: "http://x/", status: status, detail: "")
        }
        #expect(RetryingFetcher.isRetryable(error(.timeout)))
        #expect(RetryingFetcher.isRetryable(error(.connection)))
        #expect(RetryingFetcher.isRetryable(error(.truncated)))
        #expect(RetryingFetcher.isRetryable(error(.httpStatus, 502)))
        #expect(RetryingFetcher.isRetryable(error(.httpStatus, 429)))
        #expect(RetryingFetcher.isRetryable(error(.httpStatus, 408)))
        #expect(!RetryingFetcher.isRetryable(error(.httpStatus, 403)))
        #expect(!RetryingFetcher.isRetryable(error(.tooLarge)))
        #expect(!RetryingFetcher.isRetryable(error(.robotsDisallowed)))
    }
}
