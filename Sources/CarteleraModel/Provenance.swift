/// Where and when an item was scraped.
public struct Provenance: Hashable, Codable, Sendable {
    /// The source that yielded the item.
    public var source: SourceID
    /// When the page was fetched.
    public var fetchedAt: Timestamp
    /// The page the item was read from, when it came over HTTP.
    public var url: String?

    public init(source: SourceID, fetchedAt: Timestamp, url: String? = nil) {
        self.source = source
        self.fetchedAt = fetchedAt
        self.url = url
    }
}
