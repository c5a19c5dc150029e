#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraCore
import CarteleraModel
import CarteleraOutput
import Foundation
import Logging

extension FileStore {
    /// Writes each changed shard atomically, deletes emptied ones and sets aside the named ones, then writes the manifest.
    ///
    /// A shard whose new bytes equal the file on disk is not touched (same inode, same mtime); a commit that
    /// changes nothing writes nothing at all, manifest included. Otherwise a journal naming the shards is
    /// written first and removed after the manifest, and the generation grows by one. A shard in `setAside`
    /// is moved to `quarantine/<stamp>/` before its new content is written, so an unreadable file is kept for
    /// the operator instead of being overwritten.
    public func commit(_ shards: [ShardKey: ShardContent], setAside: Set<ShardKey>, at time: Timestamp, lock: StoreLock) throws(StoreError) -> CommitResult {
        try checkHeld(lock)
        var encoded: [ShardKey: Data] = [:]
        for (key, content) in shards {
            try content.validate(for: key)
            if !content.isEmpty { encoded[key] = try ShardCodec.encode(content, for: key) }
        }
        return try writeGate.withLock { memory throws(StoreError) -> CommitResult in
            // An earlier commit of this run that failed half way (a full disk) left its journal: heal first, or its shards' entries would stay stale.
            if POSIX.exists(path(CommitJournal.fileName)) {
                memory.manifest = nil
                _ = try recover(at: time)
            }
            var (manifest, indexRepaired) = if let remembered = memory.manifest, remembered.lock == lock.id {
                (remembered.value, false)
            } else {
                try manifestForWriting(at: time)
            }
            // Forgotten until this commit has written its manifest: a commit that fails half way leaves the disk to say what is true.
            memory.manifest = nil
            var result = CommitResult()
            var writes: [(ShardKey, Data)] = []
            var removals: [ShardKey] = []
            let quarantined = setAside.sorted().filter { POSIX.exists(path($0.relativePath)) }
            for key in Set(shards.keys).union(quarantined).sorted() {
                let onDisk = quarantined.contains(key) ? nil : try POSIX.readFile(path(key.relativePath))
                if let bytes = encoded[key] {
                    if onDisk == bytes {
                        result.unchanged.append(key)
                        if manifest[key]?.hash != FNV1a.hex(bytes) {
                            manifest[key] = Manifest.Entry(items: shards[key]?.itemCount ?? 0, hash: FNV1a.hex(bytes), updated: time)
                            indexRepaired = true
                        }
                    } else {
                        writes.append((key, bytes))
                    }
                } else if onDisk != nil {
                    removals.append(key)
                }
            }
            let changed = !writes.isEmpty || !removals.isEmpty || !quarantined.isEmpty
            guard changed else {
                // The files were already right; only the index was behind them, so the generation stays.
                if indexRepaired { try writeManifest(manifest) }
                memory.manifest = (lock.id, manifest)
                return result
            }
            let generation = manifest.generation + 1
            let journal = CommitJournal(generation: generation, shards: Set(writes.map(\.0) + removals + quarantined).map(\.relativePath).sorted())
            try writeJournal(journal)
            for key in quarantined {
                result.setAside[key] = try moveToQuarantine(key, at: time)
            }
            try write(writes)
            for (key, bytes) in writes {
                manifest[key] = Manifest.Entry(items: shards[key]?.itemCount ?? 0, hash: FNV1a.hex(bytes), updated: time)
                result.written.append(key)
            }
            for key in removals {
                try removeShard(key)
                manifest[key] = nil
                result.removed.append(key)
            }
            for key in quarantined where encoded[key] == nil { manifest[key] = nil }
            // A shard set aside and rewritten in one commit is one change.
            updateIndex(changed: Dictionary(uniqueKeysWithValues: Set(writes.map(\.0) + removals + quarantined).map { key in
                (key, shards[key] ?? ShardContent.empty(for: key))
            }), generation: generation)
            manifest.generation = generation
            manifest.updated = time
            try writeManifest(manifest)
            memory.manifest = (lock.id, manifest)
            try removeJournal()
            result.generation = generation
            return result
        }
    }

    /// Deletes a shard file, and its day folder when that was the folder's last shard.
    func removeShard(_ key: ShardKey) throws(StoreError) {
        let file = path(key.relativePath)
        let folder = (file as NSString).deletingLastPathComponent
        guard try POSIX.remove(file) else { return }
        try POSIX.syncDirectory(folder)
        if case .programmes = key { rmdir(folder) } // fails, harmlessly, while other channels remain
        logger.debug("removed shard", metadata: ["store.shard": "\(key)"])
    }

    /// Moves a shard to `quarantine/<stamp>/<its path>` and returns that path, relative to the root.
    func moveToQuarantine(_ key: ShardKey, at time: Timestamp) throws(StoreError) -> String {
        let relative = "quarantine/\(ReportName.stamp(time))/\(key.relativePath)"
        let target = path(relative)
        try POSIX.makeDirectory((target as NSString).deletingLastPathComponent)
        try POSIX.move(path(key.relativePath), to: target)
        try POSIX.syncDirectory((path(key.relativePath) as NSString).deletingLastPathComponent)
        logger.warning("set a corrupt shard aside", metadata: ["store.shard": "\(key)", "store.file": "\(relative)"])
        return relative
    }

