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

/// Why a case of captured pages cannot be run, in one sentence.
public struct CheckProblem: Error, CustomStringConvertible {
    /// The sentence.
    public let description: String

    /// A problem with its sentence.
    public init(_ description: String) { self.description = description }
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
    /// The case names no day (nor a today): the check reads the pages' own days (`day` is then only a placeholder).
    public var ownDays = false

    /// Why a case without a day cannot be checked, when its pages' times depend on the day asked for.
    public static let dayDependentMessage = "no date and no reference_today, and the pages' times depend on the day asked for (clock times without a date): give the case a date"

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

    /// Runs the scraper over captured pages that name no day asked for: on the days the pages cover.
    ///
    /// The pages are read as of two far-apart days; when both give the same instants, the pages state their own
    /// days (absolute times, or dates), and the check is the scrape of the first of them (of each, for a
    /// `keep: requested-day` definition), today being that day. Otherwise the pages' times depend on the day
    /// asked for, and the case cannot be checked without one: the result is nil.
    public func scrapeOwnDays(_ fixture: FixtureCase, normalizing: Bool) async -> (outcome: ScrapeOutcome, days: [Day])? {
        let everyDay = keepingEveryDay()
        var readings: [ScrapeOutcome] = []
        for probe in [Day(year: 2001, month: 1, day: 1), Day(year: 2002, month: 7, day: 1)].compactMap(\.self) {
            var asked = fixture
            asked.day = probe
            readings.append(await everyDay.scrape(asked, now: probe.startUTC.adding(seconds: 12 * 3600), normalizing: false))
        }
        let starts = readings.map { $0.extraction.programmes.map(\.start) }
        guard starts.count == 2, starts[0] == starts[1] else { return nil }
        var days: [Day] = []
        for start in starts[0] where !days.contains(dayZone.local(start).day) { days.append(dayZone.local(start).day) }
        // Nothing listed: the first reading is the result.
        guard let firstDay = days.first else { return (readings[0], []) }
        var combined: ScrapeOutcome?
        for day in keep == .requestedDay ? days : [firstDay] {
            var asked = fixture
            asked.day = day
            let outcome = await scrape(asked, now: day.startUTC.adding(seconds: 12 * 3600), normalizing: normalizing)
            guard var total = combined else { combined = outcome; continue }
            total.extraction.programmes += outcome.extraction.programmes
            total.failures += outcome.failures
            total.warnings += outcome.warnings
            combined = total
        }
        return (combined ?? readings[0], days)
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
