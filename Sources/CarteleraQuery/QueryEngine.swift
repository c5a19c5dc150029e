import CarteleraModel
import CarteleraStore
import Foundation

/// Answers queries from one `QueryIndex` snapshot: every kind, the special questions and the shake.
///
/// It is a value over an immutable snapshot, so any number of tasks may share one; open a new index to see a later commit.
public struct QueryEngine: Sendable {
    /// The snapshot answered from.
    public let index: QueryIndex

    /// An engine over an opened index.
    public init(index: QueryIndex) {
        self.index = index
    }

    /// An engine over a store snapshot: its index files, or an index built from its shards; with `resident`, the large
    /// files are copied into memory on huge pages (`MappedFile.resident`) instead of read through their mapping.
    public init(snapshot: any StoreSnapshot, resident: Bool = false) throws(StoreError) {
        self.init(index: try QueryIndex.open(snapshot, resident: resident))
    }

    /// An engine over the current generation of `store`, opened again from a newer snapshot (up to `attempts` times) when
    /// a commit supersedes the generation while its index opens; `resident` as for `init(snapshot:resident:)`.
    public static func open(_ store: any Store, attempts: Int = 3, resident: Bool = false) throws(StoreError) -> QueryEngine {
        var attempt = 1
        while true {
            do {
                return try QueryEngine(snapshot: try store.snapshot(), resident: resident)
            } catch where error.kind == .superseded && attempt < attempts {
                attempt += 1
            }
        }
    }

    /// The snapshot answered from, for whole records the index does not keep.
    public var snapshot: any StoreSnapshot { index.snapshot }

    /// A page of any kind of query.
    public func answer(_ query: Query) -> QueryAnswer {
        switch query.kind {
        case .programmes: .programmes(programmes(query))
        case .venues: .venues(venues(query))
        case .nights: .nights(nights(query))
        case .promotions: .promotions(promotions(query))
        case .audiences: .audiences(audiences(query))
        case .shares: .shares(shares(query))
        }
    }

    /// One uniformly random pick among every match of the query (not its first page), as a one-row page whose
    /// offset says which match it was; nil when nothing matches.
    public func shake(_ query: Query, using generator: inout some RandomNumberGenerator) -> QueryAnswer? {
        var pick = query
        pick.limit = 1
        switch query.kind {
        case .programmes:
            let search = ProgrammeSearch(index: index.programmes)
            guard let picked = search.pick(query, using: &generator) else { return nil }
            return .programmes(QueryPage(total: picked.total, offset: picked.offset, rows: [search.row(picked.match)]))
        default:
            let total = answer(query).total
            guard total > 0 else { return nil }
            pick.offset = Int.random(in: 0..<total, using: &generator)
            return answer(pick)
        }
    }

    /// Programmes, with the total before paging.
    public func programmes(_ query: Query) -> QueryPage<ProgrammeRow> {
        let search = ProgrammeSearch(index: index.programmes)
        let matches = search.matches(query)
        return page(matches, query) { search.row($0) }
    }

    /// Venues, each with its distance from the query's point.
    public func venues(_ query: Query) -> QueryPage<VenueRow> {
        let search = NightlifeSearch(index: index.nightlife)
        return page(search.venues(query), query) { match in
            VenueRow(venue: search.venue(match.record) ?? Self.placeholderVenue(search.index, match.record), distanceKilometres: match.distance, match: match.tier)
        }
    }

    /// The ids and distances of every venue the query matches, in order: what a benchmark measures, without decoding venues.
    public func venueDistances(_ query: Query) -> [(id: String, kilometres: Double?)] {
        let search = NightlifeSearch(index: index.nightlife)
        return search.venues(query).map { match in
            let external = search.index.venueExternal[match.record]
            return (external.isEmpty ? search.index.venueIDs[match.record] : external, match.distance)
        }
    }

    /// Nights, with their venue's name, guest-list status at the query's time, distance and promoted flag.
    public func nights(_ query: Query) -> QueryPage<NightRow> {
        let search = NightlifeSearch(index: index.nightlife)
        return page(search.nights(query), query) { match in
            let night = search.night(match.record)
            let venue = search.index.nightVenue[match.record]
            return NightRow(
                night: night ?? Night(venue: VenueID(""), date: Day(daysSince1970: Int(search.index.nightDate[match.record])), title: "", timeZone: "UTC", provenance: []),
                venueName: venue == UInt32.max ? nil : search.venueName(Int(venue)), guestList: match.guestList,
                guestListStatus: match.guestList?.status(at: query.at), distanceKilometres: match.distance,
                promoted: search.index.nightPromoted[match.record] != 0, match: match.tier)
        }
    }

    /// Promotions, each labelled promoted when paid and active when it runs at the query's time.
    public func promotions(_ query: Query) -> QueryPage<PromotionRow> {
        let search = NightlifeSearch(index: index.nightlife)
        return page(search.promotions(query), query) { match in
            let promotion = search.promotion(match.record) ?? Promotion(id: "", venue: nil, night: nil, title: "", paid: true, provenance: [])
            return PromotionRow(promotion: promotion, promoted: promotion.paid, active: promotion.isActive(at: query.at), match: match.tier)
        }
    }

