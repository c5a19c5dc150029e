import CarteleraFetch
import CarteleraModel
import CarteleraNormalize
import CarteleraScraping
import Foundation
import Logging

/// The result of checking one case (or one corpus site) against its expected items.
public struct CheckResult: Sendable {
    /// What was checked: a source and case, or a corpus site.
    public var name: String
    /// Every mismatch, one sentence each; empty when it passed.
    public var problems: [String]
    /// Warnings of the scrapes (items skipped), shown on request.
    public var warnings: [String]
    /// Whether every listed fact held.
    public var passed: Bool { problems.isEmpty }

    /// A result from its parts.
    public init(name: String, problems: [String], warnings: [String] = []) {
        self.name = name
        self.problems = problems
        self.warnings = warnings
    }
}

/// One scrape of captured pages: which requests get which files, and the channel and day asked for.
public struct FixtureCase: Sendable {
    /// The case's name, for the result line.
    public var name: String
    /// The day the captures are of.
    public var day: Day
    /// The channel they are of, for per-channel sources.
    public var channel: ChannelEntry?
    /// Files answering the listing requests, in page order.
    public var listingFiles: [String]
    /// Routes for everything else (detail pages).
    public var otherRoutes: [FixtureFetcher.Route]

    /// A case from its parts.
    public init(name: String, day: Day, channel: ChannelEntry?, listingFiles: [String], otherRoutes: [FixtureFetcher.Route] = []) {
        self.name = name
        self.day = day
        self.channel = channel
        self.listingFiles = listingFiles
        self.otherRoutes = otherRoutes
    }
}

extension CompiledDefinition {
    /// Runs the scraper over captured pages answered through a `FixtureFetcher`; with `normalizing`, then normalizes what it yields, as a run does.
    public func scrape(_ fixture: FixtureCase, now: Timestamp, normalizing: Bool) async -> ScrapeOutcome {
        let context = ScrapeContext(fetcher: fixtureFetcher(fixture, now: now), now: now, logger: Logger(label: "cartelera.check"))
        let job = ScrapeJob(days: [fixture.day], channels: fixture.channel.map { [ChannelID($0.id)] })
        // Only the case's entry: a channel listed once per language is scraped in the case's language.
        let scraped = fixture.channel.map { restricted(to: $0) } ?? self
        var outcome = await makeScraper(for: scraped).scrape(job, context: context)
        if normalizing { outcome.extraction = Normalizer.standard.normalize(outcome.extraction) }
        return outcome
    }

    /// A fetcher answering the case's requests with its captured files: listing files in page order (by the request's
    /// label, since a session's values or the clock may be in its URL), then the other routes.
    public func fixtureFetcher(_ fixture: FixtureCase, now: Timestamp) -> FixtureFetcher {
        let requests = listingRequests(channel: fixture.channel, day: fixture.day, today: dayZone.local(now).day)
        let routes = zip(requests, fixture.listingFiles).map { request, file in
            FixtureFetcher.Route(method: request.method, url: "*", label: request.label, file: file)
        }
        return FixtureFetcher(routes: routes + fixture.otherRoutes)
    }
}
