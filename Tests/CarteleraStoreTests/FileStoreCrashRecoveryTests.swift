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
