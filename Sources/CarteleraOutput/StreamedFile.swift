#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A published file written piece by piece into a temp file beside it, then put in place only when its bytes differ
/// from the file already there: a guide of hundreds of megabytes is never held whole, and an unchanged one keeps its
/// modification time. Renamed into place unsynced, as `PublishedFile.replace` is: durable once a `PublishedFile.syncFileSystem`
/// has run, which the writer runs before anything vouches for the file.
public final class StreamedFile {
    /// The file's path.
    public let path: String
    private let temp: String
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var closed = false

    /// Starts the temp file for `path`, creating its folder.
    public init(path: String) throws(OutputError) {
        self.path = path
        temp = PublishedFile.temporaryPath(for: path)
        try PublishedFile.makeFolder(PublishedFile.folder(of: path))
        guard FileManager.default.createFile(atPath: temp, contents: nil), let handle = FileHandle(forWritingAtPath: temp) else {
            throw OutputError(file: path, detail: "cannot create its temp file \(temp)")
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
    public func append(_ bytes: [UInt8]) throws(OutputError) {
        buffer += bytes
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Ends the file: true when it was put in place, false when the file already held these bytes (the temp is removed).
    public func finish() throws(OutputError) -> Bool {
        try flush()
        do {
            try handle.close()
        } catch {
            throw OutputError(file: path, detail: "cannot be written: \(error.localizedDescription)")
        }
        closed = true
        if Self.sameBytes(temp, path) {
            unlink(temp)
            return false
        }
        try PublishedFile.install(temp, at: path)
        return true
    }

    private func flush() throws(OutputError) {
        guard !buffer.isEmpty else { return }
        do { try handle.write(contentsOf: buffer) } catch {
            throw OutputError(file: path, detail: "cannot be written: \(error.localizedDescription)")
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
