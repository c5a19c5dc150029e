#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HTTPTypes
import Hummingbird

/// Serves a published file's gzip twin (`guide.xml.gz` for `guide.xml`) to a client that accepts gzip, when the twin
/// is at least as new as the file: the request is handed on for the twin, so Hummingbird's file handling answers it
/// (validators, ranges, 304s on the twin's own `ETag`), and the answer says `Content-Encoding: gzip` with the file's type.
///
/// Hummingbird's `FileMiddleware` serves what the path names; choosing a pre-compressed representation is left to us.
///
/// The static API's files (`/api/…`) have no twins, and the build writes none: each is below the bytes
/// `CompressionMiddleware` compresses per request (a schedule of G averages some 27 kB), so a
/// client that accepts gzip gets it already, while twins would cost every cold publish a gzip of all of them (some
/// 360 MB in 13,000 files for G, most never fetched: several seconds of a build that takes nine). Twins are for what
/// cannot be compressed per request (`guide.xml`, 308 MB for G) or what clients fetch by its `.gz` name.
struct PrecompressedFileMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    /// The published folder.
    let folder: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard request.method == .get || request.method == .head, !path.hasPrefix("/api/"), !path.hasSuffix(".gz"),
              let type = PublishedMediaTypes.type(forPath: path), CompressionMiddleware.isCompressible(type.description),
              CompressionMiddleware.accepts("gzip", request.headers[.acceptEncoding]),
              let decoded = path.removingPercentEncoding, Self.hasCurrentTwin(folder + decoded) else {
            return try await next(request, context)
        }
        var head = request.head
        head.path = path + ".gz" + (request.uri.query.map { "?" + $0 } ?? "")
        var response = try await next(Request(head: head, body: request.body), context)
        guard response.status == .ok || response.status == .notModified || response.status == .partialContent else { return response }
        response.headers[.contentType] = type.description
        if response.status != .notModified { response.headers[.contentEncoding] = "gzip" }
        response.headers[.vary] = "Accept-Encoding"
        return response
    }

    /// Whether `path` is a regular file with a `.gz` beside it modified no earlier.
    private static func hasCurrentTwin(_ path: String) -> Bool {
        var plain = stat(), twin = stat()
        guard stat(path, &plain) == 0, (plain.st_mode & S_IFMT) == S_IFREG, stat(path + ".gz", &twin) == 0, (twin.st_mode & S_IFMT) == S_IFREG else {
            return false
        }
        return twin.st_mtim.tv_sec >= plain.st_mtim.tv_sec
    }
}
