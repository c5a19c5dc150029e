import CarteleraModel

/// One page of a query's results and how many there are in all.
public struct QueryPage<Row: Sendable>: Sendable {
    /// Every match, before the page was cut.
    public var total: Int
    /// Rows skipped before `rows`.
    public var offset: Int
    /// The page.
    public var rows: [Row]

    /// A page from its parts.
    public init(total: Int, offset: Int, rows: [Row]) {
        self.total = total
        self.offset = offset
        self.rows = rows
    }
}

extension QueryPage: Encodable where Row: Encodable {}
extension QueryPage: Equatable where Row: Equatable {}

/// A programme as queries return it.
public struct ProgrammeRow: Sendable, Hashable, Codable {
    public var id: ProgrammeID
    public var channel: ChannelID
    /// The channel as readers know it.
    public var channelName: String
    public var title: String
    public var start: Timestamp
    public var stop: Timestamp?
    public var type: ProgrammeType?
    public var genres: [Genre]
    public var year: Int?
    /// Out of 10.
    public var score: Double?
    /// The source's own id, when it gave one.
    public var externalID: String?
    /// How the title matched the text, for text queries.
    public var match: MatchTier?
    /// Minutes until the end, for now-and-next answers.
    public var minutesLeft: Int?
}

/// A venue as queries return it.
public struct VenueRow: Sendable, Hashable, Codable {
    public var venue: Venue
    /// Great-circle kilometres from the query's point.
    public var distanceKilometres: Double?
    /// How the name matched the text, for text queries.
    public var match: MatchTier?
}

/// A night as queries return it, with its venue's name and its guest list's status at the query's time.
public struct NightRow: Sendable, Hashable, Codable {
    public var night: Night
    public var venueName: String?
    public var guestList: GuestList?
    /// The list's status at the query's time, computed by `GuestList.status(at:)`.
    public var guestListStatus: GuestList.Status?
    public var distanceKilometres: Double?
    /// Whether a paid promotion features the night: shown as promoted, never as an ordinary result.
    public var promoted: Bool
    public var match: MatchTier?
}

/// A promotion as queries return it: always labelled for what it is.
public struct PromotionRow: Sendable, Hashable, Codable {
    public var promotion: Promotion
    /// True for paid placement: every view says "promoted".
    public var promoted: Bool
    /// Whether it runs at the query's time.
    public var active: Bool
    public var match: MatchTier?
}

/// An audience entry as queries return it.
public struct AudienceRow: Sendable, Hashable, Codable {
    public var entry: AudienceEntry
    public var match: MatchTier?
}

/// A channel's share as queries return it.
public struct ShareRow: Sendable, Hashable, Codable {
    public var share: ChannelShare
}

/// What is on a channel now and what comes next.
public struct NowAndNext: Sendable, Hashable, Codable {
    public var channel: ChannelID
    public var channelName: String
    /// The programme on the air, with the minutes it has left.
    public var now: ProgrammeRow?
    /// The one after it.
    public var next: ProgrammeRow?
}
