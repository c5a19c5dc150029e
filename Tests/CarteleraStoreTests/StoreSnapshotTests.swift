import CarteleraModel
import CarteleraStore
import Foundation
import Testing

@Suite("A snapshot reads one generation of every store")
struct StoreSnapshotTests {
    private let la1 = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
    private let antena3 = ShardKey.programmes(day: Sample.day, channel: Sample.antena3)

    @Test("a snapshot lists its generation's shards and reads them as committed", arguments: StoreKind.allCases)
    func readsItsGeneration(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            defer { lock.release() }
            _ = try store.commit([la1: .programmes(Sample.la1Evening()), .channels: .channels(Sample.channels)], at: Sample.time(16), lock: lock)
            try store.saveSourceState(SourceState(source: Sample.source, lastSuccess: Sample.time(16)), lock: lock)
            let snapshot = try store.snapshot()
            #expect(snapshot.generation == 1)
            #expect(snapshot.manifest == (try store.manifest()))
            #expect(try snapshot.shardKeys() == [.channels, la1])
            #expect(try snapshot.programmes(day: Sample.day, channel: Sample.la1).map(\.title) == ["Telediario", "El tiempo", "Cine"])
            #expect(try snapshot.channels().map(\.id) == [Sample.antena3, Sample.la1])
            #expect(try snapshot.sourceStates().map(\.source) == [Sample.source])
            #expect(!snapshot.isSuperseded())
        }
    }

    @Test("after a commit a snapshot says it is superseded and never hands out the new bytes as its own", arguments: StoreKind.allCases)
    func neverMixesGenerations(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            defer { lock.release() }
            _ = try store.commit([la1: .programmes(Sample.la1Evening()), antena3: .programmes([Sample.programme(Sample.antena3, at: Sample.time(20), "Noticias")])],
                                 at: Sample.time(16), lock: lock)
            let snapshot = try store.snapshot()
            _ = try store.commit([la1: .programmes([Sample.programme(Sample.la1, at: Sample.time(22), "Otra cosa")])], at: Sample.time(17), lock: lock)
            #expect(snapshot.isSuperseded())
            #expect(snapshot.generation == 1)
            // The shard the commit left alone still reads; the one it replaced reads as generation 1 did, or says it cannot.
            #expect(try snapshot.programmes(day: Sample.day, channel: Sample.antena3).map(\.title) == ["Noticias"])
            do {
                let titles = try snapshot.programmes(day: Sample.day, channel: Sample.la1).map(\.title)
                #expect(titles == ["Telediario", "El tiempo", "Cine"])
            } catch let error as StoreError {
                #expect(error.kind == .superseded)
                #expect(error.description.contains(la1.relativePath))
            }
            #expect(try store.snapshot().programmes(day: Sample.day, channel: Sample.la1).map(\.title) == ["Otra cosa"])
        }
    }

    @Test("reading starts over from a newer snapshot when a commit lands mid-read", arguments: StoreKind.allCases)
    func readingStartsOver(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            defer { lock.release() }
            _ = try store.commit([la1: .programmes(Sample.la1Evening())], at: Sample.time(16), lock: lock)
            var attempts = 0
            let titles = try store.reading { snapshot -> [String] in
                attempts += 1
                if attempts == 1 {
                    _ = try store.commit([la1: .programmes([Sample.programme(Sample.la1, at: Sample.time(22), "Otra cosa")])], at: Sample.time(17), lock: lock)
                    throw StoreError(kind: .superseded, file: la1.relativePath, detail: "changed after generation \(snapshot.generation) was opened")
                }
                return try snapshot.programmes(day: Sample.day, channel: Sample.la1).map(\.title)
            }
            #expect(attempts == 2)
            #expect(titles == ["Otra cosa"])
        }
    }

    @Test("a file store's snapshot reads a shard damaged in place as it is, so decoding names the file")
    func damagedShardIsReadAsItIs() throws {
        try withTemporaryFolder { root in
            let store = try FileStore(root: root)
            let lock = try store.lock(at: Sample.time(6))
            _ = try store.commit([la1: .programmes(Sample.la1Evening())], at: Sample.time(16), lock: lock)
            lock.release()
            try Data(#"{"schemaVersion":2,"items":[{"trunc"#.utf8).write(to: URL(fileURLWithPath: root + "/" + la1.relativePath))
            let snapshot = try store.snapshot()
            let error = #expect(throws: StoreError.self) { try snapshot.programmes(day: Sample.day, channel: Sample.la1) }
            #expect(error?.kind == .corrupt)
            #expect(error?.description.contains(la1.relativePath) == true)
        }
    }

    @Test("a file store's snapshot does not take a commit's new shard as its own while that commit is between its shards and its manifest")
    func readDuringCommitWaitsForTheManifest() throws {
        try withTemporaryFolder { root in
            try withTemporaryFolder { elsewhere in
                let store = try FileStore(root: root)
                let lock = try store.lock(at: Sample.time(6))
                _ = try store.commit([la1: .programmes(Sample.la1Evening())], at: Sample.time(16), lock: lock)
                lock.release()
                let newer = try FileStore(root: elsewhere)
                let newerLock = try newer.lock(at: Sample.time(6))
                _ = try newer.commit([la1: .programmes([Sample.programme(Sample.la1, at: Sample.time(19), "Informativo especial")])],
                                     at: Sample.time(17), lock: newerLock)
                newerLock.release()
                let snapshot = try store.snapshot(patience: .seconds(10))
                // A commit's first steps, as it takes them: its journal, then its shard renamed into place; the manifest
                // file is still the one the snapshot opened.
                try Data(#"{"generation":2,"shards":["\#(la1.relativePath)"]}"#.utf8).write(to: URL(fileURLWithPath: root + "/journal.json"))
                try #require(try newer.shardData(la1)).write(to: URL(fileURLWithPath: root + "/" + la1.relativePath), options: .atomic)
                // Its last steps a moment later, on another thread: the new manifest, then the journal removed.
                let manifest = try #require(FileManager.default.contents(atPath: elsewhere + "/manifest.json"))
                let finished = DispatchSemaphore(value: 0)
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
                    try? manifest.write(to: URL(fileURLWithPath: root + "/manifest.json"), options: .atomic)
                    try? FileManager.default.removeItem(atPath: root + "/journal.json")
                    finished.signal()
                }
                let error = #expect(throws: StoreError.self) { try snapshot.programmes(day: Sample.day, channel: Sample.la1) }
                #expect(error?.kind == .superseded)
                finished.wait()
                #expect(try store.snapshot().programmes(day: Sample.day, channel: Sample.la1).map(\.title) == ["Informativo especial"])
            }
        }
    }

    @Test("opening a file store's snapshot creates nothing and takes no lock")
    func openingIsReadOnly() throws {
        try withTemporaryFolder { root in
            let writer = try FileStore(root: root)
            let lock = try writer.lock(at: Sample.time(6))
            defer { lock.release() }
            _ = try writer.commit([la1: .programmes(Sample.la1Evening())], at: Sample.time(16), lock: lock)
            let before = try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
            let snapshot = try FileStore(root: root, creating: false).snapshot()
            #expect(try snapshot.programmes(day: Sample.day).count == 3)
            #expect(try snapshot.derivedFile("state.json") == nil)
            #expect(try FileManager.default.subpathsOfDirectory(atPath: root).sorted() == before)
        }
    }
}

/// A file copied into memory for a server's index holds the same bytes; a small one is left as it is.
@Suite struct ResidentFileTests {
    @Test func aResidentCopyHoldsTheFilesBytes() {
        let bytes = (0..<(5 << 20) + 12_345).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let file = MappedFile(copying: bytes)
        let resident = MappedFile.resident(file)
        #expect(resident !== file)
        #expect(Array(resident.bytes) == bytes)
        let small = MappedFile(copying: Array(bytes.prefix(4096)))
        #expect(MappedFile.resident(small) === small)
    }
}
