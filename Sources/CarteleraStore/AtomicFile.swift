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
/// mix. `Data.write(options: .atomic)` renames too but does not fsync. Everything that publishes files
/// (feeds, the site) writes through it as the store does; the site's pages through `replace`, synced once per build.
public enum AtomicFile {
    /// Marks temp files in their names: `.<name>.tmp-<pid>-<random>`, hidden so listings skip them.
    static let tempMarker = ".tmp-"

    /// Replaces the file at `path` with `bytes`, created with `permissions` (owner-only for personal data); errors name `path`.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, permissions: mode_t = 0o644) throws(StoreError) {
        let temp = try writeTemporary(bytes, for: path, syncing: true, permissions: permissions)
        try install(temp, at: path)
        try POSIX.syncDirectory((path as NSString).deletingLastPathComponent)
    }

    /// Replaces the file at `path` with `bytes` without syncing: a reader still sees the old file or the new one, but a
    /// power cut may lose the new one. For files rebuilt from other data, made durable in bulk by `syncFileSystem`.
    public static func replace(_ bytes: some Collection<UInt8>, at path: String) throws(StoreError) {
        try install(try writeTemporary(bytes, for: path, syncing: false), at: path)
    }

    /// Makes everything written to the file system holding `folder` durable: one flush for many unsynced replacements.
    public static func syncFileSystem(containing folder: String) throws(StoreError) {
        try POSIX.syncFileSystem(folder)
    }

    /// Writes `bytes` to a new temp file beside `path` and returns its path; with `syncing`, fsynced.
    ///
    /// A bulk commit writes every temp file unsynced, makes them all durable with one `syncfs`, then installs them.
    static func writeTemporary(_ bytes: some Collection<UInt8>, for path: String, syncing: Bool, permissions: mode_t = 0o644) throws(StoreError) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temp = "\(folder)/.\(name)\(tempMarker)\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        // Errors name the file being replaced: the temp file's name means nothing to an operator.
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw StoreError(kind: .io, file: path, detail: "cannot create its temp file: \(POSIX.lastError)") }
        var failure: StoreError?
        do {
            try POSIX.writeAll(fd, bytes, file: path)
            if syncing, fsync(fd) != 0 { failure = StoreError(kind: .io, file: path, detail: "cannot sync: \(POSIX.lastError)") }
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
        return temp
    }

    /// Renames a written temp file over `path`; the folder still needs a sync for the rename to be durable.
    static func install(_ temp: String, at path: String) throws(StoreError) {
        guard rename(temp, path) == 0 else {
            let detail = "cannot rename \(temp) over it: \(POSIX.lastError)"
            unlink(temp)
            throw StoreError(kind: .io, file: path, detail: detail)
        }
    }

    /// True for names `write` gives its temp files.
    public static func isTemp(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(tempMarker)
    }
}
