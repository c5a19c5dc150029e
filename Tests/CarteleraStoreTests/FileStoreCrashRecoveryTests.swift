import CarteleraModel
import CarteleraStore
import Foundation
import Testing

@Suite("FileStore after a killed run")
struct FileStoreCrashRecoveryTests {
    @Test("a run killed between writing a temp file and renaming it leaves the previous shard readable")
    func killedBeforeRename() throws {
        try withTemporaryFolder { root in
            let key = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
            do {
                let store = try FileStore(root: root)
                let lock = try store.lock(at: Sample.time(6))
                _ = try store.commit([key: .programmes(Sample.la1Evening())], at: Sample.time(16), lock: lock)
            }
            // What a killed run leaves: the new bytes half written to a temp file, never renamed.
            let temp = "\(root)/tv/programmes/2026-11-22/.La1.es.json.tmp-99999-12345"
            try Data(#"{"schemaVersion":1,"kind":"programmes","items":[{"title":"half"#.utf8).write(to: URL(fileURLWithPath: temp))

            let reopened = try FileStore(root: root)
            #expect(try reopened.programmes(day: Sample.day, channel: Sample.la1).map(\.title) == ["Telediario", "El tiempo", "Cine"])
            #expect(try reopened.channelsWithProgrammes(day: Sample.day) == [Sample.la1])
            #expect(try reopened.shardKeys() == [key])
        }
    }

    @Test("leftover temp files are removed when the lock is taken and never read as data")
    func leftoverTempFilesRemoved() throws {
        try withTemporaryFolder { root in
            let store = try FileStore(root: root)
            let leftovers = [
                "tv/news/.2026-11-22.json.tmp-4242-1",
                "tv/.channels.json.tmp-4242-2",
                ".manifest.json.tmp-4242-3",
                "sources/.example.tv.json.tmp-4242-4",
            ]
            try FileManager.default.createDirectory(atPath: "\(root)/sources", withIntermediateDirectories: true)
            for leftover in leftovers {
                try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(root)/\(leftover)"))
            }
            #expect(try store.news(day: Sample.day) == [])
            #expect(try store.shardKeys() == [])
            #expect(try store.manifest().shards.isEmpty)

            let lock = try store.lock(at: Sample.time(6))
            for leftover in leftovers {
                #expect(!FileManager.default.fileExists(atPath: "\(root)/\(leftover)"))
            }
            lock.release()
        }
    }
}

@Suite("FileStore heals an interrupted commit when the lock is taken")
struct FileStoreJournalTests {
    let la1 = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
    let antena3 = ShardKey.programmes(day: Sample.day, channel: Sample.antena3)

    /// A store with La 1's evening committed (generation 1), then what a commit killed after its first rename leaves:
    /// the journal naming both shards, La 1 already replaced, Antena 3 never written, the manifest still the old one.
    func interruptedCommit(_ root: String) throws {
        do {
            let store = try FileStore(root: root)
            let lock = try store.lock(at: Sample.time(6))
            _ = try store.commit([la1: .programmes(Sample.la1Evening())], at: Sample.time(16), lock: lock)
        }
        let other = try FileStore(root: root)
        let lock = try other.lock(at: Sample.time(6))
        let newEvening = [Sample.programme(Sample.la1, at: Sample.time(19), "Informativo especial")]
        _ = try other.commit([la1: .programmes(newEvening)], at: Sample.time(17), lock: lock)
        lock.release()
        // Put the manifest back to generation 1 and leave the journal, as a kill between renames would.
        var manifest = try other.manifest()
        #expect(manifest.generation == 2)
        manifest.generation = 1
        manifest[la1] = Manifest.Entry(items: 3, hash: "0000000000000000", updated: Sample.time(16))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(manifest).write(to: URL(fileURLWithPath: "\(root)/manifest.json"))
        try Data(#"{"generation":2,"shards":["tv/programmes/2026-11-22/Antena3.es.json","tv/programmes/2026-11-22/La1.es.json"]}"#.utf8)
            .write(to: URL(fileURLWithPath: "\(root)/journal.json"))
    }

    @Test("the manifest is brought into line with the shards the journal names, at the generation that commit was making")
    func journalHealed() throws {
        try withTemporaryFolder { root in
            try interruptedCommit(root)
            let store = try FileStore(root: root)
            let lock = try store.lock(at: Sample.time(18))
            defer { lock.release() }
            #expect(lock.recovery.interruptedCommit)
            #expect(lock.recovery.shardsReconciled == [la1.relativePath])
            #expect(!FileManager.default.fileExists(atPath: "\(root)/journal.json"))
            let manifest = try store.manifest()
            #expect(manifest.generation == 2)
            #expect(manifest[la1]?.items == 1)
            #expect(manifest[antena3] == nil)
            let bytes = try #require(try store.shardData(la1))
            #expect(manifest[la1]?.hash == FNV1aReference.hex(Array(bytes)))
        }
    }

    @Test("shard files the manifest does not list, and entries whose file is gone, are reconciled without a journal")
    func strayFilesReconciled() throws {
        try withTemporaryFolder { root in
            do {
                let store = try FileStore(root: root)
                let lock = try store.lock(at: Sample.time(6))
                _ = try store.commit([la1: .programmes(Sample.la1Evening()), .channels: .channels(Sample.channels)], at: Sample.time(16), lock: lock)
            }
            try FileManager.default.removeItem(atPath: "\(root)/tv/channels.json")
            try FileManager.default.copyItem(atPath: "\(root)/\(la1.relativePath)", toPath: "\(root)/tv/programmes/2026-11-22/Copy.es.json")
            let store = try FileStore(root: root)
            let lock = try store.lock(at: Sample.time(18))
            defer { lock.release() }
            // The copy holds La 1's channel, so it is corrupt for its key and stays out; the missing file's entry goes.
            #expect(lock.recovery.shardsReconciled == ["tv/channels.json"])
            #expect(try store.manifest().generation == 2)
            #expect(Set(try store.manifest().shards.keys) == [la1.relativePath])
        }
    }

    @Test("a store with nothing to heal is not written when the lock is taken")
    func cleanStoreUntouched() throws {
        try withTemporaryFolder { root in
            do {
                let store = try FileStore(root: root)
                let lock = try store.lock(at: Sample.time(6))
                _ = try store.commit([la1: .programmes(Sample.la1Evening())], at: Sample.time(16), lock: lock)
            }
            let before = try FileManager.default.attributesOfItem(atPath: "\(root)/manifest.json")[.modificationDate] as? Date
            let lock = try FileStore(root: root).lock(at: Sample.time(18))
            #expect(lock.recovery.isEmpty)
            lock.release()
            let after = try FileManager.default.attributesOfItem(atPath: "\(root)/manifest.json")[.modificationDate] as? Date
            #expect(before != nil && before == after)
        }
    }
}

/// FNV-1a computed here independently of the store, so a wrong hash in the manifest cannot pass by agreeing with itself.
enum FNV1aReference {
    static func hex(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
