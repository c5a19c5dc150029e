#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraOutput
import Foundation

/// Puts site files in place through `PublishedFile.create` and `replace`: a reader never sees a half page. Pages are not
/// synced one by one; the build syncs the file system once before it writes its manifest (see `SiteBuilder.publish`).
enum PageWriter {
    /// Replaces the file at `path` with `bytes`, making its folder when it is missing. A page the last build did not
    /// publish (`isNew`) is created whole where it is not there, which costs the file system less than a replacement.
    static func write(_ bytes: [UInt8], to path: String, isNew: Bool = false) throws(SiteError) {
        do throws(OutputError) {
            if isNew {
                if try PublishedFile.create(bytes, at: path) { return }
                // Most new pages of a cold build are the first in their folder (a club's, a night's): made, then created.
                let folder = (path as NSString).deletingLastPathComponent
                if !exists(folder) {
                    createFolders(folder)
                    if try PublishedFile.create(bytes, at: path) { return }
                }
            }
            do throws(OutputError) {
                try PublishedFile.replace(bytes, at: path)
            } catch {
                // Most likely the page's folder does not exist yet: made here, by whichever worker writes there first.
                createFolders((path as NSString).deletingLastPathComponent)
                try PublishedFile.replace(bytes, at: path)
            }
        } catch {
            throw SiteError(.output, file: path, "cannot be written: \(error.detail)")
        }
    }

    /// Makes a folder and the ones above it that are missing; a folder another thread made meanwhile is fine. The folder
    /// itself is tried first and its parents only when it has none: a new page's parent folder is usually there already.
    private static func createFolders(_ folder: String) {
        if mkdir(folder, 0o755) == 0 || errno != ENOENT { return }
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
