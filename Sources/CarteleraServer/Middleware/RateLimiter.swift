import Foundation
import Synchronization

/// Per-client token buckets: each client may spend `perMinute` requests a minute, in bursts of up to that many.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: Double
    }

    private let perMinute: Double
    private let buckets = Mutex([ClientAddress: Bucket]())
    /// Buckets kept before the full ones are forgotten (a full bucket is the same as none).
    private static let trackedClients = 10_000

    /// A limiter allowing `perMinute` requests a minute per client.
    init(perMinute: Int) {
        self.perMinute = Double(max(1, perMinute))
    }

    /// Takes a token for `client` at `now` (seconds); nil when allowed, else the whole seconds until a token is back.
    func take(_ client: ClientAddress, now: Double = ProcessInfo.processInfo.systemUptime) -> Int? {
        let rate = perMinute / 60
        return buckets.withLock { buckets -> Int? in
            if buckets.count > Self.trackedClients {
                buckets = buckets.filter { $0.value.tokens + (now - $0.value.updated) * rate < perMinute }
            }
            var bucket = buckets[client] ?? Bucket(tokens: perMinute, updated: now)
            bucket.tokens = min(perMinute, bucket.tokens + max(0, now - bucket.updated) * rate)
            bucket.updated = now
            defer { buckets[client] = bucket }
            guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up))) }
            bucket.tokens -= 1
            return nil
        }
    }
}
