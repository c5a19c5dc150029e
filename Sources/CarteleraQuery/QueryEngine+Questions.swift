import CarteleraCore
import CarteleraModel

/// The questions every reader asks the same way: the command line (`now`, `airings`), the API (`/api/now`, `/api/airings`), the
/// static API (`api/now.json`) and the site (TV now, channel days, programme pages) all take these answers, so they agree.
///
/// - **A programme's end** is its stop; a programme the source gave no stop ends when the next one on its channel starts;
///   the last one of its channel without a stop has no known end, and counts as on the air only at its start.
/// - **Now** on a channel is the programme that has started and not ended; **next** is the first to start after the moment.
/// - **Airings** of a title are the programmes on every channel whose title folds to the same words (case, accents and
///   punctuation aside) and that have not ended at the moment: on the air now or to come, by start.
extension QueryEngine {
    /// Every channel the snapshot holds programmes, audiences or channel shares of: what a query's channel ids are checked against.
    public var channels: Set<ChannelID> {
        var channels = Set(index.programmes.channels.map { ChannelID($0) })
        let audiences = index.audiences
        for record in 0..<audiences.entryChannel.count { channels.insert(ChannelID(audiences.entryChannel[record])) }
        for record in 0..<audiences.shareChannel.count { channels.insert(ChannelID(audiences.shareChannel[record])) }
        return channels
    }

    /// What every channel (or the ones given) has on now, with the minutes it has left, and what comes next; channels in id order.
    public func nowAndNext(at now: Timestamp, channels: Set<ChannelID>? = nil) -> [NowAndNext] {
        let programmes = index.programmes
        let search = ProgrammeSearch(index: programmes)
        return nowAndNextRecords(at: now, channels: channels).map { line in
            NowAndNext(channel: ChannelID(programmes.channels[line.channel]), channelName: programmes.channelNames[line.channel],
                       now: line.now.map { search.row(ProgrammeSearch.Match(record: $0, tier: nil), at: now) },
                       next: line.next.map { search.row(ProgrammeSearch.Match(record: $0, tier: nil)) })
        }
    }

    /// The records of `nowAndNext`: per channel (its number, in id order) the record on now and the next one, either nil.
    func nowAndNextRecords(at now: Timestamp, channels: Set<ChannelID>?) -> [(channel: Int, now: Int?, next: Int?)] {
        let programmes = index.programmes
        let instant = now.secondsSince1970
        var lines: [(channel: Int, now: Int?, next: Int?)] = []
        for (number, channel) in programmes.channels.enumerated() where channels?.contains(ChannelID(channel)) ?? true {
            let from = Int(programmes.channelOffsets[number]), to = Int(programmes.channelOffsets[number + 1])
            // The first record of the channel starting after now; the one before it started at or before now.
            var low = from, high = to
            while low < high {
                let middle = (low + high) / 2
                if programmes.start[Int(programmes.byChannel[middle])] <= instant { low = middle + 1 } else { high = middle }
            }
            var current: Int?
            if low > from {
                let record = Int(programmes.byChannel[low - 1])
                if programmes.effectiveStop(record) > instant { current = record }
            }
            let next = low < to ? Int(programmes.byChannel[low]) : nil
            guard current != nil || next != nil else { continue }
            lines.append((number, current, next))
        }
        return lines
    }

    /// The airings of a title on every channel that have not ended at `now`, by start (then channel), the first `limit` when
    /// given; the title compared folded, so accents, case and punctuation do not matter.
    public func airings(of title: String, at now: Timestamp, limit: Int? = nil) -> [ProgrammeRow] {
        let search = ProgrammeSearch(index: index.programmes)
        return airingRecords(of: title, at: now, limit: limit).map { search.row(ProgrammeSearch.Match(record: $0, tier: nil)) }
    }

    /// The records of `airings(of:at:limit:)`, in its order.
    func airingRecords(of title: String, at now: Timestamp, limit: Int?) -> [Int] {
        let programmes = index.programmes
        let key = TextFolding.words(title).joined(separator: " ")
        guard !key.isEmpty else { return [] }
        var records: [Int] = []
        for number in programmes.titles(foldingTo: key) {
            for position in Int(programmes.titleOffsets[number])..<Int(programmes.titleOffsets[number + 1]) {
                let record = Int(programmes.titlePostings[position])
                if programmes.effectiveStop(record) > now.secondsSince1970 { records.append(record) }
            }
        }
        return Array(records.sorted().prefix(max(0, limit ?? records.count)))
    }

