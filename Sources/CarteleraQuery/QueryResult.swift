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
    /// The stable id: channel and start.
    public var id: ProgrammeID
    /// The channel it airs on.
    public var channel: ChannelID
    /// The channel as readers know it.
    public var channelName: String
    /// The title as the source wrote it.
    public var title: String
    /// When it starts.
    public var start: Timestamp
    /// When it ends, when known.
    public var stop: Timestamp?
    /// Film, series, news…, when known.
    public var type: ProgrammeType?
    /// Canonical genres.
    public var genres: [Genre]
    /// The production year, for films mostly.
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
    /// The venue as stored.
    public var venue: Venue
    /// Great-circle kilometres from the query's point.
    public var distanceKilometres: Double?
    /// How the name matched the text, for text queries.
    public var match: MatchTier?
}

/// A night as queries return it, with its venue's name and its guest list's status at the query's time.
public struct NightRow: Sendable, Hashable, Codable {
    /// The night as stored.
    public var night: Night
    /// The name of the night's venue, when the venue is known.
    public var venueName: String?
    /// The night's guest list, when it has one.
    public var guestList: GuestList?
    /// The list's status at the query's time, computed by `GuestList.status(at:)`.
    public var guestListStatus: GuestList.Status?
    /// Great-circle kilometres from the query's point.
    public var distanceKilometres: Double?
    /// Whether a paid promotion features the night: shown as promoted, never as an ordinary result.
    public var promoted: Bool
    /// How it matched the text, for text queries.
    public var match: MatchTier?
}

/// A promotion as queries return it: always labelled for what it is.
public struct PromotionRow: Sendable, Hashable, Codable {
    /// The promotion as stored.
    public var promotion: Promotion
    /// True for paid placement: every view says "promoted".
    public var promoted: Bool
    /// Whether it runs at the query's time.
    public var active: Bool
    /// How it matched the text, for text queries.
    public var match: MatchTier?
}

/// An audience entry as queries return it.
public struct AudienceRow: Sendable, Hashable, Codable {
    /// The audience entry as stored.
    public var entry: AudienceEntry
    /// How it matched the text, for text queries.
    public var match: MatchTier?
}

/// A channel's share as queries return it.
public struct ShareRow: Sendable, Hashable, Codable {
    /// The share as stored.
    public var share: ChannelShare
}

/// What is on a channel now and what comes next.
public struct NowAndNext: Sendable, Hashable, Codable {
    /// The channel it airs on.
    public var channel: ChannelID
    /// The channel as readers know it.
    public var channelName: String
    /// The programme on the air, with the minutes it has left.
    public var now: ProgrammeRow?
    /// The one after it.
    public var next: ProgrammeRow?
}
