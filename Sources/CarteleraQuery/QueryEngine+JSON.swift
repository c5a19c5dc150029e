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
        let output = AnswerBytes()
        answerJSON(query, into: output)
        return output.bytes
    }

    /// `answerJSON(query)` written at the end of `output`: a server's response buffer takes the answer where it is sent from.
    public func answerJSON(_ query: Query, into output: any AnswerOutput) {
        var writer = AnswerWriter(index: index, out: output)
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
    }

    /// The JSON of `shake(query, using:)`, the same pick from the same generator; nil when nothing matches. The matches
    /// are found (programmes: counted) once, as `shake` finds them.
    public func shakeJSON(_ query: Query, using generator: inout some RandomNumberGenerator) -> [UInt8]? {
        let output = AnswerBytes()
        return shakeJSON(query, using: &generator, into: output) ? output.bytes : nil
    }

    /// `shakeJSON(query, using:)` written at the end of `output`; false, with nothing written, when nothing matches.
    public func shakeJSON(_ query: Query, using generator: inout some RandomNumberGenerator, into output: any AnswerOutput) -> Bool {
        var pick = query
        pick.limit = 1
        func picked(_ total: Int) -> Bool {
            guard total > 0 else { return false }
            pick.offset = Int.random(in: 0..<total, using: &generator)
            return true
        }
        var writer = AnswerWriter(index: index, out: output)
        switch query.kind {
        case .programmes:
            guard let drawn = ProgrammeSearch(index: index.programmes).pick(query, using: &generator) else { return false }
            writer.programme(drawn)
        case .venues:
            let matches = NightlifeSearch(index: index.nightlife).venues(query)
            guard picked(matches.count) else { return false }
            writer.venues(matches, pick)
        case .nights:
            let matches = NightlifeSearch(index: index.nightlife).nights(query)
            guard picked(matches.count) else { return false }
            writer.nights(matches, pick)
        case .promotions:
            let matches = NightlifeSearch(index: index.nightlife).promotions(query)
            guard picked(matches.count) else { return false }
            writer.promotions(matches, pick)
        case .audiences:
            let matches = AudienceSearch(index: index.audiences).entries(query)
            guard picked(matches.count) else { return false }
            writer.audiences(matches, pick)
        case .shares:
            let records = AudienceSearch(index: index.audiences).shares(query)
            guard picked(records.count) else { return false }
            writer.shares(records, pick)
        }
        return true
    }

    /// The JSON of `nowAndNext(at:channels:)`, byte for byte what `JSONEncoder` writes for it: `cartelera now --json`
    /// and `/api/now`.
    public func nowAndNextJSON(at now: Timestamp, channels: Set<ChannelID>? = nil) -> [UInt8] {
        let output = AnswerBytes()
        nowAndNextJSON(at: now, channels: channels, into: output)
        return output.bytes
    }

    /// `nowAndNextJSON(at:channels:)` written at the end of `output`.
    public func nowAndNextJSON(at now: Timestamp, channels: Set<ChannelID>? = nil, into output: any AnswerOutput) {
        var writer = AnswerWriter(index: index, out: output)
        writer.nowAndNext(nowAndNextRecords(at: now, channels: channels), at: now)
    }

    /// The JSON of `airings(of:at:)` as a page of programmes (offset 0, every airing): `cartelera airings --json` and
    /// `/api/airings`.
    public func airingsJSON(of title: String, at now: Timestamp) -> [UInt8] {
        let output = AnswerBytes()
        airingsJSON(of: title, at: now, into: output)
        return output.bytes
    }

    /// `airingsJSON(of:at:)` written at the end of `output`.
    public func airingsJSON(of title: String, at now: Timestamp, into output: any AnswerOutput) {
        let records = airingRecords(of: title, at: now, limit: nil)
        var writer = AnswerWriter(index: index, out: output)
        writer.page(records, kind: .programmes, offset: 0, limit: records.count) { writer, record, prefix in
            writer.programme(record, tier: nil, minutesLeft: nil, prefix: prefix)
        }
    }

    /// The JSON of `audienceDay(_:zone:)`: `{"day":…,"ranking":[…],"shares":[…]}`, the rows as `answerJSON` writes them
    /// (`/api/audiences/<day>`).
    public func audienceDayJSON(_ day: Day, zone: ZoneConverter) -> [UInt8] {
        let output = AnswerBytes()
        audienceDayJSON(day, zone: zone, into: output)
        return output.bytes
    }

    /// `audienceDayJSON(_:zone:)` written at the end of `output`.
    public func audienceDayJSON(_ day: Day, zone: ZoneConverter, into output: any AnswerOutput) {
        let (ranking, shares) = audienceDayQueries(day, zone: zone)
        let search = AudienceSearch(index: index.audiences)
        var writer = AnswerWriter(index: index, out: output)
        writer.audienceDay(day, ranking: search.entries(ranking), rankingLimit: ranking.limit, shares: search.shares(shares), sharesLimit: shares.limit)
    }
}

