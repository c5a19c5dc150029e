/// Where an item was scraped: the source and the page.
///
/// It holds no time: when a source last ran lives in its state (`SourceState`), so an item whose content
/// did not change is stored with the same bytes run after run.
public struct Provenance: Hashable, Codable, Sendable {
    /// The source that yielded the item.
    public var source: SourceID
    /// The page the item was read from, when it came over HTTP.
    public var url: String?

    /// A provenance from its parts.
    public init(source: SourceID, url: String? = nil) {
        self.source = source
        self.url = url
    }
}
