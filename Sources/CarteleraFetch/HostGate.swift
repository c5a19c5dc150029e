import Synchronization

/// Per-host slots and start times behind `ThrottlingFetcher` (Scrapy's downloader `Slot`).
final class HostGate: Sendable {
    private struct Host {
        var inFlight = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var lastStart: ContinuousClock.Instant?
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
        // A request goes only when the previous one to the host went at least a delay ago, stamped at the moment it
        // really goes: a task woken late by a busy machine must not start together with the next one.
        while true {
            let earliest: ContinuousClock.Instant? = hosts.withLock { hosts in
                var state = hosts[host] ?? Host(delaySeconds: delaySeconds)
                let now = ContinuousClock.now
                if let last = state.lastStart {
                    let earliest = last.advanced(by: .milliseconds(Int(state.delaySeconds * 1000)))
                    if now < earliest { return earliest }
                }
                state.lastStart = now
                hosts[host] = state
                return nil
            }
            guard let earliest else { return }
            guard (try? await Task.sleep(until: earliest, clock: .continuous)) != nil else { return }
        }
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