/// Writes an answer's JSON from index records into an `AnswerOutput`, keys in sorted order as `JSONEncoder` orders them.
///
/// A list's rows are written one after another into room the output hands out for many of them at once, each checked
/// against a bound on what it can take before it is written: the output's memory is written once, a response buffer
/// needs no copy of the answer, and the output is called once per room, not once per row.
struct AnswerWriter {
    let index: QueryIndex
    /// Where the answer goes.
    let out: any AnswerOutput
    /// The UTC day of the last instant written and its `YYYY-MM-DDT`: rows in time order mostly share their day.
    var dateDay = Int.min, dateText: [UInt8] = []
    /// Bytes given to the output so far.
    private(set) var written = 0
    /// The room a list's rows are being written into; nil outside a list, where each write asks the output for its own.
    private var room: RowBytes?
    /// Whether a write found `room` too small: the row it belongs to is taken back and written into the next room.
    private var roomFull = false

    init(index: QueryIndex, out: any AnswerOutput) {
        self.index = index
        self.out = out
    }

    /// A prefix a row is written after: nothing for a list's first row, else its comma.
    typealias Prefix = StaticString

    /// `{"kind":…,"offset":…,"rows":[` … `],"total":…}` around the page of `matches` the query asks for.
    private mutating func page<Match>(_ matches: [Match], _ query: Query, ahead: (Int) -> Void = { _ in }, row: (inout AnswerWriter, Match, Prefix) -> Void) {
        page(matches, kind: query.kind, offset: query.offset, limit: query.limit, ahead: ahead, row: row)
    }

    /// `{"kind":…,"offset":…,"rows":[` … `],"total":…}` around the page of `matches` from `offset`, at most `limit` rows.
    mutating func page<Match>(
        _ matches: [Match], kind: Query.Kind, offset: Int, limit: Int, ahead: (Int) -> Void = { _ in }, row: (inout AnswerWriter, Match, Prefix) -> Void
    ) {
        page(kind: kind, offset: offset, total: matches.count) { writer in writer.list(matches, offset: offset, limit: limit, ahead: ahead, row: row) }
    }