    /// A day's audience ranking (most viewers first) and channel shares (largest first), the day read in `zone`.
    public func audienceDay(_ day: Day, zone: ZoneConverter) -> (ranking: [AudienceRow], shares: [ShareRow]) {
        let (ranking, shares) = audienceDayQueries(day, zone: zone)
        return (audiences(ranking).rows, self.shares(shares).rows)
    }

    /// The queries of `audienceDay`: the day's entries and its shares, as many as a query may list.
    func audienceDayQueries(_ day: Day, zone: ZoneConverter) -> (ranking: Query, shares: Query) {
        var query = Query(kind: .audiences, at: zone.instant(LocalDateTime(day: day, secondOfDay: 0)))
        query.window = dayWindow(day, zone: zone)
        query.limit = QueryParameters.maximumLimit
        var shares = query
        shares.kind = .shares
        return (query, shares)
    }

    /// Tonight's nights (20:00 to 06:00 in `zone`) within `kilometres` of a point, nearest first, each with its guest list's status now.
    public func nightsTonight(near point: GeoPoint, within kilometres: Double, at now: Timestamp, zone: ZoneConverter) -> [NightRow] {
        var parameters = QueryParameters()
        parameters[.tonight] = ["true"]
        guard var query = try? parameters.query(kind: .nights, context: QueryContext(now: now, guideZone: zone)) else { return [] }
        query.near = point
        query.withinKilometres = kilometres
        query.sorts = [.distance]
        query.limit = QueryParameters.maximumLimit
        return nights(query).rows
    }

    /// The promotions running on a day, paid ones only, by rank: each labelled as promoted for every view to say so.
    public func featuredPromotions(on day: Day, zone: ZoneConverter) -> [PromotionRow] {
        var query = Query(kind: .promotions, at: zone.instant(LocalDateTime(day: day, hour: 12, minute: 0)))
        query.window = dayWindow(day, zone: zone)
        query.featuredOnly = true
        query.limit = QueryParameters.maximumLimit
        return promotions(query).rows
    }

    private func dayWindow(_ day: Day, zone: ZoneConverter) -> Query.Window {
        Query.Window(from: zone.instant(LocalDateTime(day: day, secondOfDay: 0)), to: zone.instant(LocalDateTime(day: day.advanced(by: 1), secondOfDay: 0)))
    }

    /// Whether the snapshot holds a programme with this id: a feed tells a programme that left its window from one its source dropped.
    public func containsProgramme(_ id: ProgrammeID) -> Bool {
        index.programmes.record(id) != nil
    }

    /// The stored venue with this id, nil when there is none.
    public func venue(_ id: VenueID) -> Venue? {
        let search = NightlifeSearch(index: index.nightlife)
        for record in 0..<index.nightlife.venueIDs.count where index.nightlife.venueIDs[record] == id.rawValue {
            return search.venue(record)
        }
        return nil
    }

    /// The night with this id, with its venue's name and guest list (status at `now`); nil when the snapshot has none.
    public func night(_ id: String, at now: Timestamp) -> NightRow? {
        let search = NightlifeSearch(index: index.nightlife)
        // The id holds the evening (`venue@YYYY-MM-DD#title`): only that evening's records are decoded.
        let evening = id.range(of: "@").flatMap { Day(String(id[$0.upperBound...].prefix(10))) }.map { Int64($0.daysSince1970) }
        for record in 0..<index.nightlife.nightDate.count where evening == nil || index.nightlife.nightDate[record] == evening {
            guard let night = search.night(record), night.id == id else { continue }
            let venue = index.nightlife.nightVenue[record]
            let list = search.guestList(record)
            return NightRow(night: night, venueName: venue == UInt32.max ? nil : search.venueName(Int(venue)), guestList: list,
                            guestListStatus: list?.status(at: now), distanceKilometres: nil, promoted: index.nightlife.nightPromoted[record] != 0,
                            match: nil)
        }
        return nil
    }
}
