import CarteleraModel
import Foundation
import HTTPTypes
import Hummingbird

/// A response before the shared finishing touches (validators, conditional requests, compression, security headers).
struct Reply: Sendable {
    /// How long clients and caches may keep a response.
    enum Caching: Sendable {
        /// Never stored: sign-ups, random picks, health, errors.
        case noStore
        /// Public for this many seconds, then revalidated with the validators.
        case seconds(Int)

        var header: String {
            switch self {
            case .noStore: "no-store"
            case .seconds(let seconds): "public, max-age=\(seconds), must-revalidate"
            }
        }
    }

    /// Where the body comes from.
    enum Body: Sendable {
        /// Bytes in memory.
        case bytes([UInt8])
        /// A file too large to hold, streamed as it is read; `size` bytes.
        case file(path: String, size: Int)
    }

    var status: HTTPResponse.Status = .ok
    var contentType: String
    var body: Body
    var caching: Caching
    /// When the content last changed, for `Last-Modified` and `If-Modified-Since`.
    var modified: Timestamp?
    /// A validator for content not held in memory (a file's inode, size and time); in-memory bodies are hashed instead.
    var entityTag: String?
    /// The body is already gzip-encoded (a published `.gz` twin served for its plain name).
    var gzipEncoded = false
    var headers: HTTPFields = [:]

    /// JSON of `value`, with sorted keys as the command line's `--json` writes it.
    static func json(_ value: some Encodable, caching: Caching, modified: Timestamp?) throws -> Reply {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Reply(contentType: "application/json; charset=utf-8", body: .bytes(Array(try encoder.encode(value))), caching: caching, modified: modified)
    }

    /// The reply for an error: its status, its JSON body, never stored.
    static func error(_ error: APIError) -> Reply {
        if error.htmlPage { return SignUpPages.refused(error) }
        return Reply(status: error.status, contentType: "application/json; charset=utf-8", body: .bytes(error.body), caching: .noStore, modified: nil,
              headers: error.headers)
    }
}
