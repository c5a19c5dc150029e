import CarteleraFetch
import CarteleraTesting
import Foundation
import Synchronization
import Testing

/// Counts requests in flight at the server, remembering the most seen at once and when each started.
private final class InFlightMeter: Sendable {
    private struct State {
        var current = 0
        var peak = 0
        var starts: [ContinuousClock.Instant] = []
    }

    private let state = Mutex(State())

    func enter() { state.withLock { $0.current += 1; $0.peak = max($0.peak, $0.current); $0.starts.append(.now) } }
    func leave() { state.withLock { $0.current -= 1 } }
    var peak: Int { state.withLock { $0.peak } }
    var starts: [ContinuousClock.Instant] { state.withLock { $0.starts.sorted() } }
}

@Suite("ThrottlingFetcher")
struct ThrottlingFetcherTests {
    @Test("no more than the per-host limit of requests are in flight at once")
    func concurrencyLimit() async throws {
        let meter = InFlightMeter()
        let server = try LoopbackServer { _ in
            meter.enter()
            defer { meter.leave() }
            Thread.sleep(forTimeInterval: 0.1)
            return .ok("x")
        }
        defer { server.stop() }
        let fetcher = ThrottlingFetcher(base: CurlFetcher(configuration: testConfiguration()), concurrencyPerHost: 2, delaySeconds: 0)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask { _ = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/\(index)")) }
            }
            try await group.waitForAll()
        }

        #expect(server.requests.count == 8)
        #expect(meter.peak == 2)
    }

    @Test("requests to one host start at least the delay apart")
    func delayBetweenStarts() async throws {
        // The throttle's own releases are measured, not arrivals at a server: those add thread and socket jitter.
        let meter = InFlightMeter()
        let base = RecordingFetcher(meter: meter)
        let fetcher = ThrottlingFetcher(base: base, concurrencyPerHost: 4, delaySeconds: 0.05)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<5 {
                group.addTask { _ = try await fetcher.fetch(FetchRequest(url: "http://127.0.0.1:9/\(index)")) }
            }
            try await group.waitForAll()
        }

        let starts = meter.starts.sorted()
        #expect(starts.count == 5)
        for (earlier, later) in zip(starts, starts.dropFirst()) {
            #expect(earlier.duration(to: later) >= .milliseconds(40))
        }
    }

    @Test("a raised delay (a robots Crawl-delay) applies only to its host")
    func raisedDelayIsPerHost() async throws {
        let server = try LoopbackServer { _ in .ok("x") }
        defer { server.stop() }
        let fetcher = ThrottlingFetcher(base: CurlFetcher(configuration: testConfiguration()), concurrencyPerHost: 2, delaySeconds: 0)
        fetcher.raiseDelay(to: 0.2, forHost: "127.0.0.1:\(server.port)")

        let clock = ContinuousClock()
        let elapsed = try await clock.measure {
            for _ in 0..<3 { _ = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/")) }
        }

        #expect(elapsed >= .milliseconds(400))
    }
}

/// A transport that answers at once and notes when each request reached it.
private struct RecordingFetcher: Fetcher {
    let meter: InFlightMeter

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        meter.enter()
        meter.leave()
        return FetchResponse(url: request.url, status: 200, body: Array("x".utf8))
    }
}
