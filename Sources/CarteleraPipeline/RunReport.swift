import CarteleraModel
import CarteleraStore

/// What one run did, per source; written to the store and printed with `--json`.
public struct RunReport: Codable, Sendable {
    /// When the run started.
    public var started: Timestamp
    /// How long it took.
    public var seconds: Double
    /// The store it wrote, an absolute path.
    public var store: String
    /// What each source did, in id order.
    public var sources: [SourceReport]
    /// Shards removed by retention, and the promotions shard when expired promotions were dropped from it.
    public var expired: Int
    /// Nights whose sign-ups were deleted because the night is over (personal data is kept no longer than needed).
    public var signUpsRemoved: Int
    /// The store's generation after the run.
    public var generation: Int
    /// What taking the lock healed after an earlier run that was killed; nil when there was nothing.
    public var recovery: StoreRecovery?
    /// Failures of the run itself, not of one source: retention of the store or of sign-ups, the query index, a batch, saving the report.
    public var problems: [String]

    /// Whether every source succeeded and the run itself had no problem.
    public var allSucceeded: Bool { problems.isEmpty && sources.allSatisfy { $0.status == .ok } }

    /// Whether some source's definition is invalid (a configuration error, exit code 2).
    public var hasInvalidDefinitions: Bool { sources.contains { $0.status == .invalid } }
}

/// What one source did in a run.
public struct SourceReport: Codable, Sendable {
    /// How a source's run ended.
    public enum Status: String, Codable, Sendable {
        /// Scraped and stored.
        case ok
        /// Some pages failed (listing or detail pages): what worked was stored, the rest kept its last good data.
        case partial
        /// Nothing usable, or the store could not be read or written: the last good data was kept.
        case failed
        /// Far fewer items than usual: treated as broken, the last good data was kept.
        case belowSanityFloor = "below-sanity-floor"
        /// The definition is invalid: the source did not run.
        case invalid
    }

    /// The source.
    public var source: SourceID
    /// How its run ended.
    public var status: Status
    /// Requests made, robots.txt included.
    public var requests: Int
    /// Bytes that crossed the network.
    public var bytes: Int
    /// Responses answered from the conditional cache (304 Not Modified).
    public var notModified: Int
    /// Programmes read.
    public var programmes: Int
    /// Audience entries read.
    public var audiences: Int
    /// Channel shares read.
    public var shares: Int
    /// News items read.
    public var news: Int
    /// Venues read.
    public var venues: Int
    /// Nights read.
    public var nights: Int
    /// Guest lists read.
    public var guestLists: Int
    /// Promotions read, each still flagged paid or not.
    public var promotions: Int
    /// Listing pages that failed.
    public var pageFailures: Int
    /// Detail pages that failed (their items were kept without the detail fields).
    public var detailFailures: Int
    /// Shards whose content changed.
    public var shardsWritten: Int
    /// Shards that could not be decoded, moved to the store's quarantine folder and rebuilt: where each went.
    public var setAside: [String]
    /// What failed, one line each, naming the source and URL or file.
    public var errors: [String]
    /// What cost single items or needed repair, one line each.
    public var warnings: [String]
    /// How long the source took, fetch to commit.
    public var seconds: Double

    /// An empty report for a source, to be filled in as it runs.
    public init(source: SourceID, status: Status = .ok) {
        self.source = source
        self.status = status
        requests = 0
        bytes = 0
        notModified = 0
        programmes = 0
        audiences = 0
        shares = 0
        news = 0
        venues = 0
        nights = 0
        guestLists = 0
        promotions = 0
        pageFailures = 0
        detailFailures = 0
        shardsWritten = 0
        setAside = []
        errors = []
        warnings = []
        seconds = 0
    }

    /// Every item of every kind.
    public var items: Int { programmes + audiences + shares + news + venues + nights + guestLists + promotions }
}
