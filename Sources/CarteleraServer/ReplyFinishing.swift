import CarteleraCore
import CarteleraFeeds
import CarteleraModel
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// What every response gets: `ETag`, `Last-Modified`, `Cache-Control`, `304` for a matching conditional request,
/// gzip when the client asks, CORS on the read-only API, and security headers.
enum ReplyFinishing {
    /// Bodies smaller than this are sent as they are: gzip would save little.
    static let compressionThreshold = 512
    /// The largest in-memory body compressed per request.
    static let compressionLimit = 8 * 1024 * 1024
    /// The site's policy: its own scripts and styles only, images from anywhere over http(s), forms to itself.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https: http: data:; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'"

    /// The response for `reply` to `request`; `cors` adds the read-only API's CORS headers.
    static func response(_ reply: Reply, to request: Request, cors: Bool) -> Response {
        var headers = reply.headers
        headers[.contentType] = reply.contentType
        headers[.cacheControl] = reply.caching.header
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "no-referrer"
        if reply.contentType.hasPrefix("text/html") {
            headers[.contentSecurityPolicy] = contentSecurityPolicy
            headers[.frameOptions] = "DENY"
        }
        if cors {
            headers[.accessControlAllowOrigin] = "*"
            headers[.accessControlExposeHeaders] = "ETag, Last-Modified, X-Cartelera-Generation"
        }
        let modified = reply.modified
        if let modified { headers[.lastModified] = HTTPDate.format(modified) }

        var body = reply.body
        var gzipped = reply.gzipEncoded
        let acceptsGzip = accepts("gzip", request.headers[.acceptEncoding])
        if case .bytes(let bytes) = body, !gzipped, acceptsGzip, isCompressible(reply.contentType),
           (compressionThreshold...compressionLimit).contains(bytes.count), let compressed = try? GzipStream.compress(bytes) {
            body = .bytes(compressed)
            gzipped = true
        }
        if gzipped {
            headers[.contentEncoding] = "gzip"
        }
        if isCompressible(reply.contentType) || reply.gzipEncoded { headers[.vary] = "Accept-Encoding" }

        let tag: String
        switch reply.body {
        case .bytes(let bytes): tag = "\"" + FNV1a.hex(bytes) + (gzipped ? "-gz" : "") + "\""
        case .file: tag = "\"" + (reply.entityTag ?? "file") + (gzipped ? "-gz" : "") + "\""
        }
        headers[.eTag] = tag

        let isRead = request.method == .get || request.method == .head
        if isRead, reply.status == .ok, notModified(request, tag: tag, modified: modified) {
            headers[.contentType] = nil
            headers[.contentEncoding] = nil
            return Response(status: .notModified, headers: headers, body: .init())
        }
        let length: Int
        let responseBody: ResponseBody
        switch body {
        case .bytes(let bytes):
            length = bytes.count
            responseBody = request.method == .head ? .init() : .init(byteBuffer: ByteBuffer(bytes: bytes))
        case .file(let path, let size):
            length = size
            responseBody = request.method == .head ? .init() : StaticFiles.stream(path, size: size)
        }
        headers[.contentLength] = String(length)
        return Response(status: reply.status, headers: headers, body: responseBody)
    }

    /// Whether the validators the request sends match: `If-None-Match` first, `If-Modified-Since` only without it (RFC 9110 §13.2.2).
    static func notModified(_ request: Request, tag: String, modified: Timestamp?) -> Bool {
        if let noneMatch = request.headers[.ifNoneMatch] {
            return noneMatch.split(separator: ",").contains { candidate in
                var text = candidate.trimmingCharacters(in: .whitespaces)
                if text == "*" { return true }
                if text.hasPrefix("W/") { text.removeFirst(2) }
                return text == tag
            }
        }
        if let since = request.headers[.ifModifiedSince], let sinceTime = HTTPDate.parse(since), let modified {
            return modified <= sinceTime
        }
        return false
    }

    /// Whether an `Accept-Encoding` value accepts `coding` with a non-zero weight.
    static func accepts(_ coding: String, _ header: String?) -> Bool {
        guard let header else { return false }
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first, name == coding || name == "*" else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return weight > 0
        }
        return false
    }

    /// Text, JSON, XML, calendars, SVG and JavaScript compress well; images and archives do not.
    static func isCompressible(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/") || contentType.contains("json") || contentType.contains("xml") || contentType.hasPrefix("application/javascript")
    }
}
