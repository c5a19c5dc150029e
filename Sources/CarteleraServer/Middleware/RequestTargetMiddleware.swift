import Foundation
import Hummingbird

/// Refuses request targets no client should send before anything reads them: 414 past `maximumBytes`, 400 for a path
/// segment that is not percent-encoded UTF-8 or holds `.`/`..`, a backslash, NUL or an encoded `/` (allowed only in the
/// night ids of `/api/nights/`).
struct RequestTargetMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let maximumBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.string.utf8.count <= maximumBytes else {
            throw APIError(status: .uriTooLong, code: "uri_too_long", message: "the request target is longer than \(maximumBytes) bytes")
        }
        let path = request.uri.path
        if Self.needsDecoding(path) {
            _ = try Self.segments(path, encodedSlashes: path.hasPrefix("/api/nights/"))
        }
        return try await next(request, context)
    }

    /// Whether `rawPath` needs `segments(_:encodedSlashes:)`'s checks: it holds a percent-escape, a backslash, a NUL or a
    /// byte outside ASCII, or a segment that is `.` or `..`. Nearly every path is plain ASCII and is passed on after
    /// this one scan instead of a decoded string per segment.
    static func needsDecoding(_ rawPath: String) -> Bool {
        var segmentLength = 0, dots = 0
        for byte in rawPath.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                if segmentLength > 0, segmentLength == dots { return true }
                segmentLength = 0
                dots = 0
                continue
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "%"), UInt8(ascii: "\\"), 0, 0x80...: return true
            default: break
            }
            segmentLength += 1
        }
        return segmentLength > 0 && segmentLength == dots
    }

    /// The decoded segments of `rawPath`, or 400 naming what is wrong.
    static func segments(_ rawPath: String, encodedSlashes: Bool = false) throws(APIError) -> [String] {
        var segments: [String] = []
        for raw in rawPath.split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = String(raw).removingPercentEncoding else {
                throw APIError(status: .badRequest, code: "bad_path", message: "the path is not valid percent-encoded UTF-8")
            }
            guard segment != ".", segment != "..", encodedSlashes || !segment.contains("/"), !segment.contains("\\"), !segment.contains("\0") else {
                throw APIError(status: .badRequest, code: "bad_path", message: "the path leaves the published folder")
            }
            segments.append(segment)
        }
        return segments
    }
}
