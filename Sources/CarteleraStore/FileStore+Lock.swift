#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraModel
import Foundation
import Logging

extension FileStore {
    /// Takes the writer lock with `flock`, which the kernel drops when the holder dies, so a killed run never
    /// leaves the store locked; then heals what such a run left (see `recover(at:)`), reported in the lock's `recovery`.
    /// `time` dates manifest entries that healing recomputes.
    public func lock(at time: Timestamp) throws(StoreError) -> StoreLock {
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
        try? FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: Data("\(getpid())\n".utf8))
        let lock = StoreLock(owner: identity) { close(fd) }
        do {
            lock.recovery = try recover(at: time)
        } catch {
            lock.release()
            throw error
        }
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

    /// Brings the store back to a consistent state after a writer that died, holding the lock.
    ///
    /// Temp files are removed (the files they were replacing are whole). An interrupted commit's journal names
    /// the shards it was changing: their manifest entries are recomputed from the files, and the generation
    /// becomes the one that commit was making, since some of its shards did change. Shard files the manifest
    /// does not list, and entries whose file is gone, are reconciled too (a directory listing, no hashing).
    func recover(at time: Timestamp) throws(StoreError) -> StoreRecovery {
        var recovery = StoreRecovery(temporaryFilesRemoved: try removeLeftoverTempFiles())
        let journal = try readJournal()
        var (manifest, rebuilt) = try manifestForWriting(at: time)
        var reconcile = Set(journal?.shards ?? [])
        let onDisk = Set(try shardKeys().map(\.relativePath))
        reconcile.formUnion(onDisk.subtracting(manifest.shards.keys))
        reconcile.formUnion(Set(manifest.shards.keys).subtracting(onDisk))
        var changed = false
        for relative in reconcile.sorted() {
            guard let key = ShardKey(relativePath: relative) else {
                manifest.shards[relative] = nil
                changed = true
                continue
            }
            let entry = try entry(for: key, at: time)
            if manifest[key]?.hash != entry?.hash || manifest[key]?.items != entry?.items {
                manifest[key] = entry
                recovery.shardsReconciled.append(relative)
                changed = true
            }
        }
        if let journal {
            recovery.interruptedCommit = true
            manifest.generation = max(manifest.generation + (changed ? 1 : 0), journal.generation)
        } else if changed {
            manifest.generation += 1
        }
        if changed || rebuilt || journal != nil {
            try writeManifest(manifest)
            logger.notice("healed the store after an interrupted run", metadata: [
                "store.reconciled": "\(recovery.shardsReconciled.count)", "store.generation": "\(manifest.generation)",
            ])
        }
        if journal != nil { try removeJournal() }
        // A store never written has nothing to index: its first commit writes the index.
        if let indexer, manifest.generation > 0, !indexer.isCurrent(self, generation: manifest.generation) {
            logger.info("rebuilding the query index", metadata: ["store.generation": "\(manifest.generation)"])
            rebuildIndex(generation: manifest.generation)
            recovery.indexRebuilt = true
        }
        return recovery
    }

    /// The journal an interrupted commit left; nil when there is none, or when it cannot be read (then every shard it might name is reconciled by listing).
    private func readJournal() throws(StoreError) -> CommitJournal? {
        guard let data = try POSIX.readFile(path(CommitJournal.fileName)) else { return nil }
        do {
            return try JSONCoding.decode(CommitJournal.self, from: data, file: CommitJournal.fileName)
        } catch {
            logger.warning("unreadable commit journal; reconciling from the files", metadata: ["store.error": "\(error.detail)"])
            return CommitJournal(generation: 0, shards: try shardKeys().map(\.relativePath))
        }
    }

    /// Deletes `.<name>.tmp-…` files: a run killed between writing a temp file and renaming it leaves one,
    /// and the file it was replacing is still whole. Returns how many were removed.
    private func removeLeftoverTempFiles() throws(StoreError) -> Int {
        let leftovers = try temporaryFiles()
        for relative in leftovers where try POSIX.remove(path(relative)) {
            logger.info("removed a temp file left by an interrupted run", metadata: ["store.file": "\(relative)"])
        }
        return leftovers.count
    }
}
