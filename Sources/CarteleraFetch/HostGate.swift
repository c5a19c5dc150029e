import Synchronization

/// Per-host slots and start times behind `ThrottlingFetcher` (Scrapy's downloader `Slot`).
final class HostGate: Sendable {
    private struct Host {
        var inFlight = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var nextStart: ContinuousClock.Instant?
        var delaySeconds: Double
    }

    private let concurrency: Int
    private let delaySeconds: Double
    private let hosts = Mutex<[String: Host]>([:])

    init(concurrency: Int, delaySeconds: Double) {
        self.concurrency = concurrency
        self.delaySeconds = delaySeconds
    }

    func raiseDelay(to seconds: Double, forHost host: String) {
        hosts.withLock { hosts in
            var state = hosts[host] ?? Host(delaySeconds: delaySeconds)
            state.delaySeconds = max(state.delaySeconds, seconds)
            hosts[host] = state
        }
    }

    /// Takes a slot (waiting in line if all are busy), then sleeps until this request's start time.
    func enter(_ host: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = hosts.withLock { hosts in
                var state = hosts[host] ?? Host(delaySeconds: delaySeconds)
                defer { hosts[host] = state }
                guard state.inFlight < concurrency else {
                    state.waiting.append(continuation)
                    return false
                }
                state.inFlight += 1
                return true
            }
            if admitted { continuation.resume() }
        }
        // Start times are handed out in order, so each request starts one delay after the previous one.
        let now = ContinuousClock.now
        let start = hosts.withLock { hosts in
            var state = hosts[host] ?? Host(delaySeconds: delaySeconds)
            let start = max(now, state.nextStart ?? now)
            state.nextStart = start.advanced(by: .milliseconds(Int(state.delaySeconds * 1000)))
            hosts[host] = state
            return start
        }
        if start > now { try? await Task.sleep(until: start, clock: .continuous) }
    }

    /// Frees the slot, handing it straight to the next request in line if there is one.
    func leave(_ host: String) {
        let next = hosts.withLock { hosts -> CheckedContinuation<Void, Never>? in
            guard var state = hosts[host] else { return nil }
            defer { hosts[host] = state }
            guard state.waiting.isEmpty else { return state.waiting.removeFirst() }
            state.inFlight -= 1
            return nil
        }
        next?.resume()
    }
}