    /// `{"kind":…,"offset":…,"rows":` `rows` `,"total":…}`.
    private mutating func page(kind: Query.Kind, offset: Int, total: Int, rows: (inout AnswerWriter) -> Void) {
        let name = kind.rawValue
        write(reserving: 64 + 6 * name.utf8.count) { row in
            row.literal(#"{"kind":"#)
            row.string(name)
            row.literal(#","offset":"#)
            row.integer(offset)
            row.literal(#","rows":"#)
        }
        rows(&self)
        write(reserving: 64) { row in
            row.literal(#","total":"#)
            row.integer(total)
            row.byte(UInt8(ascii: "}"))
        }
    }

    /// `[` … `]`: the rows of `matches` from `offset`, at most `limit`, each after its prefix; `ahead` is told each
    /// row's position before the row is written (again, when the row is taken back and written into the next room).
    ///
    /// Room for the rows is asked for ahead, at a guess, and once the first `rowsSized` are written, at their size and
    /// an eighth more for the rest: an output then grows about once, not by doubling (a copy each time) through a large
    /// page. The rows are written into the room the output hands out, as many as it holds; a row that does not fit is
    /// taken back and written into the next, or, when it does not fit an empty room either, write by write.
    private mutating func list<Match>(
        _ matches: [Match], offset: Int, limit: Int, ahead: (Int) -> Void = { _ in }, row: (inout AnswerWriter, Match, Prefix) -> Void
    ) {
        let start = min(max(0, offset), matches.count)
        let end = start + min(max(0, limit), matches.count - start)
        literal("[")
        out.reserve(adding: (end - start) * 256 + 128)
        let first = written, out = self.out
        var position = start, sized = false
        while position < end {
            if !sized, position - start >= Self.rowsSized {
                sized = true
                out.reserve(adding: (written - first) / (position - start) * (end - position) * 9 / 8 + 128)
            }
            let before = position
            var used = 0
            out.append(reserving: Self.roomBytes) { memory in
                room = RowBytes(memory)
                roomFull = false
                while position < end, sized || position - start < Self.rowsSized {
                    // Not nil: set above, and only this loop clears it.
                    let mark = room.unsafelyUnwrapped.count
                    ahead(position)
                    row(&self, matches[position], position > start ? "," : "")
                    if roomFull {
                        room!.rewind(to: mark)
                        break
                    }
                    position += 1
                }
                used = room.unsafelyUnwrapped.count
                room = nil
                return used
            }
            written += used
            if position == before {
                ahead(position)
                row(&self, matches[position], position > start ? "," : "")
                position += 1
            }
        }
        literal("]")
    }

    /// Rows written before the rest of a page is sized from them.
    private static let rowsSized = 32

    /// The least room a list asks the output for: most rows fit in it.
    private static let roomBytes = 1024

    /// Lets `body` write at most `bound` bytes at the end of the output: into the list's room when one is open (and
    /// nothing when the bound does not fit there: the row is then written again elsewhere), else into room asked for it.
    private mutating func write(reserving bound: Int, _ body: (inout RowBytes) -> Void) {
        if room != nil {
            guard !roomFull, bound <= room.unsafelyUnwrapped.room else {
                roomFull = true
                return
            }
            body(&room!)
            return
        }
        var used = 0
        out.append(reserving: bound) { memory in
            var row = RowBytes(UnsafeMutableRawBufferPointer(rebasing: memory.prefix(bound)))
            body(&row)
            used = row.count
            return used
        }
        written += used
    }

    /// Every channel's line of now and next: `[{"channel":…,"channelName":…,"next":{…},"now":{…}}…]`, the programme on
    /// now with its minutes left.
    mutating func nowAndNext(_ lines: [(channel: Int, now: Int?, next: Int?)], at now: Timestamp) {
        let programmes = index.programmes
        list(lines, offset: 0, limit: lines.count) { writer, line, prefix in
            let channel = programmes.channels[line.channel], name = programmes.channelNames[line.channel]
            writer.write(reserving: 64 + 6 * (channel.utf8.count + name.utf8.count)) { row in
                row.literal(prefix)
                row.literal(#"{"channel":"#)
                row.string(channel)
                row.literal(#","channelName":"#)
                row.string(name)
            }
            if let next = line.next {
                writer.programme(next, tier: nil, minutesLeft: nil, prefix: #","next":"#)
            }
            if let record = line.now {
                writer.programme(record, tier: nil, minutesLeft: programmes.minutesLeft(record, at: now), prefix: #","now":"#)
            }
            writer.literal("}")
        }
    }

    /// A day's audiences: `{"day":…,"ranking":[…],"shares":[…]}`.
    mutating func audienceDay(_ day: Day, ranking: [AudienceSearch.Match], rankingLimit: Int, shares: [Int], sharesLimit: Int) {
        let name = day.description
        write(reserving: 32 + 6 * name.utf8.count) { row in
            row.literal(#"{"day":"#)
            row.string(name)
            row.literal(#","ranking":"#)
        }
        list(ranking, offset: 0, limit: rankingLimit) { writer, match, prefix in writer.audience(match, prefix: prefix) }
        literal(#","shares":"#)
        list(shares, offset: 0, limit: sharesLimit) { writer, record, prefix in writer.share(record, prefix: prefix) }
        literal("}")
    }

    mutating func programmes(_ matches: [ProgrammeSearch.Match], _ query: Query) {
        let programmes = index.programmes
        let start = min(max(0, query.offset), matches.count)
        let end = start + min(max(0, query.limit), matches.count - start)
        // A page's records lie hundreds of records apart in each column, so nearly every value a row reads is a cache
        // miss, and a row waits for them one after another. They are asked for rows ahead instead, in stages (the
        // columns, then the texts they point to, then the title's bytes), and arrive while the rows before are written.
        // (Called directly: a method passed as a closure retains the index, shared by every thread, once a row.)
        for position in start..<min(end, start + Self.columnsAhead) { programmes.prefetchColumns(matches[position].record) }
        page(matches, query, ahead: { position in
            if position + Self.columnsAhead < end { programmes.prefetchColumns(matches[position + Self.columnsAhead].record) }
            if position + Self.textsAhead < end { programmes.prefetchTexts(matches[position + Self.textsAhead].record) }
            if position + Self.titleAhead < end { programmes.prefetchTitle(matches[position + Self.titleAhead].record) }
        }) { writer, match, prefix in
            writer.programme(match.record, of: programmes, tier: match.tier, minutesLeft: nil, prefix: prefix)
        }
    }

    /// How many rows ahead of the one written its columns, its texts and its title's bytes are asked for.
    private static let columnsAhead = 12, textsAhead = 8, titleAhead = 4

    /// A shake's page of programmes: the one match picked, at its offset among all the matches.
    mutating func programme(_ picked: ProgrammeSearch.Pick) {
        page(kind: .programmes, offset: picked.offset, total: picked.total) { writer in
            writer.list([picked.match], offset: 0, limit: 1) { writer, match, prefix in
                writer.programme(match.record, of: writer.index.programmes, tier: match.tier, minutesLeft: nil, prefix: prefix)
            }
        }
    }

    mutating func venues(_ matches: [NightlifeSearch.VenueMatch], _ query: Query) {
        let nightlife = index.nightlife
        page(matches, query) { writer, match, prefix in
            let venue = nightlife.venueJSON.bytes(match.record)
            writer.write(reserving: 64 + RowBytes.numberBound + venue.count) { row in
                row.literal(prefix)
                row.byte(UInt8(ascii: "{"))
                Self.distance(match.distance, to: &row)
                Self.tier(match.tier, to: &row)
                row.literal(#""venue":"#)
                row.bytes(venue)
                row.byte(UInt8(ascii: "}"))
            }
        }
    }

    mutating func nights(_ matches: [NightlifeSearch.NightMatch], _ query: Query) {
        let search = NightlifeSearch(index: index.nightlife)
        let nightlife = index.nightlife
        page(matches, query) { writer, match, prefix in
            let night = nightlife.nightJSON.bytes(match.record), list = nightlife.nightList.bytes(match.record)
            let status = match.guestList.map { $0.status(at: query.at).rawValue } ?? ""
            let venue = nightlife.nightVenue[match.record]
            let venueName = venue == UInt32.max ? nil : search.venueName(Int(venue))
            let bound = 160 + 2 * RowBytes.numberBound + night.count + list.count + 6 * (status.utf8.count + (venueName?.utf8.count ?? 0))
            writer.write(reserving: bound) { row in
                row.literal(prefix)
                row.byte(UInt8(ascii: "{"))
                Self.distance(match.distance, to: &row)
                if match.guestList != nil {
                    row.literal(#""guestList":"#)
                    row.bytes(list)
                    row.literal(#","guestListStatus":"#)
                    row.string(status)
                    row.byte(UInt8(ascii: ","))
                }
                Self.tier(match.tier, to: &row)
                row.literal(#""night":"#)
                row.bytes(night)
                row.literal(#","promoted":"#)
                row.literal(nightlife.nightPromoted[match.record] != 0 ? "true" : "false")
                if let venueName {
                    row.literal(#","venueName":"#)
                    row.string(venueName)
                }
                row.byte(UInt8(ascii: "}"))
            }
        }
    }

    mutating func promotions(_ matches: [NightlifeSearch.PromotionMatch], _ query: Query) {
        let nightlife = index.nightlife
        let now = query.at.secondsSince1970
        page(matches, query) { writer, match, prefix in
            let record = match.record
            let active = !(now < nightlife.promotionFrom[record]) && !(now >= nightlife.promotionTo[record])
            let promotion = nightlife.promotionJSON.bytes(record)
            writer.write(reserving: 96 + RowBytes.numberBound + promotion.count) { row in
                row.literal(prefix)
                row.literal(#"{"active":"#)
                row.literal(active ? "true," : "false,")
                Self.tier(match.tier, to: &row)
                row.literal(#""promoted":"#)
                row.literal(nightlife.promotionPaid[record] != 0 ? "true" : "false")
                row.literal(#","promotion":"#)
                row.bytes(promotion)
                row.byte(UInt8(ascii: "}"))
            }
        }
    }

    mutating func audiences(_ matches: [AudienceSearch.Match], _ query: Query) {
        page(matches, query) { writer, match, prefix in writer.audience(match, prefix: prefix) }
    }

    mutating func shares(_ records: [Int], _ query: Query) {
        page(records, query) { writer, record, prefix in writer.share(record, prefix: prefix) }
    }

    /// An `AudienceRow`: `{"entry":…,"match":…}`.
    private mutating func audience(_ match: AudienceSearch.Match, prefix: Prefix) {
        let entry = index.audiences.entryJSON.bytes(match.record)
        write(reserving: 32 + RowBytes.numberBound + entry.count) { row in
            row.literal(prefix)
            row.literal(#"{"entry":"#)
            row.bytes(entry)
            if let tier = match.tier {
                row.literal(#","match":"#)
                row.integer(tier.rawValue)
            }
            row.byte(UInt8(ascii: "}"))
        }
    }

    /// A `ShareRow`: `{"share":…}`.
    private mutating func share(_ record: Int, prefix: Prefix) {
        let share = index.audiences.shareJSON.bytes(record)
        write(reserving: 16 + share.count) { row in
            row.literal(prefix)
            row.literal(#"{"share":"#)
            row.bytes(share)
            row.byte(UInt8(ascii: "}"))
        }
    }

    /// A `ProgrammeRow` of record `record`: `channel`, `channelName`, `externalID`, `genres`, `id`, `match`,
    /// `minutesLeft`, `score`, `start`, `stop`, `title`, `type`, `year`; after `prefix`.
    mutating func programme(_ record: Int, tier: MatchTier?, minutesLeft: Int?, prefix: Prefix) {
        programme(record, of: index.programmes, tier: tier, minutesLeft: minutesLeft, prefix: prefix)
    }

    /// A `ProgrammeRow` of record `record` of `programmes` after `prefix`: the channel's parts, genres, type and score
    /// as the index wrote them once, the rest from the columns, into room asked of the output for the whole row.
    private mutating func programme(_ record: Int, of programmes: ProgrammeIndex, tier: MatchTier?, minutesLeft: Int?, prefix: Prefix) {
        let parts = programmes.rowParts
        let channel = Int(programmes.channel[record])
        let head = parts.channelHead(channel), idHead = parts.idHead(channel)
        let start = programmes.start[record]
        let stop = programmes.stopTime(record)
        let (startDay, startSecond) = Self.dayAndSecond(start)
        updateDate(start, day: startDay)
        // A stop on the start's day (nearly all) is written with the same day's text; another day's is made for it.
        var stopDate: [UInt8]?, stopSecond = 0
        if let stop {
            let (day, second) = Self.dayAndSecond(stop)
            stopSecond = second
            if day != dateDay { stopDate = Self.dayText(stop) }
        }
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
        let external = programmes.externalID.bytes(record)
        let title = programmes.titles.bytes(Int(programmes.title[record]))
        // Fixed parts (keys, numbers, instants, the prefix) stay under 256 bytes; a text that needs escaping may grow
        // sixfold. Each text is checked for escapes once, here, and written as the check found it.
        let escapeExternal = RowBytes.needsEscape(external), escapeTitle = RowBytes.needsEscape(title)
        let texts = (escapeExternal ? 6 : 1) * external.count + (escapeTitle ? 6 : 1) * title.count
        let dates = dateText.count + (stopDate ?? dateText).count
        let bound = 256 + head.count + idHead.count + genreBytes + score.count + type.count + dates + texts
        parts.bytes.withUnsafeBytes { partBytes in
            dateText.withUnsafeBytes { startDate in
                write(reserving: bound) { row in
                    row.literal(prefix)
                    row.bytes(partBytes, head)
                    if !external.isEmpty {
                        row.literal(#","externalID":"#)
                        row.string(external, escaping: escapeExternal)
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
                    row.instant(date: startDate, second: startSecond)
                    if stop != nil {
                        row.literal(#","stop":"#)
                        if let stopDate {
                            stopDate.withUnsafeBytes { row.instant(date: $0, second: stopSecond) }
                        } else {
                            row.instant(date: startDate, second: stopSecond)
                        }
                    }
                    row.literal(#","title":"#)
                    row.string(title, escaping: escapeTitle)
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

    /// Makes `dateText` the `YYYY-MM-DDT` of `day`, the UTC day of `seconds`, kept from the last instant of the same day:
    /// rows in time order mostly share their day.
    private mutating func updateDate(_ seconds: Int64, day: Int) {
        guard day != dateDay else { return }
        dateDay = day
        dateText = Self.dayText(seconds)
    }

    /// The `YYYY-MM-DDT` of an instant's UTC day, as `Timestamp.appendISO8601` writes it.
    private static func dayText(_ seconds: Int64) -> [UInt8] {
        var text: [UInt8] = []
        Timestamp(secondsSince1970: seconds).appendISO8601(to: &text)
        // The time of day after the `T` is always `hh:mm:ssZ`, nine bytes.
        text.removeLast(9)
        return text
    }

    /// The UTC day of an instant and its second of that day, 0 to 86 399, as `Timestamp.utcDay` and
    /// `Timestamp.appendISO8601` find them: worked out here, not by two calls into another module for every row.
    @inline(__always)
    private static func dayAndSecond(_ seconds: Int64) -> (day: Int, second: Int) {
        let (days, second) = seconds.quotientAndRemainder(dividingBy: 86_400)
        return second < 0 ? (Int(days) - 1, Int(second) + 86_400) : (Int(days), Int(second))
    }

    /// `"distanceKilometres":<distance>,` when the row has a distance.
    private static func distance(_ kilometres: Double?, to row: inout RowBytes) {
        guard let kilometres else { return }
        row.literal(#""distanceKilometres":"#)
        row.number(kilometres)
        row.byte(UInt8(ascii: ","))
    }

    /// `"match":<tier>,` when the row has a tier.
    private static func tier(_ tier: MatchTier?, to row: inout RowBytes) {
        guard let tier else { return }
        row.literal(#""match":"#)
        row.integer(tier.rawValue)
        row.byte(UInt8(ascii: ","))
    }

    private mutating func literal(_ text: StaticString) {
        write(reserving: text.utf8CodeUnitCount) { $0.literal(text) }
    }
}
