#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraOutput
import Foundation

/// Thin wrappers over the system calls the store needs (and the output layer's syncs), turning failures into `StoreError.io`.
enum POSIX {
    /// The text of the current `errno`.
    static var lastError: String { String(cString: strerror(errno)) }

    /// The whole file, read with one open and as few reads as its size allows; nil when it does not exist.
    static func readFile(_ path: String) throws(StoreError) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw StoreError(kind: .io, file: path, detail: "cannot open: \(lastError)")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StoreError(kind: .io, file: path, detail: "cannot stat: \(lastError)") }
        // One byte more than the file holds, so the read that finds the end needs no larger buffer.
        let size = Int(clamping: max(info.st_size, 0))
        var data = Data(count: size < Int.max ? size + 1 : size)
        var filled = 0
        while true {
            if filled == data.count { data.count += 4096 }
            let got = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return read(fd, base + filled, buffer.count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw StoreError(kind: .io, file: path, detail: "cannot read: \(lastError)")
            }
            if got == 0 { break }
            filled += got
        }
        data.count = filled
        return data
    }

    /// Flushes a directory so a rename or unlink in it survives a power cut.
    static func syncDirectory(_ path: String) throws(StoreError) {
        try storing { () throws(OutputError) in try PublishedFile.syncFolder(path) }
    }

    /// Flushes everything written to the file system holding `path` (one call for a whole bulk commit).
    static func syncFileSystem(_ path: String) throws(StoreError) {
        try storing { () throws(OutputError) in try PublishedFile.syncFileSystem(containing: path) }
    }

    /// Deletes a file; true when it was there.
    @discardableResult
    static func remove(_ path: String) throws(StoreError) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw StoreError(kind: .io, file: path, detail: "cannot delete: \(lastError)")
    }

    /// True when `path` is a folder (not following a symbolic link).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// True when something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The names in a folder, hidden ones included, `.` and `..` left out; [] when the folder does not exist.
    ///
    /// Any other failure (permission, I/O) is an error: a folder that cannot be read must not look empty.
    static func list(_ path: String) throws(StoreError) -> [String] {
        guard let directory = opendir(path) else {
            if errno == ENOENT { return [] }
            throw StoreError(kind: .io, file: path, detail: "cannot list folder: \(lastError)")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw StoreError(kind: .io, file: path, detail: "cannot list folder: \(lastError)") }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// Moves a file, replacing what is at `to`.
    static func move(_ from: String, to: String) throws(StoreError) {
        guard rename(from, to) == 0 else { throw StoreError(kind: .io, file: from, detail: "cannot move to \(to): \(lastError)") }
    }

    /// Creates a folder and its parents.
    ///
    /// Written over `mkdir` rather than FileManager, whose errors read "NSCocoaErrorDomain error 512": a part of the
    /// path that is a file is named as such, and any other refusal gives the system's own words.
    static func makeDirectory(_ path: String) throws(StoreError) {
        if isDirectoryFollowingLinks(path) { return }
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o755) == 0 { continue }
            let reason = errno
            if reason == EEXIST {
                if isDirectoryFollowingLinks(prefix) { continue }
                throw StoreError(kind: .io, file: path, detail: "cannot create folder: \(prefix) is a file, not a folder")
            }
            throw StoreError(kind: .io, file: path, detail: "cannot create folder \(prefix): \(String(cString: strerror(reason)))")
        }
    }

    /// True when `path` is a folder or a symbolic link to one.
    static func isDirectoryFollowingLinks(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

extension StoreError {
    /// The output layer's failure to write or sync a file, as the store's I/O error naming the same file.
    init(_ error: OutputError) {
        self.init(kind: .io, file: error.file, detail: error.detail)
    }
}

/// Runs a write of the output layer (`PublishedFile`), its failure thrown as a `StoreError`.
func storing<T>(_ body: () throws(OutputError) -> T) throws(StoreError) -> T {
    do {
        return try body()
    } catch {
        throw StoreError(error)
    }
}
