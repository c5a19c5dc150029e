#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Logging

extension FileStore {
    /// Takes the writer lock with `flock`, which the kernel drops when the holder dies, so a killed run
    /// never leaves the store locked. Holding it, removes temp files a killed run left behind.
    public func lock() throws(StoreError) -> StoreLock {
        let lockPath = path("lock")
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError(kind: .io, file: lockPath, detail: "cannot open: \(POSIX.lastError)") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            close(fd)
            guard reason == EWOULDBLOCK else {
                throw StoreError(kind: .io, file: lockPath, detail: "cannot lock: \(String(cString: strerror(reason)))")
            }
            let holder = (try? POSIX.readFile(lockPath)).flatMap { $0 }.flatMap { String(data: $0, encoding: .utf8) }?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            throw StoreError(kind: .locked, file: root, detail: "pid \(holder.isEmpty ? "unknown" : holder)")
        }
        // The pid is only for the message another run prints; a failure to write it does not matter.
        _ = ftruncate(fd, 0)
        _ = try? POSIX.writeAll(fd, Array("\(getpid())\n".utf8), file: lockPath)
        let lock = StoreLock(owner: identity) { close(fd) }
        removeLeftoverTempFiles()
        return lock
    }

    /// Throws `.notLocked` unless `lock` is held and was granted by this instance.
    func checkHeld(_ lock: StoreLock) throws(StoreError) {
        guard lock.owner == identity else {
            throw StoreError(kind: .notLocked, file: root, detail: "the lock belongs to another store")
        }
        guard lock.isHeld else {
            throw StoreError(kind: .notLocked, file: root, detail: "the lock was released")
        }
    }

    /// Deletes `.<name>.tmp-…` files: a run killed between writing a temp file and renaming it leaves one,
    /// and the file it was replacing is still whole.
    private func removeLeftoverTempFiles() {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return }
        while let relative = walker.nextObject() as? String {
            guard AtomicFile.isTemp((relative as NSString).lastPathComponent) else { continue }
            if (try? POSIX.remove(path(relative))) == true {
                logger.info("removed a temp file left by an interrupted run", metadata: ["store.file": "\(relative)"])
            }
        }
    }
}
