import CarteleraModel
import CarteleraStore
import Foundation
import Testing

@Suite("Every store counts generations of its content")
struct StoreGenerationTests {
    @Test("the generation grows by one with each commit that changes content, and only then", arguments: StoreKind.allCases)
    func generationFollowsContent(kind: StoreKind) throws {
        try kind.withStore { store in
            #expect(try store.manifest().generation == 0)
            let lock = try store.lock(at: Sample.time(6))
            defer { lock.release() }
            let key = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
            let first = try store.commit([key: .programmes(Sample.la1Evening())], at: Sample.time(16), lock: lock)
            #expect(first.generation == 1)
            #expect(try store.manifest().generation == 1)
            let same = try store.commit([key: .programmes(Sample.la1Evening())], at: Sample.time(17), lock: lock)
            #expect(same.generation == nil && same.written.isEmpty && same.unchanged == [key])
            #expect(try store.manifest().generation == 1)
            #expect(try store.manifest().updated == Sample.time(16))
            let removed = try store.commit([key: .programmes([])], at: Sample.time(18), lock: lock)
            #expect(removed.removed == [key] && removed.generation == 2)
            let nothing = try store.commit([key: .programmes([])], at: Sample.time(19), lock: lock)
            #expect(nothing.generation == nil && nothing.removed.isEmpty)
            #expect(try store.manifest().generation == 2)
        }
    }

    @Test("a shard that cannot be decoded is set aside with its bytes kept, then rewritten", arguments: StoreKind.allCases)
    func corruptShardSetAside(kind: StoreKind) throws {
        try kind.withStore { store in
            let key = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
            let lock = try store.lock(at: Sample.time(6))
            defer { lock.release() }
            _ = try store.commit([key: .programmes(Sample.la1Evening())], at: Sample.time(16), lock: lock)
            let garbage = Data(#"{"schemaVersion":2,"kind":"programmes","items":[{"tit"#.utf8)
            try replaceBytes(of: key, with: garbage, in: store)
            #expect((#expect(throws: StoreError.self) { try store.content(key) })?.kind == .corrupt)
            let fresh = [Sample.programme(Sample.la1, at: Sample.time(19), "Telediario")]
            let result = try store.commit([key: .programmes(fresh)], setAside: [key], at: Sample.time(17), lock: lock)
            let moved = try #require(result.setAside[key])
            #expect(moved == "quarantine/2026-11-22T170000Z/\(key.relativePath)")
            #expect(try quarantined(moved, in: store) == garbage)
            #expect(try store.programmes(day: Sample.day, channel: Sample.la1).map(\.title) == ["Telediario"])
            #expect(try store.manifest()[key]?.items == 1)
        }
    }

    private func replaceBytes(of key: ShardKey, with bytes: Data, in store: any Store) throws {
        if let memory = store as? MemoryStore {
            memory.replaceBytes(of: key, with: bytes)
        } else if let file = store as? FileStore {
            try bytes.write(to: URL(fileURLWithPath: "\(file.root)/\(key.relativePath)"))
        }
    }

    private func quarantined(_ name: String, in store: any Store) throws -> Data? {
        if let memory = store as? MemoryStore { return memory.quarantine[name] }
        guard let file = store as? FileStore else { return nil }
        return FileManager.default.contents(atPath: "\(file.root)/\(name)")
    }
}

@Suite("FileStore reads what earlier versions wrote")
struct FileStoreMigrationTests {
    @Test("venues and nights of schema version 1, with fetch times and without keywords, read and are rewritten as version 2")
    func schemaOneReads() throws {
        try withTemporaryFolder { root in
            let store = try FileStore(root: root)
            try Data(#"{"schemaVersion":1,"shards":{},"updated":"2026-11-20T08:00:00Z"}"#.utf8).write(to: URL(fileURLWithPath: "\(root)/manifest.json"))
            let venues = #"{"schemaVersion":1,"kind":"venues","city":"madrid","items":[{"id":"madrid/sala-el-sol","name":"Sala El Sol","city":"Madrid","musicGenres":["indie"],"musicLabels":["Indie"],"openingHours":[],"images":[],"provenance":[{"source":"clubs.example","fetchedAt":"2026-11-20T08:00:00Z"}],"lastSeen":"2026-11-20T08:00:00Z"}]}"#
            try Data(venues.utf8).write(to: URL(fileURLWithPath: "\(root)/nightlife/venues/madrid.json"))
            let read = try store.venues(city: "Madrid")
            #expect(read.map(\.name) == ["Sala El Sol"])
            #expect(read.first?.keywords == [])
            #expect(read.first?.provenance == [Provenance(source: "clubs.example")])
            #expect(try store.manifest().generation == 0)

            let lock = try store.lock(at: Sample.time(6))
            defer { lock.release() }
            _ = try store.commit([.venues(city: "madrid"): .venues(read)], at: Sample.time(16), lock: lock)
            let rewritten = try String(contentsOfFile: "\(root)/nightlife/venues/madrid.json", encoding: .utf8)
            #expect(rewritten.contains(#""schemaVersion":2"#))
            #expect(!rewritten.contains("fetchedAt") && !rewritten.contains("lastSeen"))
            #expect(try store.manifest().schemaVersion == 2)
        }
    }
}

@Suite("FileStore never mistakes an unreadable folder for an empty one")
struct FileStoreUnreadableFolderTests {
    @Test("a day folder that cannot be listed is an I/O error naming it")
    func unreadableFolder() throws {
        try withTemporaryFolder { root in
            let store = try FileStore(root: root)
            // A file where a day folder belongs: listing it fails (ENOTDIR) the way an EIO or EACCES would.
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(root)/tv/programmes/2026-11-22"))
            let error = #expect(throws: StoreError.self) { try store.shardKeys() }
            #expect(error?.kind == .io)
            #expect(error?.description.contains("tv/programmes/2026-11-22: cannot list folder") == true)
        }
    }
}
