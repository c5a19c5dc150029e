#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Thin wrappers over the system calls the store needs, turning failures into `StoreError.io`.
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
        var data = Data(count: max(Int(info.st_size), 0))
        var filled = 0
        while true {
            if filled == data.count { data.count += 4096 }
            let got = data.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress! + filled, buffer.count - filled)
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

    /// Writes every byte, retrying short writes.
    static func writeAll(_ fd: Int32, _ bytes: some Collection<UInt8>, file: String) throws(StoreError) {
        let array = Array(bytes)
        var written = 0
        while written < array.count {
            let result = array.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw StoreError(kind: .io, file: file, detail: "cannot write: \(lastError)")
            }
            written += result
        }
    }

    /// Flushes a directory so a rename or unlink in it survives a power cut.
    static func syncDirectory(_ path: String) throws(StoreError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError(kind: .io, file: path, detail: "cannot open folder: \(lastError)") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw StoreError(kind: .io, file: path, detail: "cannot sync folder: \(lastError)") }
    }

    /// Deletes a file; true when it was there.
    @discardableResult
    static func remove(_ path: String) throws(StoreError) -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw StoreError(kind: .io, file: path, detail: "cannot delete: \(lastError)")
    }

    /// True when something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The names in a folder, hidden ones included; [] when the folder does not exist.
    static func list(_ path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }

    /// Creates a folder and its parents.
    static func makeDirectory(_ path: String) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw StoreError(kind: .io, file: path, detail: "cannot create folder: \(error.localizedDescription)")
        }
    }
}
