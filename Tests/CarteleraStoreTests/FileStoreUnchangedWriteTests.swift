import CarteleraModel
import CarteleraStore
import Foundation
import Testing

@Suite("FileStore leaves unchanged shards alone")
struct FileStoreUnchangedWriteTests {
    private func identity(of path: String) throws -> (inode: Int, modified: Date) {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1, attributes[.modificationDate] as? Date ?? .distantPast)
    }

    @Test("an unchanged commit keeps the shard's inode and mtime and does not rewrite the manifest")
    func untouched() throws {
        try withTemporaryFolder { root in
            let store = try FileStore(root: root)
            let lock = try store.lock(at: Sample.time(6))
            let key = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
            _ = try store.commit([key: .programmes(Sample.la1Evening())], at: Sample.time(16), lock: lock)
            let shard = try identity(of: "\(root)/\(key.relativePath)")
            let manifest = try identity(of: "\(root)/manifest.json")

            let result = try store.commit([key: .programmes(Sample.la1Evening().shuffled())], at: Sample.time(17), lock: lock)

            #expect(result.unchanged == [key])
            let shardAfter = try identity(of: "\(root)/\(key.relativePath)")
            let manifestAfter = try identity(of: "\(root)/manifest.json")
            #expect(shardAfter.inode == shard.inode && shardAfter.modified == shard.modified)
            #expect(manifestAfter.inode == manifest.inode && manifestAfter.modified == manifest.modified)
        }
    }

    @Test("a changed commit replaces the file by rename and records its hash")
    func replacedByRename() throws {
        try withTemporaryFolder { root in
            let store = try FileStore(root: root)
            let lock = try store.lock(at: Sample.time(6))
            _ = try store.commit([.channels: .channels(Sample.channels)], at: Sample.time(16), lock: lock)
            let before = try identity(of: "\(root)/tv/channels.json")
            _ = try store.commit([.channels: .channels([Sample.channels[0]])], at: Sample.time(17), lock: lock)
            #expect(try identity(of: "\(root)/tv/channels.json").inode != before.inode)
            let text = try String(contentsOfFile: "\(root)/tv/channels.json", encoding: .utf8)
            #expect(text.hasPrefix(#"{"items":[{"id":"La1.es""#))
            #expect(text.contains(#""kind":"channels","schemaVersion":2}"#))
            #expect(try store.manifest()[.channels]?.items == 1)
        }
    }
}
