import CarteleraCore
import CarteleraOutput
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// On-disk storage for the conditional-request cache: one file per request, written atomically.
///
/// A file holds one line of JSON metadata (URL, status, headers, validators, the body's length and hash)
/// and then the body. Files are named by a hash of method, URL and body; the stored method, URL and
/// request-body hash are checked on load, so a hash collision is a miss, never a wrong page; and a file
/// cut short or garbled is unreadable, never a short page.
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

    /// What a look-up found.
    enum Lookup: Equatable {
        case hit(Entry)
        case miss
        /// A file was there but could not be trusted; it has been removed.
        case unreadable(reason: String)
    }

    private struct Metadata: Codable {
        var method: String
        var requestURL: String
        var requestBodyHash: String
        var url: String
        var status: Int
        var headers: [String: String]
        var bodyBytes: Int
        var bodyHash: String
    }

    /// The folder holding the cache files.
    public let directory: String

    /// A cache in `directory`, created on first store.
    public init(directory: String) {
        self.directory = directory
    }

    /// The stored entry for a request, or nil when there is none or it cannot be trusted.
    public func entry(for request: FetchRequest) -> Entry? {
        guard case .hit(let entry) = lookup(request) else { return nil }
        return entry
    }

    /// The stored entry for a request; a file that is cut short or garbled is removed and reported.
    func lookup(_ request: FetchRequest) -> Lookup {
        let path = path(for: request)
        guard let data = FileManager.default.contents(atPath: path) else { return .miss }
        let metadata: Metadata
        do {
            guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { throw CorruptFile.noMetadataLine }
            metadata = try JSONDecoder().decode(Metadata.self, from: data[data.startIndex..<newline])
            let body = Array(data[data.index(after: newline)...])
            guard body.count == metadata.bodyBytes, FNV1a.hex(body) == metadata.bodyHash else {
                throw CorruptFile.bodyMismatch(expected: metadata.bodyBytes, found: body.count)
            }
            // Another request whose key collides is a miss, and its file is sound: leave it.
            guard metadata.method == request.method.uppercased(), metadata.requestURL == request.url,
                metadata.requestBodyHash == FNV1a.hex(request.body ?? [])
            else { return .miss }
            return .hit(Entry(url: metadata.url, status: metadata.status, headers: metadata.headers, body: body))
        } catch let error as CorruptFile {
            unlink(path)
            return .unreadable(reason: error.description)
        } catch {
            unlink(path)
            return .unreadable(reason: "metadata line is not the expected JSON")
        }
    }

    /// Removes the temporary files that a run killed mid-write left behind, and returns how many it removed.
    ///
    /// Call it only while no other run can be writing here (the pipeline does when it takes the store's writer
    /// lock): another run's write in progress looks just the same.
    @discardableResult
    public func removeLeftoverTemporaryFiles() -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        return names.filter(PublishedFile.isTemp).filter { unlink(directory + "/" + $0) == 0 }.count
    }

    /// Stores an entry for a request through `PublishedFile.write` (temporary file, fsync, rename, folder sync), so a
    /// reader never sees half a file. Throws the file system's error; callers log it, since a cache that cannot be
    /// written must not lose a page.
    public func store(_ entry: Entry, for request: FetchRequest) throws {
        let metadata = Metadata(
            method: request.method.uppercased(), requestURL: request.url, requestBodyHash: FNV1a.hex(request.body ?? []),
            url: entry.url, status: entry.status, headers: entry.headers, bodyBytes: entry.body.count,
            bodyHash: FNV1a.hex(entry.body))
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var bytes = Array(try JSONEncoder().encode(metadata))
        bytes.append(UInt8(ascii: "\n"))
        bytes += entry.body
        try PublishedFile.write(bytes, to: path(for: request))
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

    private enum CorruptFile: Error, CustomStringConvertible {
        case noMetadataLine
        case bodyMismatch(expected: Int, found: Int)

        var description: String {
            switch self {
            case .noMetadataLine: "no metadata line"
            case .bodyMismatch(let expected, let found): "body of \(found) bytes does not match the \(expected) recorded"
            }
        }
    }
}
