/// Facts about a programme that fewer sources give: the credits XMLTV names beyond directors, actors and guests,
/// further images, and keywords.
public struct ProgrammeExtras: Hashable, Codable, Sendable {
    /// Writers, as credited.
    public var writers: [String]
    /// Adapters (screenplay from another work), as credited.
    public var adapters: [String]
    /// Producers, as credited.
    public var producers: [String]
    /// Composers, as credited.
    public var composers: [String]
    /// Editors, as credited.
    public var editors: [String]
    /// Presenters and hosts, as credited.
    public var presenters: [String]
    /// Commentators, as credited.
    public var commentators: [String]
    /// Images besides the programme's main one, http(s) URLs.
    public var images: [String]
    /// The source's keywords, kept as they were.
    public var keywords: [String]

    /// Extras from their parts, each empty unless given.
    public init(
        writers: [String] = [], adapters: [String] = [], producers: [String] = [], composers: [String] = [], editors: [String] = [],
        presenters: [String] = [], commentators: [String] = [], images: [String] = [], keywords: [String] = []
    ) {
        self.writers = writers
        self.adapters = adapters
        self.producers = producers
        self.composers = composers
        self.editors = editors
        self.presenters = presenters
        self.commentators = commentators
        self.images = images
        self.keywords = keywords
    }

    /// Whether every list is empty.
    public var isEmpty: Bool {
        writers.isEmpty && adapters.isEmpty && producers.isEmpty && composers.isEmpty && editors.isEmpty && presenters.isEmpty
            && commentators.isEmpty && images.isEmpty && keywords.isEmpty
    }
}
