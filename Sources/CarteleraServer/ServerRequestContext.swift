import Hummingbird
import Logging
import NIOCore

/// The request context: Hummingbird's core storage and the client's address, for rate limits and the access log.
struct ServerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's IP address as text, "unknown" when the socket has none.
    let client: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
