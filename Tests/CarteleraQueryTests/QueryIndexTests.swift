import CarteleraCore
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Foundation
import Synchronization
import Testing

/// The index: consistent for readers during commits, rebuilt when missing, stale, damaged or of an older version.
@Suite(.serialized) struct QueryIndexTests {
    /// Twenty channels whose programmes all carry one title: a snapshot that mixes two commits would show two.
    func evening(_ title: String, _ f: QueryStore) -> [Programme] {
        (1...20).map { number in f.programme(ChannelID("C\(number).es"), "2026-11-20 21:00", minutes: 60, title) }
    }

    @Test func readersDuringCommitsSeeTheOldStateOrTheNewNeverAMix() async throws {
        let f = try QueryStore()
        try f.commit(programmes: evening("Uno", f))
        let stop = Atomic<Bool>(false)
        let root = f.root
        let commits = Task.detached {
            for round in 0..<40 {
                try f.commit(programmes: evening(round % 2 == 0 ? "Dos" : "Uno", f), at: Timestamp(secondsSince1970: 1_795_000_000 + Int64(round)))
            }
            stop.store(true, ordering: .relaxed)
        }
        var snapshots = 0
        var mixed: [String] = []
        while !stop.load(ordering: .relaxed) {
            let index: QueryIndex
            do {
                index = try QueryStore.index(root)
            } catch let error as StoreError where error.kind == .superseded {
                // A commit replaced the generation while it was read: said so, never answered from a mix.
                continue
            }
            var query = Query(kind: .programmes, at: Timestamp(secondsSince1970: 0))
            query.limit = 100
            let titles = Set(QueryEngine(index: index).programmes(query).rows.map(\.title))
            if titles.count != 1 { mixed.append("\(titles.sorted()) at generation \(index.generation)") }
            snapshots += 1
        }
        try await commits.value
        #expect(snapshots > 0)
        #expect(mixed.isEmpty, "\(mixed.prefix(3))")
    }

    @Test func aMissingTruncatedOrOlderIndexIsRebuiltFromTheShards() throws {
        let f = try QueryStore()
        try f.commit(programmes: evening("Uno", f))
        let file = f.root + "/index/programmes.idx"
        let good = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(try QueryStore.index(f.root).origin == .files)

        try FileManager.default.removeItem(atPath: file)
        let missing = try QueryStore.index(f.root)
        #expect(missing.origin != .files)
        #expect(QueryEngine(index: missing).programmes(Query(kind: .programmes, at: Timestamp(secondsSince1970: 0))).total == 20)

        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: file))
        let truncated = try QueryStore.index(f.root)
        #expect(truncated.origin != .files)
        #expect(QueryEngine(index: truncated).programmes(Query(kind: .programmes, at: Timestamp(secondsSince1970: 0))).total == 20)

        var older = good
        older.replaceSubrange(0..<8, with: Array("CARTIDX1".utf8))
        try older.write(to: URL(fileURLWithPath: file))
        #expect(try QueryStore.index(f.root).origin != .files)

        // A record pointing outside the titles: refused whole, not read out of bounds.
        var damaged = good
        let titleColumn = try #require(damaged.range(of: Data("title\0".utf8)))
        let offset = damaged[titleColumn.upperBound + 18..<titleColumn.upperBound + 26].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        damaged.replaceSubrange(Int(offset)..<Int(offset) + 4, with: [0xFF, 0xFF, 0xFF, 0x7F])
        try damaged.write(to: URL(fileURLWithPath: file))
        #expect(try QueryStore.index(f.root).origin != .files)

        // The next writer heals it for good.
        let lock = try f.store.lock(at: Timestamp(secondsSince1970: 1_795_100_000))
        #expect(lock.recovery.indexRebuilt)
        lock.release()
        #expect(try QueryStore.index(f.root).origin == .files)
    }

    /// Commits that add, replace and empty shards, with new and vanishing titles: the updated index is byte for byte a full rebuild.
    @Test func anUpdatedIndexIsTheIndexARebuildWrites() throws {
        let f = try QueryStore()
        let titles = ["Telediario", "Acción mutante", "ACCIÓN MUTANTE", "El Tiempo", "Straße der Nacht", "Cine: Ærø", "La 1 en directo", "Los Simpson"]
        var random = SplitMix64(seed: 11)
        for round in 0..<12 {
            var shards: [ShardKey: ShardContent] = [:]
            for _ in 0..<(1 + random.below(4)) {
                let channel = ChannelID("C\(1 + random.below(5)).es")
                let day = "2026-11-2\(random.below(4))"
                let programmes = (0..<random.below(6)).map { slot in
                    f.programme(channel, "\(day) \(10 + slot * 2):00", minutes: 90, titles[random.below(titles.count)] + (round % 3 == 0 ? " \(round)" : ""),
                                type: slot % 2 == 0 ? .film : nil, genres: slot % 3 == 0 ? [.drama] : [], year: slot == 1 ? 1999 : nil, score: slot == 2 ? 7.5 : nil)
                }
                shards[.programmes(day: Day(day)!, channel: channel)] = .programmes(programmes)
            }
            let time = Timestamp(secondsSince1970: 1_795_000_000 + Int64(round))
            let lock = try f.store.lock(at: time)
            let generation = try f.store.commit(shards, at: time, lock: lock).generation
            lock.release()
            guard let generation else { continue }
            let updated = try Data(contentsOf: URL(fileURLWithPath: f.root + "/index/programmes.idx"))
            let rebuilt = try #require(try QueryIndexer().rebuild(f.store, generation: generation).first { $0.name == "programmes.idx" })
            #expect(Array(updated) == rebuilt.bytes, "round \(round)")
        }
    }

    @Test func openingAStoreCreatesNothingAndTakesNoLock() throws {
        let f = try QueryStore()
        try f.commit(programmes: evening("Uno", f))
        let lock = try f.store.lock(at: Timestamp(secondsSince1970: 1_795_100_000))
        defer { lock.release() }
        let before = try FileManager.default.subpathsOfDirectory(atPath: f.root).sorted()
        _ = try QueryStore.index(f.root)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: f.root).sorted() == before)
        #expect(throws: StoreError.self) { try QueryStore.index(f.root + "/nowhere") }
    }
}
