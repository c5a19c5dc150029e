#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Puts site files in place: each written to a hidden temp file and renamed over the old one, so a reader never sees a
/// half page, without an fsync per page (pages are regenerated from the store; the manifest is the one file synced).
enum PageWriter {
    /// Creates every folder the paths need, once each.
    static func createFolders(for paths: [String], in output: String) throws(SiteError) {
        var folders = Set<String>()
        for path in paths {
            guard let slash = path.lastIndex(of: "/") else { continue }
            folders.insert(String(path[..<slash]))
        }
        for folder in folders.sorted() {
            do {
                try FileManager.default.createDirectory(atPath: output + "/" + folder, withIntermediateDirectories: true)
            } catch {
                throw SiteError(.output, file: output + "/" + folder, "cannot be created: \(error.localizedDescription)")
            }
        }
    }

    /// Replaces the file at `path` with `bytes`.
    static func write(_ bytes: [UInt8], to path: String) throws(SiteError) {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let temp = String(path[..<slash]) + "." + String(path[slash...]) + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
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
