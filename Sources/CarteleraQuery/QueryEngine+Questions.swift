import CarteleraCore
import CarteleraModel

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
        let instant = now.secondsSince1970
        var answers: [NowAndNext] = []
        for (number, channel) in programmes.channels.enumerated() where channels?.contains(ChannelID(channel)) ?? true {
            let from = Int(programmes.channelOffsets[number]), to = Int(programmes.channelOffsets[number + 1])
            // The last record of the channel starting at or before now.
            var low = from, high = to
            while low < high {
                let middle = (low + high) / 2
                if programmes.start[Int(programmes.byChannel[middle])] <= instant { low = middle + 1 } else { high = middle }
            }
            var current: ProgrammeRow?
            var nextPosition = low
            if low > from {
                let record = Int(programmes.byChannel[low - 1])
                if programmes.effectiveStop(record) > instant {
                    current = search.row(ProgrammeSearch.Match(record: record, tier: nil), at: now)
                }
            }
            while nextPosition < to, programmes.start[Int(programmes.byChannel[nextPosition])] <= instant { nextPosition += 1 }
            let next = nextPosition < to ? search.row(ProgrammeSearch.Match(record: Int(programmes.byChannel[nextPosition]), tier: nil)) : nil
            guard current != nil || next != nil else { continue }
            answers.append(NowAndNext(channel: ChannelID(channel), channelName: programmes.channelNames[number], now: current, next: next))
        }
        return answers
    }

    /// The upcoming airings (starting at or after `after`) of a title on every channel, by start; the same title folded, so accents and case do not matter.
    public func otherAirings(of title: String, after: Timestamp, excluding: ProgrammeID? = nil) -> [ProgrammeRow] {
        let programmes = index.programmes
        let search = ProgrammeSearch(index: programmes)
        let folded = TextFolding.words(title).joined(separator: " ")
        guard !folded.isEmpty else { return [] }
        var records: [Int] = []
        for number in 0..<programmes.foldedTitles.count where TextFolding.words(folded: programmes.foldedTitles[number]).joined(separator: " ") == folded {
            for position in Int(programmes.titleOffsets[number])..<Int(programmes.titleOffsets[number + 1]) {
                let record = Int(programmes.titlePostings[position])
                if programmes.start[record] >= after.secondsSince1970, programmes.id(record) != excluding { records.append(record) }
            }
        }
        return records.sorted().map { search.row(ProgrammeSearch.Match(record: $0, tier: nil)) }
    }

    /// A day's audience ranking (most viewers first) and channel shares (largest first), the day read in `zone`.
    public func audienceDay(_ day: Day, zone: ZoneConverter) -> (ranking: [AudienceRow], shares: [ShareRow]) {
        var query = Query(kind: .audiences, at: zone.instant(LocalDateTime(day: day, secondOfDay: 0)))
        query.window = dayWindow(day, zone: zone)
        query.limit = QueryParameters.maximumLimit
        var shares = query
        shares.kind = .shares
        return (audiences(query).rows, self.shares(shares).rows)
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
        guard let (channel, start) = id.parts else { return false }
        let programmes = index.programmes
        guard let number = programmes.channelNumber[channel.rawValue] else { return false }
        var record = programmes.firstStarting(atOrAfter: start.secondsSince1970)
        while record < programmes.count, programmes.start[record] == start.secondsSince1970 {
            if programmes.channel[record] == number { return true }
            record += 1
        }
        return false
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
            return NightRow(night: night, venueName: venue == UInt32.max ? nil : search.venue(Int(venue))?.name, guestList: list,
                            guestListStatus: list?.status(at: now), distanceKilometres: nil, promoted: index.nightlife.nightPromoted[record] != 0,
                            match: nil)
        }
        return nil
    }
}
