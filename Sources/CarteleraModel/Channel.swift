/// A TV channel.
public struct Channel: Hashable, Codable, Sendable, Identifiable {
    /// The stable id every source uses for the channel.
    public var id: ChannelID
    /// The name readers know the channel by.
    public var name: String
    /// The channel's logo, an http(s) URL.
    public var logo: String?
    /// The channel's home page, an http(s) URL.
    public var website: String?
    /// The language of its programmes (BCP 47).
    public var language: String?
    /// The sources that list the channel.
    public var sources: [SourceID]

    /// A channel from its parts.
    public init(id: ChannelID, name: String, logo: String? = nil, website: String? = nil, language: String? = nil, sources: [SourceID] = []) {
        self.id = id
        self.name = name
        self.logo = logo
        self.website = website
        self.language = language
        self.sources = sources
    }
}
