import CarteleraModel
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Validators for answers built in memory: an `ETag` hashing the body (XXH64, eight bytes at a time), and `304 Not Modified`
/// when `If-None-Match` names it (or, without one, `If-Modified-Since` is not older than `Last-Modified`, RFC 9110 §13.2.2).
///
/// An answer carries its strong tag already (`JSONAnswer` hashed its bytes once). Responses with a weak `ETag` (the
/// published files) are left as they are: Hummingbird's file handling answers their conditional requests itself.
struct ConditionalRequestMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    /// The largest body hashed; larger ones go without a validator.
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard response.status == .ok || response.status == .notFound || response.status == .created else { return response }
        let tag: String
        if let given = response.headers[.eTag] {
            // A strong tag is an answer's own (`JSONAnswer`); a weak one is a file's, already checked.
            guard !given.hasPrefix("W/") else { return response }
            tag = given
        } else {
            guard let bytes = try await response.collectBody(upTo: limit) else { return response }
            tag = bytes.withUnsafeReadableBytes { "\"" + XXH64.hex($0) + "\"" }
            response.headers[.eTag] = tag
        }
        guard response.status == .ok, request.method == .get || request.method == .head,
              Self.notModified(request.headers, tag: tag, modified: { response.headers[.lastModified].flatMap(HTTPDate.parse) }) else {
            return response
        }
        var headers = response.headers
        headers[.contentType] = nil
        headers[.contentLength] = nil
        return Response(status: .notModified, headers: headers, body: .init())
    }

    /// Whether the request's validators match: `If-None-Match` (weak comparison) first, `If-Modified-Since` only without it.
    /// `modified` is read only when it is needed, a request with `If-Modified-Since` and no `If-None-Match`.
    static func notModified(_ headers: HTTPFields, tag: String, modified: () -> Timestamp?) -> Bool {
        if let noneMatch = headers[.ifNoneMatch] {
            let wanted = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
            return noneMatch.split(separator: ",").contains { candidate in
                var text = candidate.trimmingCharacters(in: .whitespaces)
                if text == "*" { return true }
                if text.hasPrefix("W/") { text.removeFirst(2) }
                return text == wanted
            }
        }
        if let since = headers[.ifModifiedSince], let sinceTime = HTTPDate.parse(since), let modified = modified() {
            return modified <= sinceTime
        }
        return false
    }
}
