import CarteleraOutput
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOPosix

/// gzip for clients that accept it: text, JSON, XML, calendars and scripts between `minimumBytes` and `maximumBytes`
/// (answers, and published files small enough to read whole); `Vary: Accept-Encoding` on every compressible type.
///
/// Hummingbird keeps response compression in a package of its own (hummingbird-compression) that this project's
/// package set does not carry. A compressed body's `ETag` becomes weak (`W/"…"`): the same content in another coding.
/// An answer asked for again in gzip is compressed once: zlib costs several times what finding and writing it does.
struct CompressionMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    /// Bodies smaller than this are sent as they are: gzip would save little.
    var minimumBytes = 512
    /// The largest body compressed per request; larger ones are sent as they are.
    var maximumBytes = 8 * 1024 * 1024
    /// Answers already gzipped, by their plain bytes' strong tag.
    let answers = BoundedCache<String, ByteBuffer>(maximumEntries: 256, maximumBytes: 16 * 1024 * 1024)

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard let type = response.headers[.contentType], Self.isCompressible(type) else { return response }
        response.headers[.vary] = "Accept-Encoding"
        // The request's few headers first: a client that takes no gzip (every load generator) needs no other check.
        guard Self.accepts("gzip", request.headers[.acceptEncoding]), response.status != .notModified,
              response.headers[.contentEncoding] == nil, response.headers[.contentRange] == nil,
              let length = response.body.contentLength, length >= minimumBytes, length <= maximumBytes else {
            return response
        }
        // An answer's strong tag names its plain bytes, so their gzip can be kept under it; files' tags are weak.
        let tag = response.headers[.eTag].flatMap { $0.hasPrefix("W/") ? nil : $0 }
        if let tag, let kept = answers.value(for: tag) {
            return Self.gzipped(response, kept)
        }
        guard let plain = try await response.collectBody(upTo: maximumBytes) else { return response }
        // zlib takes milliseconds on a large answer: on the blocking pool, so the tasks answering other requests go on.
        let compressed = try await NIOThreadPool.singleton.runIfActive { try? plain.withUnsafeReadableBytes { try GzipStream.compress(Array($0)) } }
        guard let compressed else { return response }
        let body = ByteBuffer(bytes: compressed)
        if let tag { answers.keep(body, bytes: body.readableBytes, for: tag) }
        return Self.gzipped(response, body)
    }

    /// `response` with `body`, its gzip, and a weak tag: the same content in another coding.
    private static func gzipped(_ response: Response, _ body: ByteBuffer) -> Response {
        var response = response
        response.body = ResponseBody(byteBuffer: body)
        response.headers[.contentEncoding] = "gzip"
        if let tag = response.headers[.eTag], !tag.hasPrefix("W/") { response.headers[.eTag] = "W/" + tag }
        return response
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
        contentType.hasPrefix("text/") || contains(contentType, "json") || contains(contentType, "xml") || contentType.hasPrefix("application/javascript")
    }

    /// Whether `text` holds `part`'s bytes, compared byte by byte: Foundation's `contains` goes through `NSString` and
    /// took a few percent of a small answer's time, asked for every response.
    private static func contains(_ text: String, _ part: StaticString) -> Bool {
        let wanted = UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount)
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= wanted.count else { return false }
            for start in 0...(bytes.count - wanted.count) where bytes[start..<start + wanted.count].elementsEqual(wanted) {
                return true
            }
            return false
        }
    }
}
