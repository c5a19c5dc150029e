import CarteleraModel
import CarteleraStore
import Foundation

extension QueryEngine {
    /// The JSON of `answer(query)`: `{"kind","offset","rows","total"}`, byte for byte what `JSONEncoder` with sorted keys
    /// and unescaped slashes writes for that answer, written straight from the index.
    ///
    /// Programme rows are written from the index's columns; venues, nights, promotions, audience entries and shares
    /// are the store's own bytes for each item (kept in the index as the store wrote them), spliced in rather than
    /// decoded and encoded again. A large answer costs about what finding it costs.
    public func answerJSON(_ query: Query) -> [UInt8] {
        var writer = AnswerWriter(index: index)
        switch query.kind {
        case .programmes:
            writer.programmes(ProgrammeSearch(index: index.programmes).matches(query), query)
        case .venues:
            writer.venues(NightlifeSearch(index: index.nightlife).venues(query), query)
        case .nights:
            writer.nights(NightlifeSearch(index: index.nightlife).nights(query), query)
        case .promotions:
            writer.promotions(NightlifeSearch(index: index.nightlife).promotions(query), query)
        case .audiences:
            writer.audiences(AudienceSearch(index: index.audiences).entries(query), query)
        case .shares:
            writer.shares(AudienceSearch(index: index.audiences).shares(query), query)
        }
        return writer.out
    }

    /// The JSON of `shake(query, using:)`, the same pick from the same generator; nil when nothing matches. The matches
    /// are found (programmes: counted) once, as `shake` finds them.
    public func shakeJSON(_ query: Query, using generator: inout some RandomNumberGenerator) -> [UInt8]? {
        var pick = query
        pick.limit = 1
        func picked(_ total: Int) -> Bool {
            guard total > 0 else { return false }
            pick.offset = Int.random(in: 0..<total, using: &generator)
            return true
        }
        var writer = AnswerWriter(index: index)
        switch query.kind {
        case .programmes:
            guard let drawn = ProgrammeSearch(index: index.programmes).pick(query, using: &generator) else { return nil }
            writer.programme(drawn)
        case .venues:
            let matches = NightlifeSearch(index: index.nightlife).venues(query)
            guard picked(matches.count) else { return nil }
            writer.venues(matches, pick)
        case .nights:
            let matches = NightlifeSearch(index: index.nightlife).nights(query)
            guard picked(matches.count) else { return nil }
            writer.nights(matches, pick)
        case .promotions:
            let matches = NightlifeSearch(index: index.nightlife).promotions(query)
            guard picked(matches.count) else { return nil }
            writer.promotions(matches, pick)
        case .audiences:
            let matches = AudienceSearch(index: index.audiences).entries(query)
            guard picked(matches.count) else { return nil }
            writer.audiences(matches, pick)
        case .shares:
            let records = AudienceSearch(index: index.audiences).shares(query)
            guard picked(records.count) else { return nil }
            writer.shares(records, pick)
        }
        return writer.out
    }

    /// The JSON of `nowAndNext(at:channels:)`, byte for byte what `JSONEncoder` writes for it: `cartelera now --json`
    /// and `/api/now`.
    public func nowAndNextJSON(at now: Timestamp, channels: Set<ChannelID>? = nil) -> [UInt8] {
        var writer = AnswerWriter(index: index)
        writer.nowAndNext(nowAndNextRecords(at: now, channels: channels), at: now)
        return writer.out
    }

    /// The JSON of `airings(of:at:)` as a page of programmes (offset 0, every airing): `cartelera airings --json` and
    /// `/api/airings`.
    public func airingsJSON(of title: String, at now: Timestamp) -> [UInt8] {
        let records = airingRecords(of: title, at: now, limit: nil)
        var writer = AnswerWriter(index: index)
        writer.page(records, kind: .programmes, offset: 0, limit: records.count) { writer, record in
            writer.programme(record, tier: nil, minutesLeft: nil)
        }
        return writer.out
    }

