import CarteleraFetch
import CarteleraModel
import CarteleraPipeline
import CarteleraStore
import CarteleraTesting
import Foundation
import Logging
import Synchronization
import Testing

/// Two sites listing the same channel, served on loopback, one of them slowed down so the other finishes first.
final class TwoSites: Sendable {
    let server: LoopbackServer
    let folder: TemporaryFolder
    /// The site that answers late.
    final class Slow: Sendable {
        let site = Mutex("")
    }

    let slow = Slow()

    init() throws {
        folder = try TemporaryFolder("order")
        let slow = self.slow
        server = try LoopbackServer { request in
            if request.path == "/robots.txt" { return .status(404) }
            let site = request.path.split(separator: "/").first.map(String.init) ?? ""
            // The slowed site answers after the other one has been committed.
            if site == slow.site.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.4) }
            return .ok(TwoSites.page(for: site))
        }
        for site in ["a", "b"] {
            let folder = "\(self.folder.path)/Scrapers/tv-\(site).example"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try """
                kind: tv-schedule
                timezone: Europe/Madrid
                site: "https://tv-\(site).example/"
                days: 1
                request:
                  url: "\(server.baseURL)/\(site)/{date:yyyy-MM-dd}"
                channels:
                  - {id: La1.es, site_id: la1, name: La 1\(site == "b" ? ", logo: \"https://tv-b.example/la1.png\"" : "")}
                schedule:
                  rows: "li"
                  fields:
                    start: {select: "b", format: "HH:mm"}
                    title: "h3"
                    description: "p"
                    image: {select: "img", attr: src, url: true}
                """.write(toFile: "\(folder)/source.yaml", atomically: true, encoding: .utf8)
        }
    }

    deinit { server.stop() }

    /// The same evening on both sites, each with data the other lacks, titles written a little differently.
    static func page(for site: String) -> String {
        site == "a"
            ? "<ul><li><b>21:00</b><h3>Telediario 2</h3><p>Noticias del día</p></li><li><b>22:00</b><h3>Cine: Mar adentro</h3></li></ul>"
            : "<ul><li><b>21:00</b><h3>Telediario</h3><img src=\"/td.jpg\"></li><li><b>22:00</b><h3>Mar adentro</h3><p>Película de 2004</p></li></ul>"
    }

    /// Runs both sources into `store` with `slowSite` answering last; returns every shard's bytes.
    func run(slowing slowSite: String, into store: String) async throws -> [String: Data] {
        slow.site.withLock { $0 = slowSite }
        var fetch = FetchConfiguration()
        fetch.maxRetries = 0
        fetch.perHostDelaySeconds = 0
        fetch.perHostConcurrency = 4
        let configuration = RunConfiguration(scrapersDirectory: "\(folder.path)/Scrapers", storeRoot: store,
                                             now: Timestamp(iso8601: "2026-11-20T08:00:00Z")!, fetch: fetch)
        let report = try await Runner(configuration: configuration, logger: Logger(label: "test")).run()
        #expect(report.allSucceeded)
        var shards: [String: Data] = [:]
        for file in try FileManager.default.subpathsOfDirectory(atPath: store) where file.hasPrefix("tv/") && file.hasSuffix(".json") {
            shards[file] = FileManager.default.contents(atPath: "\(store)/\(file)")
        }
        return shards
    }
}

@Suite(.serialized) struct RunnerOrderTests {
    @Test func theStoredBytesDoNotDependOnWhichSourceFinishesFirst() async throws {
        let sites = try TwoSites()
        let aLast = try await sites.run(slowing: "a", into: "\(sites.folder.path)/store-a-last")
        let bLast = try await sites.run(slowing: "b", into: "\(sites.folder.path)/store-b-last")
        #expect(aLast.keys.sorted() == ["tv/channels.json", "tv/programmes/2026-11-20/La1.es.json"])
        #expect(aLast == bLast)
        let programmes = try FileStore(root: "\(sites.folder.path)/store-a-last").programmes(day: Day("2026-11-20")!, channel: "La1.es")
        // Merged, not doubled, and each keeps both sources in source order.
        #expect(programmes.count == 2)
        #expect(programmes.allSatisfy { $0.provenance.map(\.source) == ["tv-a.example", "tv-b.example"] })
        #expect(programmes[0].image == "\(sites.server.baseURL)/td.jpg")
        let channels = try FileStore(root: "\(sites.folder.path)/store-b-last").channels()
        #expect(channels.first?.website == "https://tv-a.example/")
        #expect(channels.first?.logo == "https://tv-b.example/la1.png")
        #expect(channels.first?.sources == ["tv-a.example", "tv-b.example"])
    }
}
