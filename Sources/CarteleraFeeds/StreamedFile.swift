#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A published file written piece by piece into a temp file beside it, then put in place only when its bytes differ
/// from the file already there: a guide of hundreds of megabytes is never held whole, and an unchanged one keeps its
/// modification time. The temp file is synced before the rename and the folder after it, as `AtomicFile` does.
final class StreamedFile {
    /// The file's path.
    let path: String
    private let temp: String
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var closed = false

    /// Starts the temp file for `path`, creating its folder.
    init(path: String) throws(BuildError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        temp = "\(folder)/.\((path as NSString).lastPathComponent).tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw BuildError(file: path, message: "its folder cannot be created: \(error.localizedDescription)")
        }
        guard FileManager.default.createFile(atPath: temp, contents: nil), let handle = FileHandle(forWritingAtPath: temp) else {
            throw BuildError(file: path, message: "cannot create its temp file \(temp)")
        }
        self.handle = handle
    }

    deinit {
        if !closed {
            try? handle.close()
            unlink(temp)
        }
    }

    /// Appends bytes, writing them out a megabyte at a time.
    func append(_ bytes: [UInt8]) throws(BuildError) {
        buffer += bytes
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Ends the file: true when it was put in place, false when the file already held these bytes (the temp is removed).
    func finish() throws(BuildError) -> Bool {
        try flush()
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw BuildError(file: path, message: "cannot be written: \(error.localizedDescription)")
        }
        closed = true
        if Self.sameBytes(temp, path) {
            unlink(temp)
            return false
        }
        guard rename(temp, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw BuildError(file: path, message: "cannot be put in place: \(reason)")
        }
        let folder = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
        return true
    }

    private func flush() throws(BuildError) {
        guard !buffer.isEmpty else { return }
        do { try handle.write(contentsOf: buffer) } catch {
            throw BuildError(file: path, message: "cannot be written: \(error.localizedDescription)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Whether two files hold the same bytes, read a megabyte at a time; false when either cannot be read.
    private static func sameBytes(_ first: String, _ second: String) -> Bool {
        guard let a = FileHandle(forReadingAtPath: first), let b = FileHandle(forReadingAtPath: second) else { return false }
        defer {
            try? a.close()
            try? b.close()
        }
        while true {
            // Foundation reads nil at the end of a file, and throws on an error.
            guard let left = try? a.read(upToCount: 1 << 20) ?? Data(), let right = try? b.read(upToCount: 1 << 20) ?? Data() else { return false }
            if left != right { return false }
            if left.isEmpty { return true }
        }
    }
}
