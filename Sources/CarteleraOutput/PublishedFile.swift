#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSyncfs
import Foundation

/// Whole-file replacement that a crash cannot leave half done: every file the program publishes or stores goes
/// through here.
///
/// The bytes go to a temp file in the same folder and are renamed over the target: a reader sees the old file or
/// the new one, never a mix. The fsync policy is one of two: `write` syncs the temp file before the rename and the
/// folder after it, so the file survives a power cut on its own; `replace` syncs nothing, for files written by the
/// thousand and made durable together by one `syncFileSystem` before whatever vouches for them (a manifest) is
/// written. `Data.write(options: .atomic)` renames too but never syncs.
public enum PublishedFile {
    /// Marks temp files in their names: `.<name>.tmp-<pid>-<random>`, hidden so listings skip them.
    static let tempMarker = ".tmp-"

    /// Replaces the file at `path` with `bytes`, synced, created with `permissions` (owner-only for personal data).
    public static func write(_ bytes: some Collection<UInt8>, to path: String, permissions: mode_t = 0o644) throws(OutputError) {
        let temp = try writeTemporary(bytes, for: path, syncing: true, permissions: permissions)
        try install(temp, at: path)
        try syncFolder(folder(of: path))
    }

    /// Replaces the file at `path` with `bytes` without syncing; a power cut may lose the new file until a
    /// `syncFileSystem` has run. For files rebuilt from other data.
    public static func replace(_ bytes: some Collection<UInt8>, at path: String) throws(OutputError) {
        try install(try writeTemporary(bytes, for: path, syncing: false), at: path)
    }

    /// Publishes `bytes` as a new file at `path` without syncing, as `replace` does, when nothing is there: the bytes go to
    /// an unnamed file in the folder, linked in under its name once complete, so a reader sees the whole file or none.
    /// One directory entry is made, where `replace` makes a temp file's, renames it over and removes it. Returns false,
    /// having changed nothing, when a file is there already, the folder is missing or the file system has no unnamed
    /// files: `replace` then does the work.
    public static func create(_ bytes: [UInt8], at path: String) throws(OutputError) -> Bool {
        let fd = cartelera_open_unnamed(split(path)?.folder ?? folder(of: path), 0o644)
        guard fd >= 0 else { return false }
        var failure: OutputError?
        do {
            try writeAll(fd, bytes, file: path)
        } catch {
            failure = error
        }
        // A file there already (or no /proc to link through): nothing changed, and `replace` does the work.
        let linked = failure == nil && cartelera_link_unnamed(fd, path) == 0
        // Closing an unnamed file never linked frees it.
        if close(fd) != 0, linked { failure = OutputError(file: path, detail: "cannot close: \(lastError)") }
        if let failure { throw failure }
        return linked
    }

    /// Writes `bytes` at `path` (synced, its folder made when missing) unless the file already holds exactly them, so an
    /// unchanged file keeps its modification time for HTTP caches; true when it was written.
    @discardableResult
    public static func writeIfChanged(_ bytes: some Collection<UInt8>, to path: String) throws(OutputError) -> Bool {
        if let current = FileManager.default.contents(atPath: path), current.elementsEqual(bytes) { return false }
        try makeFolder(folder(of: path))
        try write(bytes, to: path)
        return true
    }

    /// Makes everything written to the file system holding `folder` durable: one flush for many unsynced files.
    public static func syncFileSystem(containing folder: String) throws(OutputError) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError(file: folder, detail: "cannot open folder: \(lastError)") }
        defer { close(fd) }
        guard cartelera_syncfs(fd) == 0 else { throw OutputError(file: folder, detail: "cannot sync the file system: \(lastError)") }
    }

    /// Flushes a folder so a rename or unlink in it survives a power cut.
    public static func syncFolder(_ folder: String) throws(OutputError) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError(file: folder, detail: "cannot open folder: \(lastError)") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw OutputError(file: folder, detail: "cannot sync folder: \(lastError)") }
    }

    /// Writes `bytes` to a new temp file beside `path` and returns its path; with `syncing`, fsynced.
    ///
    /// A bulk commit writes every temp file unsynced, makes them all durable with one `syncFileSystem`, then installs them.
    public static func writeTemporary(_ bytes: some Collection<UInt8>, for path: String, syncing: Bool, permissions: mode_t = 0o644) throws(OutputError) -> String {
        let temp = temporaryPath(for: path)
        // Errors name the file being replaced: the temp file's name means nothing to an operator.
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw OutputError(file: path, detail: "cannot create its temp file: \(lastError)") }
        var failure: OutputError?
        do {
            try writeAll(fd, bytes, file: path)
            if syncing, fsync(fd) != 0 { failure = OutputError(file: path, detail: "cannot sync: \(lastError)") }
        } catch {
            failure = error
        }
        if close(fd) != 0, failure == nil {
            failure = OutputError(file: path, detail: "cannot close: \(lastError)")
        }
        if let failure {
            unlink(temp)
            throw failure
        }
        return temp
    }

    /// Renames a written temp file over `path`; the folder still needs a sync for the rename to be durable.
    public static func install(_ temp: String, at path: String) throws(OutputError) {
        guard rename(temp, path) == 0 else {
            let detail = "cannot rename \(temp) over it: \(lastError)"
            unlink(temp)
            throw OutputError(file: path, detail: detail)
        }
    }

    /// True for names `write`, `replace` and `StreamedFile` give their temp files.
    public static func isTemp(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(tempMarker)
    }

    /// A fresh temp file's path beside `path`.
    static func temporaryPath(for path: String) -> String {
        let suffix = "\(tempMarker)\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        if let (folder, name) = split(path) { return folder + "/." + name + suffix }
        return "\(folder(of: path))/.\((path as NSString).lastPathComponent)" + suffix
    }

    /// A plain `folder/name` split at its last slash, nil for anything else (no folder, a trailing or doubled slash): the
    /// folder names the same one as `folder(of:)`, without NSString's path methods (a twentieth of a large site's build).
    private static func split(_ path: String) -> (folder: String, name: String)? {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash != bytes.startIndex, bytes.index(after: slash) != bytes.endIndex,
              bytes[bytes.index(before: slash)] != UInt8(ascii: "/") else { return nil }
        return (String(path[..<slash]), String(path[bytes.index(after: slash)...]))
    }

    /// The folder holding `path`: `.` for a bare file name, which is in the current folder (not in `/`).
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Creates a folder and its parents.
    public static func makeFolder(_ folder: String) throws(OutputError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputError(file: folder, detail: "cannot create folder: \(error.localizedDescription)")
        }
    }

    /// The text of the current `errno`.
    static var lastError: String { String(cString: strerror(errno)) }
}

/// Writes every byte, retrying short and interrupted writes (outside `PublishedFile`, whose `write` would hide the system's).
private func writeAll(_ fd: Int32, _ bytes: some Collection<UInt8>, file: String) throws(OutputError) {
    let array = Array(bytes)
    var written = 0
    while written < array.count {
        let result = array.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return write(fd, base + written, buffer.count - written)
        }
        if result < 0 {
            if errno == EINTR { continue }
            throw OutputError(file: file, detail: "cannot write: \(PublishedFile.lastError)")
        }
        if result == 0 { throw OutputError(file: file, detail: "cannot write: no progress") }
        written += result
    }
}
