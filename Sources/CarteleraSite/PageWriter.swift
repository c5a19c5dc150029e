#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Puts site files in place: each written to a hidden temp file and renamed over the old one, so a reader never sees a
/// half page, without an fsync per page (pages are regenerated from the store; the manifest is the one file synced).
enum PageWriter {
    /// Replaces the file at `path` with `bytes`.
    static func write(_ bytes: [UInt8], to path: String) throws(SiteError) {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let temp = String(path[..<slash]) + "." + String(path[slash...]) + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var descriptor = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            // The page's folder does not exist yet: made here, by whichever worker writes there first.
            createFolders(String(path[..<slash]))
            descriptor = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw SiteError(.output, file: path, "cannot be created: \(String(cString: strerror(errno)))") }
        var written = 0
        let failed = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let result = Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                if result < 0 { if errno == EINTR { continue }; return true }
                written += result
            }
            return false
        }
        let closed = close(descriptor) == 0
        guard !failed, closed, rename(temp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw SiteError(.output, file: path, "cannot be written: \(reason)")
        }
    }

    /// Makes a folder and the ones above it that are missing; a folder another thread made meanwhile is fine.
    private static func createFolders(_ folder: String) {
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            _ = mkdir(prefix, 0o755)
        }
    }

    /// Removes a published file and the folders it leaves empty, up to the output folder.
    static func remove(_ relative: String, in output: String) throws(SiteError) {
        let path = output + "/" + relative
        if unlink(path) != 0, errno != ENOENT {
            throw SiteError(.output, file: path, "is no longer published but cannot be removed: \(String(cString: strerror(errno)))")
        }
        var folder = (relative as NSString).deletingLastPathComponent
        while !folder.isEmpty, rmdir(output + "/" + folder) == 0 {
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// Whether a file exists at `path`.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
