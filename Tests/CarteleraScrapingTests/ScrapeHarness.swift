import CarteleraFetch
import CarteleraModel
import CarteleraScraping
import CarteleraTesting
import Foundation
import Logging

/// Runs a definition written in the test against pages written in the test.
struct ScrapeHarness {
    let directory: String
    var routes: [FixtureFetcher.Route] = []

    init() throws { directory = try RepositoryPaths.temporaryDirectory("scrape") }

    /// Serves `body` for `url`.
    mutating func page(_ url: String, _ body: String, method: String? = nil, bodyContains: String? = nil, bytes: [UInt8]? = nil, contentType: String? = nil) throws {
        let file = "\(directory)/page-\(routes.count).html"
        try Data(bytes ?? Array(body.utf8)).write(to: URL(fileURLWithPath: file))
        routes.append(FixtureFetcher.Route(method: method, url: url, bodyContains: bodyContains, file: file, contentType: contentType))
    }

    /// Compiles `yaml` and scrapes `days` through the served pages, the run starting at `now`.
    func scrape(_ yaml: String, days: [String], channels: [ChannelID]? = nil, now: Timestamp = Timestamp(secondsSince1970: 0)) async throws -> ScrapeOutcome {
        let definition = try DefinitionLoader.parse(yaml, source: "test.example", directory: directory, file: "test.example/source.yaml")
        let context = ScrapeContext(fetcher: FixtureFetcher(routes: routes), now: now, logger: Logger(label: "test"))
        return await makeScraper(for: definition).scrape(ScrapeJob(days: days.map { Day($0)! }, channels: channels), context: context)
    }
}
