import CarteleraModel
import CarteleraStore
import Foundation
import Testing

@Suite("Every store keeps a manifest of its shards")
struct StoreManifestTests {
    @Test("an unwritten store has an empty manifest of the current schema", arguments: StoreKind.allCases)
    func emptyManifest(kind: StoreKind) throws {
        try kind.withStore { store in
            let manifest = try store.manifest()
            #expect(manifest.schemaVersion == Manifest.currentSchemaVersion)
            #expect(manifest.shards.isEmpty)
            #expect(manifest.updated == nil)
        }
    }

    @Test("the manifest lists shards with item counts and hashes", arguments: StoreKind.allCases)
    func entries(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let key = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
            _ = try store.commit([
                key: .programmes(Sample.la1Evening()),
                .audiences(day: Sample.day): .audiences(Sample.audienceDay()),
            ], at: Sample.time(16), lock: lock)
            let manifest = try store.manifest()
            #expect(manifest.updated == Sample.time(16))
            #expect(Set(manifest.shards.keys) == ["tv/programmes/2026-11-22/La1.es.json", "tv/audiences/2026-11-22.json"])
            #expect(manifest[key]?.items == 3)
            #expect(manifest[.audiences(day: Sample.day)]?.items == 2)
            #expect(manifest[key]?.hash.count == 16)
            #expect(manifest[key]?.updated == Sample.time(16))
        }
    }

    @Test("a commit updates the changed entry and leaves the others", arguments: StoreKind.allCases)
    func updatedOnCommit(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let key = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
            _ = try store.commit([key: .programmes(Sample.la1Evening()), .channels: .channels(Sample.channels)], at: Sample.time(16), lock: lock)
            let first = try store.manifest()
            _ = try store.commit([key: .programmes(Array(Sample.la1Evening().prefix(2)))], at: Sample.time(17), lock: lock)
            let second = try store.manifest()
            #expect(second.updated == Sample.time(17))
            #expect(second[key]?.items == 2)
            #expect(second[key]?.hash != first[key]?.hash)
            #expect(second[key]?.updated == Sample.time(17))
            #expect(second[.channels] == first[.channels])
        }
    }

    @Test("a rebuilt manifest counts nightlife shards too")
    func rebuiltWithNightlife() throws {
        try withTemporaryFolder { root in
            do {
                let store = try FileStore(root: root)
                let lock = try store.lock(at: Sample.time(6))
                _ = try store.commit([
                    .venues(city: "madrid"): .venues([Sample.venue("Sala El Sol")]),
                    .nights(day: Sample.day): .nights(Sample.nightsDay()),
                    .promotions: .promotions([Sample.promotion("a", paid: true)]),
                ], at: Sample.time(16), lock: lock)
            }
            let written = try FileStore(root: root).manifest()
            try FileManager.default.removeItem(atPath: "\(root)/manifest.json")
            let store = try FileStore(root: root)
            #expect(try store.shardKeys() == [.nights(day: Sample.day), .promotions, .venues(city: "madrid")])
            // Taking the lock heals the index: no commit is needed.
            let lock = try store.lock(at: Sample.time(17))
            defer { lock.release() }
            let rebuilt = try store.manifest()
            #expect(rebuilt.generation > written.generation)
            #expect(rebuilt.shards.mapValues(\.items) == written.shards.mapValues(\.items))
            #expect(rebuilt.shards.mapValues(\.hash) == written.shards.mapValues(\.hash))
            #expect(rebuilt[.nights(day: Sample.day)]?.items == 3)
        }
    }
}
