import CarteleraSite
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The request context: Hummingbird's core storage, the client's address (for rate limits and the access log), and
/// answers encoded as the command line's `--json` encodes them (sorted keys, slashes as they are).
struct ServerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's address; nil when the socket has none.
    let remoteAddress: SocketAddress?
    /// The client's IP address as text, "unknown" when the socket has none: written only when a line is logged.
    var client: String { remoteAddress?.ipAddress ?? "unknown" }
    /// The client's IP address as the rate limits count it, read from the socket's address without writing it as text.
    var clientAddress: ClientAddress { ClientAddress(remoteAddress) }
    /// The reader's language when the request is a plain HTML form answered with a page (`SignUpFormMiddleware`); nil for the API.
    var formLanguage: SiteLanguage?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    var responseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
