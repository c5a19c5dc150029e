import CarteleraFetch
import CarteleraModel
import CarteleraPipeline
import CarteleraScraping
import CarteleraStore
import CarteleraTesting
import Foundation
import Logging
import Synchronization
import Testing

/// A one-channel site on the loopback server whose page the test can change between runs.
final class ChangingSite: Sendable {
    final class Page: Sendable {
        let value = Mutex<(status: Int, body: [UInt8], contentType: String)>((200, [], "text/html; charset=utf-8"))
    }

    let page = Page()
    let server: LoopbackServer
    let folder: TemporaryFolder
    let scrapers: String
    let store: String

    /// A site whose listing is `page`; detail pages (`/detail/…`) answer 404, and `extra` is appended to the definition.
    /// With `robots`, robots.txt has that body; without, it answers 404 (everything allowed).
    init(extra: String = "", robots: String? = nil) throws {
        let page = self.page
        server = try LoopbackServer { request in
            if request.path == "/robots.txt" { return robots.map { .ok($0, contentType: "text/plain") } ?? .status(404) }
            if request.path.hasPrefix("/detail/") { return .status(404) }
            let current = page.value.withLock { $0 }
            return current.status == 200
                ? LoopbackResponse(status: 200, headers: ["Content-Type": current.contentType], body: current.body) : .status(current.status)
        }
        folder = try TemporaryFolder("runner")
        scrapers = "\(folder.path)/Scrapers"
        store = "\(folder.path)/store"
        try FileManager.default.createDirectory(atPath: "\(scrapers)/tv.example", withIntermediateDirectories: true)
        try """
            kind: tv-schedule
            timezone: Europe/Madrid
            days: 1
            request:
              url: "\(server.baseURL)/la1/{date:yyyy-MM-dd}"
            channels:
              - {id: La1.es, site_id: la1, name: La 1}
            schedule:
              rows: "li"
              fields:
                start: {select: "b", format: "HH:mm"}
                title: "h3"
            \(extra)
            """.write(toFile: "\(scrapers)/tv.example/source.yaml", atomically: true, encoding: .utf8)
    }

    deinit { server.stop() }

    /// Serves one programme per title, from 06:00 hourly, as UTF-8 or in another encoding under a label that may lie.
    func serve(_ titles: [String], encoding: String.Encoding = .utf8, contentType: String = "text/html; charset=utf-8") {
        let items = titles.enumerated().map { "<li><b>\(String(format: "%02d", 6 + $0.offset)):00</b><h3>\($0.element)</h3></li>" }
        let body = Array("<ul>\(items.joined())</ul>".data(using: encoding) ?? Data())
        page.value.withLock { $0 = (200, body, contentType) }
    }

    func fail(_ status: Int) { page.value.withLock { $0 = (status, [], "text/plain") } }

    func run(at now: String = "2026-11-20T08:00:00Z") async throws -> RunReport {
        var fetch = FetchConfiguration()
        fetch.maxRetries = 0
        fetch.perHostDelaySeconds = 0
        let configuration = RunConfiguration(scrapersDirectory: scrapers, storeRoot: store, now: Timestamp(iso8601: now)!, fetch: fetch)
        return try await Runner(configuration: configuration, logger: Logger(label: "test")).run()
    }

    func storedTitles() throws -> [String] {
        try FileStore(root: store).programmes(day: Day("2026-11-20")!, channel: "La1.es").map(\.title)
    }
}

@Suite(.serialized) struct RunnerTests {
    @Test func aRunStoresWhatTheSourceYields() async throws {
        let site = try ChangingSite()
        site.serve(["Uno", "Dos", "Tres"])
        let report = try await site.run()
        #expect(report.allSucceeded)
        #expect(report.sources.first?.programmes == 3)
        #expect(try site.storedTitles() == ["Uno", "Dos", "Tres"])
        let state = try FileStore(root: site.store).sourceState("tv.example")
        #expect(state?.recentItemCounts == [3])
    }

