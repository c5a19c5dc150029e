import CarteleraFetch
import CarteleraModel
import CarteleraPipeline
import CarteleraStore
import CarteleraTesting
import Foundation
import Logging
import Testing

/// Scrapes into batch files and commits them, against the loopback site of `ChangingSite`.
@Suite(.serialized) struct BatchTests {
    static let morning = "2026-11-20T08:00:00Z"

    func runner(_ site: ChangingSite, store: String, at now: String = morning) -> Runner {
        var fetch = FetchConfiguration()
        fetch.maxRetries = 0
        fetch.perHostDelaySeconds = 0
        let configuration = RunConfiguration(scrapersDirectory: site.scrapers, storeRoot: store, now: Timestamp(iso8601: now)!, fetch: fetch)
        return Runner(configuration: configuration, logger: Logger(label: "test"))
    }

    /// Every file of a store but the lock and the run reports (which hold timings), with its bytes.
    static func contents(of store: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for relative in try FileManager.default.subpathsOfDirectory(atPath: store) where !relative.hasPrefix("reports") && relative != "lock" {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: "\(store)/\(relative)", isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[relative] = try Data(contentsOf: URL(fileURLWithPath: "\(store)/\(relative)")) }
        }
        return files
    }

    @Test func aCommittedBatchLeavesTheStoreAsARunDoes() async throws {
        let site = try ChangingSite()
        site.serve(["Uno", "Dos", "Tres"])
        let batches = "\(site.folder.path)/batches"
        let scraped = try await runner(site, store: "\(site.folder.path)/unused").scrape(shard: .whole, into: batches)
        #expect(scraped.allSucceeded && scraped.files == ["\(batches)/tv.example.batch.json"])
        #expect(!FileManager.default.fileExists(atPath: "\(site.folder.path)/unused"), "a worker opened the store")

        let committed = try await runner(site, store: "\(site.folder.path)/committed").commit(batches: [batches])
        let local = try await runner(site, store: "\(site.folder.path)/local").run()
        #expect(committed.allSucceeded && local.allSucceeded)
        #expect(committed.sources.map(\.programmes) == local.sources.map(\.programmes))
        let a = try Self.contents(of: "\(site.folder.path)/committed"), b = try Self.contents(of: "\(site.folder.path)/local")
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a == b, "\(a.keys.filter { a[$0] != b[$0] }.sorted())")
        #expect(try FileManager.default.contentsOfDirectory(atPath: batches).isEmpty, "a committed batch was kept")
    }

    @Test func aMissingBatchKeepsTheDataAndARetriedCommitChangesNothing() async throws {
        let site = try ChangingSite()
        site.serve(["Uno", "Dos", "Tres"])
        let store = "\(site.folder.path)/store"
        #expect(try await runner(site, store: store).run().allSucceeded)

        let empty = "\(site.folder.path)/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let missing = try await runner(site, store: store, at: "2026-11-20T09:00:00Z").commit(batches: [empty])
        #expect(missing.sources.map(\.status) == [.failed])
        #expect(missing.sources.first?.errors.first?.contains("no batch arrived") == true)
        #expect(try site.storedTitles() == ["Uno", "Dos", "Tres"])
        #expect(try FileStore(root: store).sourceState("tv.example")?.status == .failed)

        site.serve(["Uno", "Nuevo", "Tres"])
        let batches = "\(site.folder.path)/batches"
        _ = try await runner(site, store: store, at: "2026-11-20T10:00:00Z").scrape(shard: .whole, into: batches)
        let first = try await runner(site, store: store, at: "2026-11-20T10:05:00Z").commit(batches: [batches], keep: true)
        #expect(first.allSucceeded, "\(first.sources.flatMap(\.errors))")
        #expect(try site.storedTitles() == ["Uno", "Nuevo", "Tres"])
        let generation = try FileStore(root: store).manifest().generation
        let counts = try FileStore(root: store).sourceState("tv.example")?.recentItemCounts

        // The same batch again, as a retried commit sends it: reported, not stored twice.
        let retried = try await runner(site, store: store, at: "2026-11-20T10:06:00Z").commit(batches: [batches], keep: true)
        #expect(retried.allSucceeded)
        #expect(retried.sources.first?.warnings.contains { $0.contains("already committed") } == true)
        #expect(try FileStore(root: store).manifest().generation == generation)
        #expect(try FileStore(root: store).sourceState("tv.example")?.recentItemCounts == counts)

        // A batch older than what the store holds is refused: the store's data is newer.
        let old = "\(site.folder.path)/old"
        _ = try await runner(site, store: store, at: "2026-11-20T09:30:00Z").scrape(shard: .whole, into: old)
        let stale = try await runner(site, store: store, at: "2026-11-20T10:10:00Z").commit(batches: [old])
        #expect(stale.sources.first?.status == .failed)
        #expect(stale.sources.first?.errors.first?.contains("before the store's last attempt") == true)
        #expect(try site.storedTitles() == ["Uno", "Nuevo", "Tres"])
    }

    @Test func aCommitWhileAnotherWriterHoldsTheLockIsRefusedAndKeepsTheBatches() async throws {
        let site = try ChangingSite()
        site.serve(["Uno"])
        let store = "\(site.folder.path)/store"
        let batches = "\(site.folder.path)/batches"
        _ = try await runner(site, store: store).scrape(shard: .whole, into: batches)
        let holder = try FileStore(root: store).lock(at: Timestamp(secondsSince1970: 0))
        do {
            _ = try await runner(site, store: store).commit(batches: [batches])
            Issue.record("a commit ran beside another writer")
        } catch {
            guard case .store(let failure) = error else { throw error }
            #expect(failure.kind == .locked)
        }
        #expect(FileManager.default.fileExists(atPath: "\(batches)/tv.example.batch.json"))
        holder.release()
        #expect(try await runner(site, store: store).commit(batches: [batches]).allSucceeded)
    }

    @Test func aDamagedBatchIsNamedAndItsSourceKeepsItsData() async throws {
        let site = try ChangingSite()
        site.serve(["Uno", "Dos"])
        let store = "\(site.folder.path)/store"
        #expect(try await runner(site, store: store).run().allSucceeded)
        let batches = "\(site.folder.path)/batches"
        _ = try await runner(site, store: store, at: "2026-11-20T10:00:00Z").scrape(shard: .whole, into: batches)
        let file = "\(batches)/tv.example.batch.json"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: file))
        try Data("{\"format\":\"cartelera-batch\",\"version\":1}".utf8).write(to: URL(fileURLWithPath: "\(batches)/other.example.batch.json"))

        let report = try await runner(site, store: store, at: "2026-11-20T10:05:00Z").commit(batches: [batches])
        #expect(report.sources.first?.status == .failed)
        #expect(report.sources.first?.errors.first?.contains("its batch could not be read (batch \(file): not a batch file") == true)
        #expect(report.problems.contains { $0.hasPrefix("batch \(batches)/other.example.batch.json: cannot decode") }, "\(report.problems)")
        #expect(try site.storedTitles() == ["Uno", "Dos"])
        #expect(FileManager.default.fileExists(atPath: file), "a batch that could not be read was deleted")
    }
}
