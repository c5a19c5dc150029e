import CarteleraModel

/// What one run did, per source; written to the store and printed with `--json`.
public struct RunReport: Codable, Sendable {
    public var started: Timestamp
    public var seconds: Double
    public var store: String
    public var sources: [SourceReport]
    /// Shards removed by retention, and the promotions shard when expired promotions were dropped from it.
    public var expired: Int

    /// Whether every source succeeded.
    public var allSucceeded: Bool { sources.allSatisfy { $0.status == .ok } }
}

/// What one source did in a run.
public struct SourceReport: Codable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Scraped and stored.
        case ok
        /// Some pages failed: what worked was stored, the rest kept its last good data.
        case partial
        /// Nothing usable: the last good data was kept.
        case failed
        /// Far fewer items than usual: treated as broken, the last good data was kept.
        case belowSanityFloor = "below-sanity-floor"
    }

    public var source: SourceID
    public var status: Status
    public var requests: Int
    public var bytes: Int
    /// Responses answered from the conditional cache (304 Not Modified).
    public var notModified: Int
    public var programmes: Int
    public var audiences: Int
    public var shares: Int
    public var news: Int
    /// Venues read.
    public var venues: Int
    /// Nights read.
    public var nights: Int
    /// Guest lists read.
    public var guestLists: Int
    /// Promotions read, each still flagged paid or not.
    public var promotions: Int
    /// Shards whose content changed.
    public var shardsWritten: Int
    public var errors: [String]
    public var warnings: [String]
    public var seconds: Double

    /// Every item of every kind.
    public var items: Int { programmes + audiences + shares + news + venues + nights + guestLists + promotions }
}