    @Test func aFailingSourceKeepsItsLastGoodData() async throws {
        let site = try ChangingSite()
        site.serve(["Uno", "Dos", "Tres"])
        _ = try await site.run()
        site.fail(500)
        let report = try await site.run(at: "2026-11-20T10:00:00Z")
        let source = try #require(report.sources.first)
        #expect(source.status == .failed)
        #expect(source.errors.first?.contains("tv.example") == true)
        #expect(source.errors.first?.contains("HTTP 500") == true)
        #expect(try site.storedTitles() == ["Uno", "Dos", "Tres"])
        #expect(try FileStore(root: site.store).sourceState("tv.example")?.status == .failed)
    }

    @Test func aSuddenlyEmptySourceIsTreatedAsBroken() async throws {
        let site = try ChangingSite()
        site.serve((1...10).map { "Programa \($0)" })
        _ = try await site.run()
        site.serve(["Solo uno"])
        let report = try await site.run(at: "2026-11-20T10:00:00Z")
        let source = try #require(report.sources.first)
        #expect(source.status == .belowSanityFloor)
        #expect(source.errors.first?.contains("below its sanity floor of 5") == true)
        #expect(try site.storedTitles().count == 10)
    }

    @Test func aChangedScheduleReplacesTheSourcesOldItems() async throws {
        let site = try ChangingSite()
        site.serve(["Uno", "Dos", "Tres"])
        _ = try await site.run()
        site.serve(["Uno", "Nuevo", "Tres"])
        let report = try await site.run(at: "2026-11-20T10:00:00Z")
        #expect(report.allSucceeded)
        #expect(try site.storedTitles() == ["Uno", "Nuevo", "Tres"])
    }

    @Test func aSecondRunWhileTheLockIsHeldIsRefused() async throws {
        let site = try ChangingSite()
        site.serve(["Uno"])
        let holder = try FileStore(root: site.store).lock(at: Timestamp(secondsSince1970: 0))
        await #expect(throws: RunError.self) { _ = try await site.run() }
        do {
            _ = try await site.run()
        } catch {
            #expect("\(error)".contains("locked by another run"))
        }
        holder.release()
        #expect(try await site.run().allSucceeded)
    }

    @Test func anUnchangedRunHoursLaterWritesNoShardByte() async throws {
        let site = try ChangingSite()
        site.serve(["Uno", "Dos"])
        let first = try await site.run(at: "2026-11-20T08:00:00Z")
        let shard = "\(site.store)/tv/programmes/2026-11-20/La1.es.json"
        let before = try Self.fingerprint(of: site.store)
        let report = try await site.run(at: "2026-11-20T14:37:00Z")
        #expect(report.allSucceeded)
        #expect(report.sources.first?.shardsWritten == 0)
        #expect(report.generation == first.generation)
        // Same bytes, same inodes, same modification times: shards and manifest alike.
        #expect(try Self.fingerprint(of: site.store) == before)
        #expect(before.keys.contains("tv/programmes/2026-11-20/La1.es.json") && FileManager.default.fileExists(atPath: shard))
        #expect(try FileStore(root: site.store).sourceState("tv.example")?.lastSuccess == Timestamp(iso8601: "2026-11-20T14:37:00Z"))
    }

    /// Path → (inode, modification time, bytes) of the manifest and every shard.
    static func fingerprint(of store: String) throws -> [String: String] {
        var result: [String: String] = [:]
        let files = try FileManager.default.subpathsOfDirectory(atPath: store)
            .filter { $0 == "manifest.json" || $0.hasPrefix("tv/") || $0.hasPrefix("nightlife/") }
        for file in files where file.hasSuffix(".json") {
            let attributes = try FileManager.default.attributesOfItem(atPath: "\(store)/\(file)")
            let bytes = FileManager.default.contents(atPath: "\(store)/\(file)") ?? Data()
            result[file] = "\(attributes[.systemFileNumber] ?? 0) \(attributes[.modificationDate] ?? 0) \(bytes.base64EncodedString())"
        }
        return result
    }
}
