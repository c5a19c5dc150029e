#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Hummingbird
import NIOPosix

/// The folder `cartelera build` publishes, as Hummingbird's `FileMiddleware` reads it: never a path outside it (`..`,
/// symlinks out), never a hidden file (`.cartelera/`), never a folder listing.
///
/// Hummingbird's `LocalFileSystem` joins the request path to its root and follows symlinks wherever they lead; this
/// provider resolves every path and serves it only when it stays inside the folder, which may appear after the server
/// starts (a first build).
struct PublishedFolder: FileProvider {
    /// What `FileMiddleware` needs to know of a file.
    struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        let isFolder: Bool
        let size: Int
        let modificationDate: Date
    }

    /// The published folder as configured.
    let folder: String
    private let fileIO = FileIO(threadPool: .singleton)

    init(folder: String) {
        self.folder = folder
    }

    /// The resolved path of a request path (already decoded), nil when it is hidden, leaves the folder or does not exist.
    func getFileIdentifier(_ path: String) -> String? {
        let segments = path.split(separator: "/")
        guard !segments.contains(where: { $0.hasPrefix(".") }), let root = Self.realPath(folder) else { return nil }
        guard let resolved = Self.realPath(([root] + segments.map(String.init)).joined(separator: "/")),
              resolved == root || resolved.hasPrefix(root + "/") else { return nil }
        return resolved
    }

    func getAttributes(id path: String) async throws -> FileAttributes? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR else { return nil }
        return FileAttributes(isFolder: kind == S_IFDIR, size: Int(info.st_size),
                              modificationDate: Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec)))
    }

    func loadFile(id path: String, context: some RequestContext) async throws -> ResponseBody {
        try await fileIO.loadFile(path: path, context: context)
    }

    func loadFile(id path: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        try await fileIO.loadFile(path: path, range: range, context: context)
    }

    /// The canonical path of an existing file or folder, symlinks resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
