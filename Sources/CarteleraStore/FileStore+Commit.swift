#if canImport(Glibc)
import CarteleraCore
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraModel
import Foundation
import Logging

extension FileStore {
    /// Writes each changed shard atomically, deletes emptied ones, then writes the manifest.
    ///
    /// A shard whose new bytes equal the file on disk is not touched (same inode, same mtime). A corrupt
    /// shard is overwritten only because the caller named it. If the manifest is missing or corrupt it is
    /// rebuilt from the shard files first. A crash after some shards leaves each file whole; the manifest
    /// entries of those shards are corrected by the next commit that names them.
    public func commit(_ shards: [ShardKey: ShardContent], at time: Timestamp, lock: StoreLock) throws(StoreError) -> CommitResult {
        try checkHeld(lock)
        for (key, content) in shards {
            try content.validate(for: key)
        }
        return try writeGate.withLock { _ throws(StoreError) -> CommitResult in
            var (manifest, onDisk) = try manifestForWriting(at: time)
            let before = onDisk ? manifest : nil
            var result = CommitResult()
            for key in shards.keys.sorted() {
                guard let content = shards[key] else { continue }
                let file = path(key.relativePath)
                let folder = (file as NSString).deletingLastPathComponent
                if content.isEmpty {
                    if try POSIX.remove(file) {
                        try POSIX.syncDirectory(folder)
                        if case .programmes = key { rmdir(folder) } // fails, harmlessly, while other channels remain
                        result.removed.append(key)
                        logger.debug("removed shard", metadata: ["store.shard": "\(key)"])
                    }
                    manifest[key] = nil
                    continue
                }
                let bytes = try ShardCodec.encode(content, for: key)
                let entry = Manifest.Entry(items: content.itemCount, hash: FNV1a.hex(bytes), updated: time)
                if try POSIX.readFile(file) == bytes {
                    result.unchanged.append(key)
                    if manifest[key]?.hash != entry.hash || manifest[key]?.items != entry.items {
                        manifest[key] = entry
                    }
                } else {
                    try POSIX.makeDirectory(folder)
                    try AtomicFile.write(bytes, to: file)
                    result.written.append(key)
                    manifest[key] = entry
                    logger.debug("wrote shard", metadata: ["store.shard": "\(key)", "store.items": "\(entry.items)"])
                }
            }
            if manifest != before {
                manifest.updated = time
                try writeManifest(manifest)
            }
            return result
        }
    }
}
