import CarteleraModel
import CarteleraNormalize
import CarteleraScraping

/// One source fetched, extracted and normalized, not yet committed: what a run commits at once, and what a batch
/// carries from a worker to the committer.
public struct ScrapedSource: Sendable {
    /// The source.
    public var source: SourceID
    /// The instant the scrape ran at: the source's attempt, and "now" for what its commit decides (venues not seen since).
    public var scrapedAt: Timestamp
    /// Why the definition did not load; when set, nothing was scraped and the outcome is empty.
    public var invalidDefinition: String?
    /// The definition's sanity floor.
    public var floor: SanityFloor
    /// The channels the configuration chose; nil for every channel the source lists.
    public var channels: [ChannelID]?
    /// What the scrape produced, normalized.
    public var outcome: ScrapeOutcome
    /// Requests made, robots.txt included.
    public var requests: Int
    /// Bytes that crossed the network.
    public var bytes: Int
    /// Responses answered from the conditional cache.
    public var notModified: Int
    /// How long fetching and extracting took.
    public var seconds: Double

    /// A scraped source from its parts.
    public init(source: SourceID, scrapedAt: Timestamp, invalidDefinition: String? = nil, floor: SanityFloor, channels: [ChannelID]?,
                outcome: ScrapeOutcome, requests: Int = 0, bytes: Int = 0, notModified: Int = 0, seconds: Double = 0) {
        self.source = source
        self.scrapedAt = scrapedAt
        self.invalidDefinition = invalidDefinition
        self.floor = floor
        self.channels = channels
        self.outcome = outcome
        self.requests = requests
        self.bytes = bytes
        self.notModified = notModified
        self.seconds = seconds
    }

    /// A source whose definition did not load.
    static func invalid(_ error: DefinitionError, at time: Timestamp) -> ScrapedSource {
        ScrapedSource(source: error.source, scrapedAt: time, invalidDefinition: error.description, floor: SanityFloor(), channels: nil,
                      outcome: ScrapeOutcome(extraction: Extraction(source: error.source)))
    }

    /// How the scrape itself went, before the commit weighs it against the store (sanity floor, store failures).
    var scrapeStatus: SourceReport.Status {
        if invalidDefinition != nil { return .invalid }
        if outcome.yieldedNothing { return .failed }
        return outcome.failures.isEmpty && outcome.detailFailures.isEmpty ? .ok : .partial
    }
}

extension ScrapeOutcome {
    /// Whether no part of the scrape worked: nothing fetched and read replaces anything stored.
    /// Venues from a listing cut short still count: they are merged, never replace anything.
    var yieldedNothing: Bool {
        coverage.isEmpty && audienceDays.isEmpty && nightDays.isEmpty && venueCities.isEmpty && !promotionsRead && extraction.venues.isEmpty
    }
}
