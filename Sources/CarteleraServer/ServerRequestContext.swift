import CarteleraSite
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The request context: Hummingbird's core storage, the client's address (for rate limits and the access log), and
/// answers encoded as the command line's `--json` encodes them (sorted keys, slashes as they are).
struct ServerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's IP address as text, "unknown" when the socket has none.
    let client: String
    /// The reader's language when the request is a plain HTML form answered with a page (`SignUpFormMiddleware`); nil for the API.
    var formLanguage: SiteLanguage?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    var responseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