    /// The JSON of `audienceDay(_:zone:)`: `{"day":…,"ranking":[…],"shares":[…]}`, the rows as `answerJSON` writes them
    /// (`/api/audiences/<day>`).
    public func audienceDayJSON(_ day: Day, zone: ZoneConverter) -> [UInt8] {
        let (ranking, shares) = audienceDayQueries(day, zone: zone)
        let search = AudienceSearch(index: index.audiences)
        var writer = AnswerWriter(index: index)
        writer.audienceDay(day, ranking: search.entries(ranking), rankingLimit: ranking.limit, shares: search.shares(shares), sharesLimit: shares.limit)
        return writer.out
    }
}

/// Writes an answer's JSON from index records, keys in sorted order as `JSONEncoder` orders them.
struct AnswerWriter {
    let index: QueryIndex
    var out: [UInt8] = []
    /// The UTC day of the last instant written and its `YYYY-MM-DDT`: rows in time order mostly share their day.
    var dateDay = Int.min, dateText: [UInt8] = []

    /// `{"kind":…,"offset":…,"rows":[` … `],"total":…}` around the page of `matches` the query asks for.
    private mutating func page<Match>(_ matches: [Match], _ query: Query, row: (inout AnswerWriter, Match) -> Void) {
        page(matches, kind: query.kind, offset: query.offset, limit: query.limit, row: row)
    }

    /// `{"kind":…,"offset":…,"rows":[` … `],"total":…}` around the page of `matches` from `offset`, at most `limit` rows.
    mutating func page<Match>(_ matches: [Match], kind: Query.Kind, offset: Int, limit: Int, row: (inout AnswerWriter, Match) -> Void) {
        page(kind: kind, offset: offset, total: matches.count) { writer in writer.list(matches, offset: offset, limit: limit, row: row) }
    }

