import CarteleraCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// On-disk storage for the conditional-request cache: one file per request, written atomically.
///
/// A file holds one line of JSON metadata (URL, status, headers, validators) and then the body.
/// Files are named by a hash of method, URL and body; the stored method and URL are checked on
/// load, so a hash collision is a miss, never a wrong page.
public struct HTTPCache: Sendable {
    /// A stored response and the validators to revalidate it with.
    public struct Entry: Sendable, Equatable {
        /// The final URL the body came from.
        public var url: String
        /// The status it was stored with (200).
        public var status: Int
        /// Its response headers, names lowercased.
        public var headers: [String: String]
        /// The body, decompressed.
        public var body: [UInt8]

        /// The ETag validator, if the server sent one.
        public var etag: String? { headers["etag"] }
        /// The Last-Modified validator, if the server sent one.
        public var lastModified: String? { headers["last-modified"] }

        /// Creates an entry.
        public init(url: String, status: Int, headers: [String: String], body: [UInt8]) {
            self.url = url
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    private struct Metadata: Codable {
        var method: String
        var requestURL: String
        var url: String
        var status: Int
        var headers: [String: String]
    }

    /// The folder holding the cache files.
    public let directory: String

    /// A cache in `directory`, created on first store.
    public init(directory: String) {
        self.directory = directory
    }

    /// The stored entry for a request, or nil when there is none or it cannot be read.
    public func entry(for request: FetchRequest) -> Entry? {
        guard let data = FileManager.default.contents(atPath: path(for: request)),
            let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let metadata = try? JSONDecoder().decode(Metadata.self, from: data[data.startIndex..<newline]),
            metadata.method == request.method.uppercased(), metadata.requestURL == request.url
        else { return nil }
        return Entry(
            url: metadata.url, status: metadata.status, headers: metadata.headers,
            body: Array(data[data.index(after: newline)...]))
    }

    /// Stores an entry for a request: temporary file, fsync, rename, so a reader never sees half a file.
    /// Throws the file system's error; callers log it, since a cache that cannot be written must not lose a page.
    public func store(_ entry: Entry, for request: FetchRequest) throws {
        let metadata = Metadata(
            method: request.method.uppercased(), requestURL: request.url, url: entry.url, status: entry.status,
            headers: entry.headers)
        let finalPath = path(for: request)
        let temporaryPath = directory + "/.\(key(for: request)).\(UInt64.random(in: 0...UInt64.max)).tmp"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var bytes = Array(try JSONEncoder().encode(metadata))
            bytes.append(UInt8(ascii: "\n"))
            bytes += entry.body
            try Self.writeSynced(bytes, to: temporaryPath)
            guard rename(temporaryPath, finalPath) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            unlink(temporaryPath)
            throw error
        }
    }

    /// The cache file for a request.
    func path(for request: FetchRequest) -> String {
        directory + "/" + key(for: request) + ".cache"
    }

    /// FNV-1a over method, URL and body: stable across runs and platforms, unlike `Hasher`.
    private func key(for request: FetchRequest) -> String {
        var hash = FNV1a()
        hash.combine(request.method.uppercased().utf8)
        hash.combine([0])
        hash.combine(request.url.utf8)
        hash.combine([0])
        hash.combine(request.body ?? [])
        return hash.hex
    }

    private static func writeSynced(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            offset += written
        }
        guard fsync(fd) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
