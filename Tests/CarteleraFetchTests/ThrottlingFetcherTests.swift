import CarteleraFetch
import CarteleraTesting
import Foundation
import Synchronization
import Testing

/// Counts requests in flight at the server, remembering the most seen at once.
private final class InFlightMeter: Sendable {
    private struct State {
        var current = 0
        var peak = 0
    }

    private let state = Mutex(State())

    func enter() { state.withLock { $0.current += 1; $0.peak = max($0.peak, $0.current) } }
    func leave() { state.withLock { $0.current -= 1 } }
    var peak: Int { state.withLock { $0.peak } }
}

/// A server whose every answer takes a tenth of a second, so requests overlap, measured by `meter`.
private func slowServer(_ meter: InFlightMeter) throws -> LoopbackServer {
    try LoopbackServer { _ in
        meter.enter()
        defer { meter.leave() }
        Thread.sleep(forTimeInterval: 0.1)
        return .ok("x")
    }
}

/// Fetches all requests at once and waits for every one.
private func fetchTogether(_ fetcher: any Fetcher, _ requests: [FetchRequest]) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for request in requests { group.addTask { _ = try await fetcher.fetch(request) } }
        try await group.waitForAll()
    }
}

@Suite("ThrottlingFetcher")
struct ThrottlingFetcherTests {
    @Test("no more than the per-host limit of requests are in flight at once")
    func concurrencyLimit() async throws {
        let meter = InFlightMeter()
        let server = try slowServer(meter)
        defer { server.stop() }
        let fetcher = ThrottlingFetcher(base: CurlFetcher(configuration: testConfiguration()), concurrencyPerHost: 2, delaySeconds: 0)

        try await fetchTogether(fetcher, (0..<8).map { FetchRequest(url: server.baseURL + "/\($0)") })

        #expect(server.requests.count == 8)
        #expect(meter.peak == 2)
    }

    @Test("a policy's lower concurrency applies to its host; a higher one never loosens the default")
    func policyConcurrency() async throws {
        let strictMeter = InFlightMeter()
        let strict = try slowServer(strictMeter)
        defer { strict.stop() }
        let looseMeter = InFlightMeter()
        let loose = try slowServer(looseMeter)
        defer { loose.stop() }
        let fetcher = ThrottlingFetcher(base: CurlFetcher(configuration: testConfiguration()), concurrencyPerHost: 2, delaySeconds: 0)

        try await fetchTogether(
            fetcher,
            (0..<4).map { FetchRequest(url: strict.baseURL + "/\($0)", policy: FetchPolicy(perHostConcurrency: 1)) }
                + (0..<6).map { FetchRequest(url: loose.baseURL + "/\($0)", policy: FetchPolicy(perHostConcurrency: 8)) })

        #expect(strict.requests.count == 4)
        #expect(loose.requests.count == 6)
        #expect(strictMeter.peak == 1)
        #expect((1...2).contains(looseMeter.peak))
    }

    @Test("requests to one host start at least the delay apart; a policy can lengthen it, never shorten it", arguments: [
        (0.05, nil), (0.0, 0.05), (0.05, 0.0),
    ] as [(Double, Double?)])
    func delayBetweenStarts(defaultSeconds: Double, policySeconds: Double?) async throws {
        let starts = try await releases(delaySeconds: defaultSeconds, policy: FetchPolicy(perHostDelaySeconds: policySeconds))
        #expect(starts.count == 5)
        for (earlier, later) in zip(starts, starts.dropFirst()) {
            #expect(earlier.duration(to: later) >= .milliseconds(40))
        }
    }

    @Test("one host's delay holds back its own next request but not another host's", .timeLimit(.minutes(1)))
    func delayIsPerHost() async throws {
        // Hosts are host:port, so two loopback servers are two hosts. The slow host's delay is far longer than the
        // test may run: its second request can only still be waiting when the other host's request is done.
        let slow = try LoopbackServer { _ in .ok("lento") }
        defer { slow.stop() }
        let quick = try LoopbackServer { _ in .ok("rápido") }
        defer { quick.stop() }
        let fetcher = ThrottlingFetcher(base: CurlFetcher(configuration: testConfiguration()), concurrencyPerHost: 2, delaySeconds: 0)
        fetcher.raiseDelay(to: 600, forHost: "127.0.0.1:\(slow.port)")

        _ = try await fetcher.fetch(FetchRequest(url: slow.baseURL + "/1"))
        let secondSlow = Task { await fetchError(fetcher, FetchRequest(url: slow.baseURL + "/2")) }
        let quickResponses = [
            try await fetcher.fetch(FetchRequest(url: quick.baseURL + "/1")),
            try await fetcher.fetch(FetchRequest(url: quick.baseURL + "/2")),
        ]
        let slowPathsMeanwhile = slow.requests.map(\.path)
        secondSlow.cancel()
        let secondSlowError = await secondSlow.value

        #expect(quickResponses.map(\.status) == [200, 200])
        #expect(quick.requests.map(\.path) == ["/1", "/2"])
        #expect(slowPathsMeanwhile == ["/1"])
        #expect(secondSlowError?.kind == .cancelled)
        #expect(slow.requests.map(\.path) == ["/1"])
    }

    /// When each of five requests to one host left the throttle, as the transport beneath it saw them.
    ///
    /// The throttle's own releases are measured, not arrivals at a server: those add thread and socket jitter.
    private func releases(delaySeconds: Double, policy: FetchPolicy) async throws -> [ContinuousClock.Instant] {
        let starts = Recorder<ContinuousClock.Instant>()
        let fetcher = ThrottlingFetcher(base: StartRecordingFetcher(starts: starts), concurrencyPerHost: 4, delaySeconds: delaySeconds)
        try await fetchTogether(fetcher, (0..<5).map { FetchRequest(url: "http://127.0.0.1:9/\($0)", policy: policy) })
        return starts.all.sorted()
    }
}

/// A transport that answers at once and notes when each request reached it.
private struct StartRecordingFetcher: Fetcher {
    let starts: Recorder<ContinuousClock.Instant>

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        starts.append(.now)
        return FetchResponse(url: request.url, status: 200, body: Array("x".utf8))
    }
}
