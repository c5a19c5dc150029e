import CarteleraFetch
import CarteleraModel
import Logging

/// What to scrape: days in the source's zone, and optionally only some channels.
public struct ScrapeJob: Sendable {
    /// The days to scrape, in the source's zone.
    public var days: [Day]
    /// Only these channels, or every channel the source lists when nil.
    public var channels: [ChannelID]?

    /// A job for these days and, optionally, only these channels.
    public init(days: [Day], channels: [ChannelID]? = nil) {
        self.days = days
        self.channels = channels
    }
}

/// What a scraper works with: the fetcher, the clock and a logger.
public struct ScrapeContext: Sendable {
    /// Fetches every request the scraper makes.
    public var fetcher: any Fetcher
    /// The instant the run started; nothing below the executable reads the clock itself.
    public var now: Timestamp
    /// The run's logger.
    public var logger: Logger

    /// A context with a fetcher, the run's start and a logger.
    public init(fetcher: any Fetcher, now: Timestamp, logger: Logger) {
        self.fetcher = fetcher
        self.now = now
        self.logger = logger
    }
}

/// The time window one channel's new data replaces.
public struct Coverage: Hashable, Sendable, Codable {
    /// The channel whose data is replaced.
    public var channel: ChannelID
    /// The window's start.
    public var from: Timestamp
    /// The window's end.
    public var to: Timestamp

    /// A window of one channel's data.
    public init(channel: ChannelID, from: Timestamp, to: Timestamp) {
        self.channel = channel
        self.from = from
        self.to = to
    }
}

/// What one scrape of one source produced: the items of every part that worked and the errors of those that did not.
public struct ScrapeOutcome: Sendable {
    /// The items read from every part that worked.
    public var extraction: Extraction
    /// The windows whose data the extraction replaces (only for parts that were fetched and parsed).
    public var coverage: [Coverage]
    /// The UTC days whose audiences and news the extraction replaces.
    public var audienceDays: [Day]
    /// Cities whose whole venue listing was read: their venues this source no longer lists are marked not seen.
    public var venueCities: [String]
    /// Evenings (in the source's zone) whose nights and guest lists the extraction replaces.
    public var nightDays: [Day]
    /// Whether the source's promotions were read, so the stored ones are replaced.
    public var promotionsRead: Bool
    /// Parts that failed (a page, a day, a channel-day), each with its cause.
    public var failures: [ScrapeError]
    /// Detail pages that could not be fetched or read: their items are kept without the detail fields.
    public var detailFailures: [ScrapeError]
    /// Problems that cost single items, not the page (a row with an unreadable time).
    public var warnings: [String]
    /// Values dropped as unusable, each also a warning: the store keeps what it had for them.
    public var droppedValues: [DroppedValue] = []

    /// An outcome with this extraction and, unless given, nothing else.
    public init(
        extraction: Extraction, coverage: [Coverage] = [], audienceDays: [Day] = [], venueCities: [String] = [], nightDays: [Day] = [],
        promotionsRead: Bool = false, failures: [ScrapeError] = [], detailFailures: [ScrapeError] = [], warnings: [String] = []
    ) {
        self.extraction = extraction
        self.coverage = coverage
        self.audienceDays = audienceDays
        self.venueCities = venueCities
        self.nightDays = nightDays
        self.promotionsRead = promotionsRead
        self.failures = failures
        self.detailFailures = detailFailures
        self.warnings = warnings
    }
}

/// Scrapes one source.
public protocol Scraper: Sendable {
    var id: SourceID { get }
    /// Fetches and extracts; parts that fail are reported in the outcome, not thrown.
    func scrape(_ job: ScrapeJob, context: ScrapeContext) async -> ScrapeOutcome
}

/// The scraper for a compiled definition: its kind's.
public func makeScraper(for definition: CompiledDefinition) -> any Scraper {
    definition.section.scraper(for: definition)
}
