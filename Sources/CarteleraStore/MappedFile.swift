#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file's bytes mapped read-only (or held in memory), valid as long as the value lives.
///
/// A file replaced by rename after it was mapped stays readable as it was: the mapping keeps the old inode.
public final class MappedFile: @unchecked Sendable {
    /// The bytes; never written through.
    public let bytes: UnsafeRawBufferPointer
    /// Unmaps or frees the bytes.
    private let release: () -> Void

    /// Maps the file at `path`; nil when it does not exist.
    static func map(_ path: String) throws(StoreError) -> MappedFile? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw StoreError(kind: .io, file: path, detail: "cannot open: \(POSIX.lastError)")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StoreError(kind: .io, file: path, detail: "cannot stat: \(POSIX.lastError)") }
        let size = Int(clamping: max(info.st_size, 0))
        guard size > 0 else { return MappedFile(copying: []) }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapping != MAP_FAILED else {
            throw StoreError(kind: .io, file: path, detail: "cannot map: \(POSIX.lastError)")
        }
        return MappedFile(bytes: UnsafeRawBufferPointer(start: mapping, count: size)) { munmap(mapping, size) }
    }

    /// A copy of `bytes` in memory, 8-byte aligned like a mapping (for stores kept in memory, and tests).
    public convenience init(copying bytes: some Collection<UInt8>) {
        let count = bytes.count
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 8)
        _ = UnsafeMutableRawBufferPointer(start: buffer, count: count).initializeMemory(as: UInt8.self, from: bytes)
        self.init(bytes: UnsafeRawBufferPointer(start: buffer, count: count)) { buffer.deallocate() }
    }

    /// A copy of `file`'s bytes in the process's own memory, asked to be backed by huge pages (2 MiB) where the system
    /// allows, read-only once copied; a file under one huge page stays as it is.
    ///
    /// A server answering from a large index reads records scattered across it: with 4 KiB pages nearly every such read
    /// also misses the processor's cache of page translations and waits for a walk of the page tables, which a few
    /// hundred huge pages avoid. A mapping of a file cannot have them (the page cache holds the file in small pages), so
    /// the bytes are copied, once per process, at the cost of their size in memory. Without huge pages (the system's
    /// choice) the copy is ordinary memory and works the same.
    public static func resident(_ file: MappedFile) -> MappedFile {
        let size = file.bytes.count, huge = 2 << 20
        guard size >= huge, let source = file.bytes.baseAddress else { return file }
        // Room to start the copy on a huge page's boundary.
        let length = (size + huge - 1) / huge * huge + huge
        guard let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapping != MAP_FAILED else { return file }
        let start = mapping + (huge - Int(bitPattern: mapping) % huge) % huge
        let covered = (size + huge - 1) / huge * huge
        // A hint: refused or unsupported, the pages are ordinary ones.
        _ = madvise(start, covered, MADV_HUGEPAGE)
        start.copyMemory(from: source, byteCount: size)
        _ = mprotect(mapping, length, PROT_READ)
        return MappedFile(bytes: UnsafeRawBufferPointer(start: start, count: size)) { munmap(mapping, length) }
    }

    private init(bytes: UnsafeRawBufferPointer, release: @escaping () -> Void) {
        self.bytes = bytes
        self.release = release
    }

    deinit { release() }

    /// The bytes copied out, for small files such as a state file.
    public var data: Data { Data(bytes) }
}