    func writeJournal(_ journal: CommitJournal) throws(StoreError) {
        let data: Data
        do {
            data = try JSONCoding.encode(journal)
        } catch {
            throw StoreError(kind: .io, file: CommitJournal.fileName, detail: "cannot encode: \(error)")
        }
        try storing { () throws(OutputError) in try PublishedFile.write(data, to: path(CommitJournal.fileName)) }
    }

    func removeJournal() throws(StoreError) {
        if try POSIX.remove(path(CommitJournal.fileName)) { try POSIX.syncDirectory(root) }
    }

    /// Writes the indexer's files for a commit; a failure leaves the shards committed and the index marked stale.
    func updateIndex(changed: [ShardKey: ShardContent], generation: Int) {
        guard let indexer else { return }
        do {
            try writeIndex(try indexer.update(self, changed: changed, generation: generation))
        } catch {
            markIndexStale(because: error)
        }
    }

    /// Rebuilds every derived file from the shards, at the manifest's generation, and returns that generation; throws what stops it.
    public func rebuildIndex(lock: StoreLock) throws(StoreError) -> Int {
        try checkHeld(lock)
        guard let indexer else { throw StoreError(kind: .invalidContent, file: root, detail: "this store was opened without an index to rebuild") }
        return try writeGate.withLock { _ throws(StoreError) -> Int in
            let generation = try manifest().generation
            let files: [(name: String, bytes: [UInt8])]
            do {
                files = try indexer.rebuild(self, generation: generation)
            } catch let error as StoreError {
                throw error
            } catch {
                throw StoreError(kind: .io, file: path(Self.derivedFolder), detail: "cannot build the index: \(error)")
            }
            try writeIndex(files)
            return generation
        }
    }

    /// Rebuilds every derived file from the shards, at `generation`.
    func rebuildIndex(generation: Int) {
        guard let indexer else { return }
        do {
            try writeIndex(try indexer.rebuild(self, generation: generation))
        } catch {
            markIndexStale(because: error)
        }
    }

    private func writeIndex(_ files: [(name: String, bytes: [UInt8])]) throws(StoreError) {
        try POSIX.makeDirectory(path(Self.derivedFolder))
        for file in files {
            try storing { () throws(OutputError) in try PublishedFile.write(file.bytes, to: path("index/\(file.name)")) }
        }
        indexHealth.withLock { $0 = nil }
    }

    private func markIndexStale(because error: any Error) {
        logger.warning("the query index could not be updated; readers rebuild it until the next run does", metadata: ["index.error": "\(error)"])
        if let marker = indexer?.marker { _ = try? POSIX.remove(path("index/\(marker)")) }
        let failure = error as? StoreError ?? StoreError(kind: .io, file: path("index"), detail: "cannot build the index: \(error)")
        indexHealth.withLock { $0 = failure }
    }

    /// Why the last write of the query index failed (a full disk, naming the file); nil when it succeeded or none was made.
    ///
    /// A failed index write leaves the commit standing, so it throws nothing: a run reads this after its commits
    /// and fails itself when the index it leaves behind is stale.
    public var indexFailure: StoreError? { indexHealth.withLock { $0 } }

    /// Installs the shards' new bytes: one at a time (temp, fsync, rename, folder sync), or, past `bulkThreshold`,
    /// every temp file first, one `syncfs`, then the renames and one sync per folder: as durable, far fewer flushes.
    private func write(_ writes: [(ShardKey, Data)]) throws(StoreError) {
        let folders = Set(writes.map { (path($0.0.relativePath) as NSString).deletingLastPathComponent })
        for folder in folders { try POSIX.makeDirectory(folder) }
        guard writes.count >= Self.bulkThreshold else {
            for (key, bytes) in writes {
                try storing { () throws(OutputError) in try PublishedFile.write(bytes, to: path(key.relativePath)) }
                logger.debug("wrote shard", metadata: ["store.shard": "\(key)"])
            }
            return
        }
        var temps: [(temp: String, file: String)] = []
        do {
            for (key, bytes) in writes {
                let file = path(key.relativePath)
                temps.append((try storing { () throws(OutputError) in try PublishedFile.writeTemporary(bytes, for: file, syncing: false) }, file))
            }
            try POSIX.syncFileSystem(root)
        } catch {
            for (temp, _) in temps { unlink(temp) }
            throw error
        }
        for (temp, file) in temps { try storing { () throws(OutputError) in try PublishedFile.install(temp, at: file) } }
        for folder in folders { try POSIX.syncDirectory(folder) }
        logger.debug("wrote shards in bulk", metadata: ["store.shards": "\(writes.count)"])
    }

    /// From this many shards in one commit, they are written in bulk.
    static let bulkThreshold = 32
}
