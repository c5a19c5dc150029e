import CarteleraCore
import Synchronization

/// Per-host slots and start times behind `ThrottlingFetcher` (Scrapy's downloader `Slot`).
///
/// Each host starts with the gate's delay and concurrency; requests and robots.txt can only make a host
/// more polite: its delay is the largest anyone asked for, its concurrency the smallest.
final class HostGate: Sendable {
    private struct Host {
        var inFlight = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
        var lastStart: ContinuousClock.Instant?
        var delaySeconds: Double
        var concurrency: Int
    }

    private let concurrency: Int
    private let delaySeconds: Double
    private let hosts = Mutex<[String: Host]>([:])

    /// A gate giving each host `concurrency` slots and `delaySeconds` between starts, both held to `FetchLimits`.
    init(concurrency: Int, delaySeconds: Double) {
        self.concurrency = FetchLimits.concurrency(concurrency)
        self.delaySeconds = FetchLimits.wait(delaySeconds, fallback: FetchConfiguration().perHostDelaySeconds)
    }

    /// Makes a host at least as polite as asked: a longer delay or fewer slots; a nil or NaN value asks nothing.
    func tighten(_ host: String, delaySeconds: Double?, concurrency: Int?) {
        hosts.withLock { hosts in
            var state = hosts[host] ?? Host(delaySeconds: self.delaySeconds, concurrency: self.concurrency)
            Self.tighten(&state, delaySeconds: delaySeconds, concurrency: concurrency)
            hosts[host] = state
        }
    }

    /// Takes a slot (waiting in line if all are busy), then sleeps until this request's start time.
    func enter(_ host: String, policy: FetchPolicy) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = hosts.withLock { hosts in
                var state = hosts[host] ?? Host(delaySeconds: delaySeconds, concurrency: concurrency)
                defer { hosts[host] = state }
                Self.tighten(&state, delaySeconds: policy.perHostDelaySeconds, concurrency: policy.perHostConcurrency)
                guard state.inFlight < state.concurrency else {
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
                guard var state = hosts[host] else { return nil }
                let now = ContinuousClock.now
                if let last = state.lastStart {
                    let earliest = last.advanced(by: .milliseconds(Checked.milliseconds(state.delaySeconds)))
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

    /// Frees the slot, handing it to the next request in line if the host's concurrency allows.
    func leave(_ host: String) {
        let next = hosts.withLock { hosts -> CheckedContinuation<Void, Never>? in
            guard var state = hosts[host] else { return nil }
            defer { hosts[host] = state }
            state.inFlight = max(0, state.inFlight - 1)
            // A concurrency lowered while requests were in flight lets the next one in only once enough have left.
            guard state.inFlight < state.concurrency, !state.waiting.isEmpty else { return nil }
            state.inFlight += 1
            return state.waiting.removeFirst()
        }
        next?.resume()
    }

    private static func tighten(_ state: inout Host, delaySeconds: Double?, concurrency: Int?) {
        if let delaySeconds { state.delaySeconds = max(state.delaySeconds, FetchLimits.wait(delaySeconds, fallback: 0)) }
        if let concurrency { state.concurrency = min(state.concurrency, FetchLimits.concurrency(concurrency)) }
    }
}
