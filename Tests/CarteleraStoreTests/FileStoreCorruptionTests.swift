import CarteleraModel
import CarteleraStore
import Foundation
import Testing

@Suite("FileStore reports corrupt files instead of crashing")
struct FileStoreCorruptionTests {
    /// A store with La 1 and Antena 3 programmes and channels on `Sample.day`.
    private func withFilledStore(_ body: (FileStore, String) throws -> Void) throws {
        try withTemporaryFolder { root in
            let store = try FileStore(root: root)
            let lock = try store.lock(at: Sample.time(6))
            var shards = ShardContent.programmeShards(Sample.la1Evening() + [Sample.programme(Sample.antena3, at: Sample.time(22), "Película")])
            shards[.channels] = .channels(Sample.channels)
            _ = try store.commit(shards, at: Sample.time(16), lock: lock)
            lock.release()
            try body(store, root)
        }
    }

    private func overwrite(_ root: String, _ relativePath: String, with text: String) throws {
        let url = URL(fileURLWithPath: "\(root)/\(relativePath)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test("invalid JSON in a shard throws corrupt naming the shard, and other shards stay readable")
    func invalidJSON() throws {
        try withFilledStore { store, root in
            try overwrite(root, "tv/programmes/2026-11-22/La1.es.json", with: "not json at all")
            let error = #expect(throws: StoreError.self) { try store.programmes(day: Sample.day, channel: Sample.la1) }
            #expect(error?.kind == .corrupt)
            #expect(error?.file == "tv/programmes/2026-11-22/La1.es.json")
            #expect(error?.description.hasPrefix("store: tv/programmes/2026-11-22/La1.es.json is corrupt: ") == true)
            #expect(error?.description.hasSuffix("(move it aside or delete it; the next run rewrites it)") == true)
            #expect(try store.programmes(day: Sample.day, channel: Sample.antena3).count == 1)
            #expect(try store.channels().count == 2)
        }
    }

    @Test("a truncated shard throws corrupt and says what is wrong")
    func truncated() throws {
        try withFilledStore { store, root in
            let path = "\(root)/tv/channels.json"
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: StoreError.self) { try store.channels() }
            #expect(error?.kind == .corrupt)
            #expect(error?.file == "tv/channels.json")
            #expect(error?.detail.hasPrefix("unexpected end of file") == true)
        }
    }

    @Test("an empty shard file is corrupt, not an empty shard")
    func emptyFile() throws {
        try withFilledStore { store, root in
            try overwrite(root, "tv/channels.json", with: "")
            let error = #expect(throws: StoreError.self) { try store.channels() }
            #expect(error?.detail == "the file is empty")
        }
    }

    @Test("a shard holding another kind or another schema version is corrupt")
    func wrongKindOrSchema() throws {
        try withFilledStore { store, root in
            try overwrite(root, "tv/channels.json", with: #"{"schemaVersion":1,"kind":"news","items":[]}"#)
            #expect((#expect(throws: StoreError.self) { try store.channels() })?.detail == "holds news, expected channels")
            try overwrite(root, "tv/channels.json", with: #"{"schemaVersion":3,"kind":"channels","items":{"v3":true}}"#)
            #expect((#expect(throws: StoreError.self) { try store.channels() })?.detail == "schemaVersion 3, this build reads 1...2")
        }
    }

    @Test("a garbage manifest throws corrupt naming manifest.json while shards stay readable")
    func garbageManifest() throws {
        try withFilledStore { _, root in
            try overwrite(root, "manifest.json", with: "{\"schemaVersion\": 1, \"shards\": [")
            let store = try FileStore(root: root)
            let error = #expect(throws: StoreError.self) { try store.manifest() }
            #expect(error?.kind == .corrupt)
            #expect(error?.file == "manifest.json")
            #expect(try store.programmes(day: Sample.day).count == 4)
        }
    }

    @Test("taking the lock rebuilds a garbage manifest from the shard files present, leaving corrupt shards out")
    func manifestRebuilt() throws {
        try withFilledStore { store, root in
            try overwrite(root, "manifest.json", with: "garbage")
            try overwrite(root, "tv/programmes/2026-11-22/Antena3.es.json", with: "{")
            let lock = try store.lock(at: Sample.time(6))
            let result = try store.commit([.channels: .channels(Sample.channels)], at: Sample.time(18), lock: lock)
            #expect(result.unchanged == [.channels])
            let manifest = try store.manifest()
            #expect(Set(manifest.shards.keys) == ["tv/channels.json", "tv/programmes/2026-11-22/La1.es.json"])
            #expect(manifest[.programmes(day: Sample.day, channel: Sample.la1)]?.items == 3)
            #expect(manifest.updated == Sample.time(6))
            #expect(manifest.generation == Int(Sample.time(6).secondsSince1970))
        }
    }

    @Test("a commit replaces a corrupt shard the caller names")
    func corruptShardReplaced() throws {
        try withFilledStore { store, root in
            try overwrite(root, "tv/programmes/2026-11-22/La1.es.json", with: "{\"trunc")
            let lock = try store.lock(at: Sample.time(6))
            let key = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
            #expect(try store.commit([key: .programmes(Sample.la1Evening())], at: Sample.time(18), lock: lock).written == [key])
            #expect(try store.programmes(day: Sample.day, channel: Sample.la1).count == 3)
        }
    }

    @Test("a corrupt source state throws corrupt naming its file")
    func corruptSourceState() throws {
        try withFilledStore { store, root in
            try overwrite(root, "sources/example.tv.json", with: "[]")
            let error = #expect(throws: StoreError.self) { try store.sourceState(Sample.source) }
            #expect(error?.kind == .corrupt)
            #expect(error?.file == "sources/example.tv.json")
        }
    }
}
