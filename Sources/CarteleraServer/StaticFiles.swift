#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraModel
import Foundation
import Hummingbird
import NIOCore

/// The published folder served as files: never a path outside it (`..`, `%2e%2e`, symlinks out), never a hidden
/// file, never a directory listing; `index.html` for a folder, the build's `404.html` for anything missing.
struct StaticFiles: Sendable {
    /// Files up to this size are read whole (and may be gzipped per request); larger ones are streamed.
    static let wholeFileLimit = 4 * 1024 * 1024

    /// The published folder as configured.
    let folder: String

    /// The published folder with symlinks resolved, looked up per request (a first build may create it); nil while it does not exist.
    var root: String? { Self.realPath(folder) }

    /// The reply for the request path `rawPath` (still percent-encoded), with `acceptsGzip` from the request.
    func reply(rawPath: String, acceptsGzip: Bool) throws(APIError) -> Reply {
        let segments = try Self.segments(rawPath)
        guard let root = self.root else { throw APIError.notFound("nothing is published yet: run `cartelera build`") }
        guard !segments.contains(where: { $0.hasPrefix(".") }) else { return try notFound() }
        let requested = ([root] + segments).joined(separator: "/")
        guard let resolved = Self.realPath(requested), resolved == root || resolved.hasPrefix(root + "/") else {
            return try notFound()
        }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return try notFound() }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            // A folder without its trailing slash would break the relative links of its index page.
            guard rawPath.hasSuffix("/") else {
                var reply = Reply(status: .movedPermanently, contentType: "text/plain; charset=utf-8", body: .bytes(Array("moved\n".utf8)),
                                  caching: .seconds(3600), modified: nil)
                reply.headers[.location] = (rawPath.split(separator: "/").last.map(String.init) ?? "") + "/"
                return reply
            }
            let index = resolved + "/index.html"
            guard stat(index, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return try notFound() }
            return try file(index, info: info, status: .ok, acceptsGzip: acceptsGzip)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return try notFound() }
        return try file(resolved, info: info, status: .ok, acceptsGzip: acceptsGzip)
    }

    /// The build's `404.html` with status 404, or a JSON 404 when the build wrote none.
    func notFound() throws(APIError) -> Reply {
        if let root = self.root {
            var info = stat()
            let page = root + "/404.html"
            if stat(page, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                var reply = try file(page, info: info, status: .notFound, acceptsGzip: false)
                reply.caching = .noStore
                return reply
            }
        }
        throw APIError.notFound()
    }

    /// A regular file's reply: whole or streamed, its gzip twin when there is a current one and the client takes gzip.
    private func file(_ path: String, info: stat, status: HTTPResponse.Status, acceptsGzip: Bool) throws(APIError) -> Reply {
        var path = path
        var info = info
        let contentType = Self.mediaType(path)
        var twinInfo = stat()
        let twin = path + ".gz"
        var gzipEncoded = false
        if acceptsGzip, !path.hasSuffix(".gz"), stat(twin, &twinInfo) == 0, (twinInfo.st_mode & S_IFMT) == S_IFREG,
           twinInfo.st_mtim.tv_sec >= info.st_mtim.tv_sec {
            path = twin
            info = twinInfo
            gzipEncoded = true
        }
        let size = Int(info.st_size)
        let modified = Timestamp(secondsSince1970: Int64(info.st_mtim.tv_sec))
        let tag = "\(String(UInt64(info.st_ino), radix: 16))-\(String(size, radix: 16))-\(String(Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec), radix: 16))"
        let caching: Reply.Caching = contentType.hasPrefix("text/html") ? .seconds(60) : .seconds(300)
        if size > Self.wholeFileLimit {
            return Reply(status: status, contentType: contentType, body: .file(path: path, size: size), caching: caching, modified: modified,
                         entityTag: tag, gzipEncoded: gzipEncoded)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw APIError(status: .internalServerError, code: "unreadable", message: "a published file cannot be read")
        }
        return Reply(status: status, contentType: contentType, body: .bytes(Array(data)), caching: caching, modified: modified,
                     entityTag: tag, gzipEncoded: gzipEncoded)
    }

    /// The decoded path segments of `rawPath`; 400 for bad percent-encoding, NUL, backslashes, `.` or `..`, and for an
    /// encoded `/` inside a segment unless `encodedSlashes` allows it (an API id such as a night's holds one).
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

    /// The media type of a published file by its extension.
    static func mediaType(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent.lowercased()
        if name.hasSuffix(".xml.gz") || name.hasSuffix(".gz") { return "application/gzip" }
        let inFeeds = path.contains("/feeds/")
        switch (name as NSString).pathExtension {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "application/javascript; charset=utf-8"
        case "json": return inFeeds ? "application/feed+json; charset=utf-8" : "application/json; charset=utf-8"
        case "ics": return "text/calendar; charset=utf-8"
        case "xml": return "application/xml; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "txt": return "text/plain; charset=utf-8"
        case "webmanifest": return "application/manifest+json"
        default: return "application/octet-stream"
        }
    }

    /// A body that reads `path` in 64 KiB pieces as the client takes them.
    static func stream(_ path: String, size: Int) -> ResponseBody {
        ResponseBody(contentLength: size) { writer in
            guard let handle = FileHandle(forReadingAtPath: path) else { throw APIError.notFound() }
            defer { try? handle.close() }
            var sent = 0
            while sent < size {
                let chunk = try handle.read(upToCount: min(64 * 1024, size - sent)) ?? Data()
                guard !chunk.isEmpty else { break }
                sent += chunk.count
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
    }

    /// The canonical path of an existing file or folder, symlinks resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
