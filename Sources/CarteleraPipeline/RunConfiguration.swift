import CarteleraFetch
import CarteleraModel

/// What a run needs to know.
public struct RunConfiguration: Sendable {
    /// The folder of source definitions (`Scrapers/`).
    public var scrapersDirectory: String
    /// The store's root folder.
    public var storeRoot: String
    /// The sources to run; nil runs every definition in the folder.
    public var sources: [SourceID]?
    /// The channels to keep of a source, by its id; a source not named here keeps every channel it lists.
    public var channels: [SourceID: [ChannelID]]
    /// Days to fetch, starting today in each source's zone; nil uses each definition's `days`.
    public var days: Int?
    /// The instant the run happens at.
    public var now: Timestamp
    /// The fetch pipeline's defaults; a definition's `fetch:` overrides them for its own requests.
    public var fetch: FetchConfiguration
    /// Programme days kept before today.
    public var programmeRetentionDays: Int
    /// Audience and news days kept before today.
    public var audienceRetentionDays: Int
    /// URL prefixes sent elsewhere (the demo's loopback server).
    public var rewrites: [String: String]

    /// A configuration; everything but the folders and the time has a default.
    public init(scrapersDirectory: String, storeRoot: String, sources: [SourceID]? = nil, channels: [SourceID: [ChannelID]] = [:],
                days: Int? = nil, now: Timestamp, fetch: FetchConfiguration = FetchConfiguration(), programmeRetentionDays: Int = 30,
                audienceRetentionDays: Int = 14, rewrites: [String: String] = [:]) {
        self.scrapersDirectory = scrapersDirectory
        self.storeRoot = storeRoot
        self.sources = sources
        self.channels = channels
        self.days = days
        self.now = now
        self.fetch = fetch
        self.programmeRetentionDays = programmeRetentionDays
        self.audienceRetentionDays = audienceRetentionDays
        self.rewrites = rewrites
    }
}