    /// Audience entries.
    public func audiences(_ query: Query) -> QueryPage<AudienceRow> {
        let search = AudienceSearch(index: index.audiences)
        return page(search.entries(query), query) { match in
            AudienceRow(entry: search.entry(match.record) ?? Self.placeholderEntry, match: match.tier)
        }
    }

    /// Channel shares.
    public func shares(_ query: Query) -> QueryPage<ShareRow> {
        let search = AudienceSearch(index: index.audiences)
        return page(search.shares(query), query) { record in
            ShareRow(share: search.share(record) ?? ChannelShare(channel: ChannelID(search.index.shareChannel[record]), channelName: search.index.shareChannel[record],
                                                                 day: Day(daysSince1970: Int(search.index.shareDay[record])), share: search.index.shareValue[record],
                                                                 change: nil, provenance: Provenance(source: "")))
        }
    }

    /// A venue whose JSON did not decode (the index was built by this code, so it is never expected): its id and name at least.
    private static func placeholderVenue(_ index: NightlifeIndex, _ record: Int) -> Venue {
        Venue(id: VenueID(index.venueIDs[record]), name: index.venueNames[record], city: index.venueCities[record], provenance: [])
    }

    private static let placeholderEntry = AudienceEntry(channel: "", channelName: "", title: "", start: Timestamp(secondsSince1970: 0), durationMinutes: nil,
                                                        viewers: nil, share: nil, day: Day(daysSince1970: 0), rank: nil, provenance: Provenance(source: ""))

    /// The external ids (or stable ids) of every programme the query matches, in order.
    public func programmeIDs(_ query: Query) -> [String] {
        let programmes = index.programmes
        let matches = ProgrammeSearch(index: programmes).matches(query)
        // Every id is found in the mapping before any is made into a string: records far apart in the index miss the
        // cache together in one short loop, not one after another between two strings' work.
        let ids = matches.map { programmes.externalID.bytes($0.record) }
        return zip(matches, ids).map { match, bytes in
            bytes.isEmpty ? programmes.id(match.record).rawValue : String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Every programme of the snapshot, in (start, id) order, handed to `body` one at a time.
    public func forEachProgramme(_ body: (ProgrammeRow) -> Void) {
        let search = ProgrammeSearch(index: index.programmes)
        for record in 0..<index.programmes.count { body(search.row(ProgrammeSearch.Match(record: record, tier: nil))) }
    }

    private func page<Match, Row>(_ matches: [Match], _ query: Query, row: (Match) -> Row) -> QueryPage<Row> {
        let start = min(query.offset, matches.count)
        let end = min(matches.count, start + query.limit)
        return QueryPage(total: matches.count, offset: query.offset, rows: matches[start..<end].map(row))
    }
}

/// A page of any kind, for callers that print whatever a query returns.
public enum QueryAnswer: Sendable, Equatable {
    case programmes(QueryPage<ProgrammeRow>)
    case venues(QueryPage<VenueRow>)
    case nights(QueryPage<NightRow>)
    case promotions(QueryPage<PromotionRow>)
    case audiences(QueryPage<AudienceRow>)
    case shares(QueryPage<ShareRow>)

    /// Every match, before paging.
    public var total: Int {
        switch self {
        case .programmes(let page): page.total
        case .venues(let page): page.total
        case .nights(let page): page.total
        case .promotions(let page): page.total
        case .audiences(let page): page.total
        case .shares(let page): page.total
        }
    }

    /// Rows on the page.
    public var count: Int {
        switch self {
        case .programmes(let page): page.rows.count
        case .venues(let page): page.rows.count
        case .nights(let page): page.rows.count
        case .promotions(let page): page.rows.count
        case .audiences(let page): page.rows.count
        case .shares(let page): page.rows.count
        }
    }
}

extension QueryAnswer: Encodable {
    private enum CodingKeys: String, CodingKey { case kind, total, offset, rows }

    /// `{"kind":…, "total":…, "offset":…, "rows":[…]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .programmes(let page): try encode(page, kind: .programmes, into: &container)
        case .venues(let page): try encode(page, kind: .venues, into: &container)
        case .nights(let page): try encode(page, kind: .nights, into: &container)
        case .promotions(let page): try encode(page, kind: .promotions, into: &container)
        case .audiences(let page): try encode(page, kind: .audiences, into: &container)
        case .shares(let page): try encode(page, kind: .shares, into: &container)
        }
    }

    private func encode<Row: Encodable>(_ page: QueryPage<Row>, kind: Query.Kind, into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode(kind, forKey: .kind)
        try container.encode(page.total, forKey: .total)
        try container.encode(page.offset, forKey: .offset)
        try container.encode(page.rows, forKey: .rows)
    }
}
