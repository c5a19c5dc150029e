#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Whole-file replacement that a crash cannot leave half done.
///
/// The bytes go to a temp file in the same folder, are synced, then renamed over the target, and the
/// folder is synced so the rename itself is durable. A reader sees the old file or the new one, never a
/// mix. `Data.write(options: .atomic)` renames too but does not fsync.
enum AtomicFile {
    /// Marks temp files in their names: `.<name>.tmp-<pid>-<random>`, hidden so listings skip them.
    static let tempMarker = ".tmp-"

    /// Replaces the file at `path` with `bytes`.
    static func write(_ bytes: some Collection<UInt8>, to path: String) throws(StoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temp = "\(folder)/.\(name)\(tempMarker)\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        // Errors name the file being replaced: the temp file's name means nothing to an operator.
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError(kind: .io, file: path, detail: "cannot create its temp file: \(POSIX.lastError)") }
        var failure: StoreError?
        do {
            try POSIX.writeAll(fd, bytes, file: path)
            if fsync(fd) != 0 { failure = StoreError(kind: .io, file: path, detail: "cannot sync: \(POSIX.lastError)") }
        } catch {
            failure = error
        }
        if close(fd) != 0, failure == nil {
            failure = StoreError(kind: .io, file: path, detail: "cannot close: \(POSIX.lastError)")
        }
        if let failure {
            unlink(temp)
            throw failure
        }
        guard rename(temp, path) == 0 else {
            let detail = "cannot rename \(temp) over it: \(POSIX.lastError)"
            unlink(temp)
            throw StoreError(kind: .io, file: path, detail: detail)
        }
        try POSIX.syncDirectory(folder)
    }

    /// True for names `write` gives its temp files.
    static func isTemp(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(tempMarker)
    }
}
