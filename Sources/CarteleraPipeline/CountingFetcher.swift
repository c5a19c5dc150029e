import CarteleraFetch
import Synchronization

/// Counts one source's requests, bytes and cache hits on their way through.
final class CountingFetcher: Fetcher {
    struct Counts: Sendable {
        var requests = 0
        var bytes = 0
        var notModified = 0
    }

    private let base: any Fetcher
    private let counts = Mutex(Counts())

    init(_ base: any Fetcher) { self.base = base }

    var current: Counts { counts.withLock { $0 } }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        counts.withLock { $0.requests += 1 }
        let response = try await base.fetch(request)
        counts.withLock {
            $0.bytes += response.bytesTransferred
            if response.fromCache { $0.notModified += 1 }
        }
        return response
    }
}
