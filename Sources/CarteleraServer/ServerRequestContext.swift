import CarteleraSite
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The request context: Hummingbird's core storage, the client's address (for rate limits and the access log), and
/// answers encoded as the command line's `--json` encodes them (sorted keys, slashes as they are).
///
/// Every middleware layer and route gets a copy: it holds the client's address as plain bytes, not NIO's
/// `SocketAddress` (which carries a reference), so a copy adds nothing to retain.
struct ServerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's IP address as the rate limits count it, read once from the socket's address.
    let clientAddress: ClientAddress
    /// The client's IP address as text, "unknown" when the socket has none: written only when a line is logged.
    var client: String { clientAddress.text ?? "unknown" }
    /// The reader's language when the request is a plain HTML form answered with a page (`SignUpFormMiddleware`); nil for the API.
    var formLanguage: SiteLanguage?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = ClientAddress(source.channel.remoteAddress)
    }

    var responseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