    /// `{"kind":…,"offset":…,"rows":` `rows` `,"total":…}`.
    private mutating func page(kind: Query.Kind, offset: Int, total: Int, rows: (inout AnswerWriter) -> Void) {
        literal(#"{"kind":"#)
        CanonicalJSON.append(string: kind.rawValue, to: &out)
        literal(#","offset":"#)
        CanonicalJSON.append(integer: offset, to: &out)
        literal(#","rows":"#)
        rows(&self)
        literal(#","total":"#)
        CanonicalJSON.append(integer: total, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `[` … `]`: the rows of `matches` from `offset`, at most `limit`.
    private mutating func list<Match>(_ matches: [Match], offset: Int, limit: Int, row: (inout AnswerWriter, Match) -> Void) {
        let start = min(max(0, offset), matches.count)
        let end = start + min(max(0, limit), matches.count - start)
        out.reserveCapacity(out.count + 128 + (end - start) * 256)
        out.append(UInt8(ascii: "["))
        for position in start..<end {
            if position > start { out.append(UInt8(ascii: ",")) }
            row(&self, matches[position])
        }
        out.append(UInt8(ascii: "]"))
    }

    /// Every channel's line of now and next: `[{"channel":…,"channelName":…,"next":{…},"now":{…}}…]`, the programme on
    /// now with its minutes left.
    mutating func nowAndNext(_ lines: [(channel: Int, now: Int?, next: Int?)], at now: Timestamp) {
        let programmes = index.programmes
        list(lines, offset: 0, limit: lines.count) { writer, line in
            writer.literal(#"{"channel":"#)
            CanonicalJSON.append(string: programmes.channels[line.channel], to: &writer.out)
            writer.literal(#","channelName":"#)
            CanonicalJSON.append(string: programmes.channelNames[line.channel], to: &writer.out)
            if let next = line.next {
                writer.literal(#","next":"#)
                writer.programme(next, tier: nil, minutesLeft: nil)
            }
            if let record = line.now {
                writer.literal(#","now":"#)
                writer.programme(record, tier: nil, minutesLeft: programmes.minutesLeft(record, at: now))
            }
            writer.out.append(UInt8(ascii: "}"))
        }
    }

    /// A day's audiences: `{"day":…,"ranking":[…],"shares":[…]}`.
    mutating func audienceDay(_ day: Day, ranking: [AudienceSearch.Match], rankingLimit: Int, shares: [Int], sharesLimit: Int) {
        literal(#"{"day":"#)
        CanonicalJSON.append(string: day.description, to: &out)
        literal(#","ranking":"#)
        list(ranking, offset: 0, limit: rankingLimit) { writer, match in writer.audience(match) }
        literal(#","shares":"#)
        list(shares, offset: 0, limit: sharesLimit) { writer, record in writer.share(record) }
        out.append(UInt8(ascii: "}"))
    }

    mutating func programmes(_ matches: [ProgrammeSearch.Match], _ query: Query) {
        let programmes = index.programmes
        // The page's rows, as `list` takes them: the next block is read ahead whenever the rows reach it.
        var position = min(max(0, query.offset), matches.count), readTo = position
        let end = position + min(max(0, query.limit), matches.count - position)
        page(matches, query) { writer, match in
            if position == readTo {
                readTo = min(end, position + Self.rowsReadAhead)
                writer.readAhead(matches[position..<readTo], of: programmes)
            }
            position += 1
            writer.programme(match.record, of: programmes, tier: match.tier, minutesLeft: nil)
        }
    }

    /// Rows whose columns are read together before they are written.
    private static let rowsReadAhead = 32

    /// Reads what the rows of `matches` will write, one column after another across the block, before any is written.
    ///
    /// A page's records lie hundreds of records apart in each column, so nearly every value a row reads is a cache miss,
    /// and a row written on its own waits for them one after another (q1's 3,091 rows spent most of their time so). Read
    /// here in loops that depend on nothing but the record, the misses of a whole block are in flight at once; the rows
    /// then find their values in the cache.
    private mutating func readAhead(_ matches: ArraySlice<ProgrammeSearch.Match>, of programmes: ProgrammeIndex) {
        var sum: UInt64 = 0
        for match in matches {
            let record = match.record
            sum &+= UInt64(programmes.channel[record]) &+ UInt64(bitPattern: programmes.start[record] ^ programmes.stop[record])
            sum &+= UInt64(programmes.type[record]) &+ UInt64(bitPattern: programmes.genreBits[record]) &+ UInt64(programmes.year[record])
            sum &+= UInt64(programmes.score[record]) &+ UInt64(programmes.title[record])
            programmes.externalID.withBytes(record) { sum &+= UInt64($0.first ?? 0) }
        }
        for match in matches {
            programmes.titles.withBytes(Int(programmes.title[match.record])) { sum &+= UInt64($0.first ?? 0) }
        }
        // The sum is used, so the compiler keeps the reads; whatever it is, a reservation changes no byte of the answer.
        if sum == 0x5EED_F00D_5EED_F00D { out.reserveCapacity(out.count + 1) }
    }

    /// A shake's page of programmes: the one match picked, at its offset among all the matches.
    mutating func programme(_ picked: ProgrammeSearch.Pick) {
        page(kind: .programmes, offset: picked.offset, total: picked.total) { writer in
            writer.list([picked.match], offset: 0, limit: 1) { writer, match in
                writer.programme(match.record, of: writer.index.programmes, tier: match.tier, minutesLeft: nil)
            }
        }
    }

    mutating func venues(_ matches: [NightlifeSearch.VenueMatch], _ query: Query) {
        let nightlife = index.nightlife
        page(matches, query) { writer, match in
            writer.out.append(UInt8(ascii: "{"))
            if let distance = match.distance {
                writer.literal(#""distanceKilometres":"#)
                CanonicalJSON.append(number: distance, to: &writer.out)
                writer.out.append(UInt8(ascii: ","))
            }
            writer.tier(match.tier)
            writer.literal(#""venue":"#)
            writer.stored(nightlife.venueJSON, match.record)
            writer.out.append(UInt8(ascii: "}"))
        }
    }

    mutating func nights(_ matches: [NightlifeSearch.NightMatch], _ query: Query) {
        let search = NightlifeSearch(index: index.nightlife)
        let nightlife = index.nightlife
        page(matches, query) { writer, match in
            writer.out.append(UInt8(ascii: "{"))
            if let distance = match.distance {
                writer.literal(#""distanceKilometres":"#)
                CanonicalJSON.append(number: distance, to: &writer.out)
                writer.out.append(UInt8(ascii: ","))
            }
            if let list = match.guestList {
                writer.literal(#""guestList":"#)
                writer.stored(nightlife.nightList, match.record)
                writer.literal(#","guestListStatus":"#)
                CanonicalJSON.append(string: list.status(at: query.at).rawValue, to: &writer.out)
                writer.out.append(UInt8(ascii: ","))
            }
            writer.tier(match.tier)
            writer.literal(#""night":"#)
            writer.stored(nightlife.nightJSON, match.record)
            writer.literal(#","promoted":"#)
            writer.literal(nightlife.nightPromoted[match.record] != 0 ? "true" : "false")
            let venue = nightlife.nightVenue[match.record]
            if venue != UInt32.max, let name = search.venue(Int(venue))?.name {
                writer.literal(#","venueName":"#)
                CanonicalJSON.append(string: name, to: &writer.out)
            }
            writer.out.append(UInt8(ascii: "}"))
        }
    }

    mutating func promotions(_ matches: [NightlifeSearch.PromotionMatch], _ query: Query) {
        let nightlife = index.nightlife
        let now = query.at.secondsSince1970
        page(matches, query) { writer, match in
            let record = match.record
            let active = !(now < nightlife.promotionFrom[record]) && !(now >= nightlife.promotionTo[record])
            writer.literal(#"{"active":"#)
            writer.literal(active ? "true," : "false,")
            writer.tier(match.tier)
            writer.literal(#""promoted":"#)
            writer.literal(nightlife.promotionPaid[record] != 0 ? "true" : "false")
            writer.literal(#","promotion":"#)
            writer.stored(nightlife.promotionJSON, record)
            writer.out.append(UInt8(ascii: "}"))
        }
    }

    mutating func audiences(_ matches: [AudienceSearch.Match], _ query: Query) {
        page(matches, query) { writer, match in writer.audience(match) }
    }

    mutating func shares(_ records: [Int], _ query: Query) {
        page(records, query) { writer, record in writer.share(record) }
    }

    /// An `AudienceRow`: `{"entry":…,"match":…}`.
    private mutating func audience(_ match: AudienceSearch.Match) {
        literal(#"{"entry":"#)
        stored(index.audiences.entryJSON, match.record)
        if let tier = match.tier {
            literal(#","match":"#)
            CanonicalJSON.append(integer: tier.rawValue, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A `ShareRow`: `{"share":…}`.
    private mutating func share(_ record: Int) {
        literal(#"{"share":"#)
        stored(index.audiences.shareJSON, record)
        out.append(UInt8(ascii: "}"))
    }

    /// A `ProgrammeRow` of record `record`: `channel`, `channelName`, `externalID`, `genres`, `id`, `match`,
    /// `minutesLeft`, `score`, `start`, `stop`, `title`, `type`, `year`.
    mutating func programme(_ record: Int, tier: MatchTier?, minutesLeft: Int?) {
        programme(record, of: index.programmes, tier: tier, minutesLeft: minutesLeft)
    }

    /// A `ProgrammeRow` of record `record` of `programmes`: the channel's parts, genres, type and score as the index wrote
    /// them once, the rest from the columns, into bytes reserved for the whole row.
    private mutating func programme(_ record: Int, of programmes: ProgrammeIndex, tier: MatchTier?, minutesLeft: Int?) {
        let parts = programmes.rowParts
        let channel = Int(programmes.channel[record])
        let head = parts.channelHead(channel), idHead = parts.idHead(channel)
        let start = programmes.start[record]
        let stop = programmes.stopTime(record)
        let startDate = date(start), stopDate = stop.map { date($0) }
        let genreBits = UInt64(bitPattern: programmes.genreBits[record])
        var genreBytes = 0
        var bits = genreBits
        while bits != 0 {
            genreBytes += parts.genre(bits.trailingZeroBitCount).count + 1
            bits &= bits - 1
        }
        let score = parts.score(Int(programmes.score[record]))
        let type = parts.type(Int(programmes.type[record]))
        let year = Int(programmes.year[record])
        programmes.externalID.withBytes(record) { external in
            programmes.titles.withBytes(Int(programmes.title[record])) { title in
                // Fixed parts (keys, numbers, instants) stay under 256 bytes; a text that needs escaping may grow sixfold.
                // The bytes reserved are zeroed first, so a text that needs none (nearly all) reserves only its length.
                let texts = (RowBytes.needsEscape(external) ? 6 : 1) * external.count + (RowBytes.needsEscape(title) ? 6 : 1) * title.count
                let bound = 256 + head.count + idHead.count + genreBytes + score.count + type.count + texts
                parts.bytes.withUnsafeBytes { partBytes in
                    append(reserving: bound) { row in
                        row.bytes(partBytes, head)
                        if !external.isEmpty {
                            row.literal(#","externalID":"#)
                            row.string(external)
                        }
                        row.literal(#","genres":["#)
                        var bits = genreBits
                        var first = true
                        while bits != 0 {
                            let genre = parts.genre(bits.trailingZeroBitCount)
                            bits &= bits - 1
                            guard !genre.isEmpty else { continue }
                            if !first { row.byte(UInt8(ascii: ",")) }
                            first = false
                            row.bytes(partBytes, genre)
                        }
                        row.literal(#"],"id":"#)
                        row.bytes(partBytes, idHead)
                        row.integer(Int(start))
                        row.byte(UInt8(ascii: "\""))
                        if let tier {
                            row.literal(#","match":"#)
                            row.integer(tier.rawValue)
                        }
                        if let minutesLeft {
                            row.literal(#","minutesLeft":"#)
                            row.integer(minutesLeft)
                        }
                        row.bytes(partBytes, score)
                        row.literal(#","start":"#)
                        Self.instant(start, date: startDate, to: &row)
                        if let stop, let stopDate {
                            row.literal(#","stop":"#)
                            Self.instant(stop, date: stopDate, to: &row)
                        }
                        row.literal(#","title":"#)
                        row.string(title)
                        row.bytes(partBytes, type)
                        if year != 0 {
                            row.literal(#","year":"#)
                            row.integer(year)
                        }
                        row.byte(UInt8(ascii: "}"))
                    }
                }
            }
        }
    }

    /// Appends what `write` writes, given at least `bound` bytes for it.
    private mutating func append(reserving bound: Int, _ write: (inout RowBytes) -> Void) {
        let written = out.count
        // Zeroes first: an array is only written through its elements; the unused tail is dropped again below.
        out.append(contentsOf: repeatElement(0, count: bound))
        let used = out.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var row = RowBytes(base + written, capacity: bound)
            write(&row)
            return row.count
        }
        out.removeLast(bound - used)
    }

    /// The `YYYY-MM-DDT` of an instant's UTC day, as `Timestamp.appendISO8601` writes it, kept from the last instant of
    /// the same day: rows in time order mostly share their day.
    private mutating func date(_ seconds: Int64) -> [UInt8] {
        let time = Timestamp(secondsSince1970: seconds)
        let day = time.utcDay.daysSince1970
        if day != dateDay {
            dateDay = day
            dateText.removeAll(keepingCapacity: true)
            time.appendISO8601(to: &dateText)
            // The time of day after the `T` is always `hh:mm:ssZ`, nine bytes.
            dateText.removeLast(9)
        }
        return dateText
    }

    /// An instant as `CanonicalJSON.append(instant:)` writes it (`"2026-11-22T20:30:00Z"`), from its day's `date`.
    private static func instant(_ seconds: Int64, date: [UInt8], to row: inout RowBytes) {
        row.byte(UInt8(ascii: "\""))
        row.bytes(date)
        let second = min(max(Timestamp(secondsSince1970: seconds).utcSecondOfDay, 0), 86_399)
        row.twoDigits(second / 3600)
        row.byte(UInt8(ascii: ":"))
        row.twoDigits(second / 60 % 60)
        row.byte(UInt8(ascii: ":"))
        row.twoDigits(second % 60)
        row.literal(#"Z""#)
    }

    /// `"match":<tier>,` when the row has a tier.
    private mutating func tier(_ tier: MatchTier?) {
        guard let tier else { return }
        literal(#""match":"#)
        CanonicalJSON.append(integer: tier.rawValue, to: &out)
        out.append(UInt8(ascii: ","))
    }

    /// A stored item's JSON from the index, as the store wrote it.
    private mutating func stored(_ column: StringColumn, _ record: Int) {
        column.withBytes(record) { out.append(contentsOf: $0) }
    }

    private mutating func literal(_ text: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
