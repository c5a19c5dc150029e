import CarteleraCore
import CarteleraModel
import CarteleraStore
import Synchronization

/// The programmes of a store as columns, in (start, id) order, with the lookups queries need: by channel, by
/// title, by title word. Read from a mapped `IndexFile`; nothing is decoded up front but the small tables.
///
/// Columns (record i is the i-th programme by start, then id):
/// `channel` `title` u32 · `start` `stop` i64 (stop `Int64.min` when unknown) · `type` u8 (0 none) ·
/// `genres` i64 bit set over `genreNames` · `year` u32 (0 none) · `score` u8 (tenths, 255 none) ·
/// `externalID` strings. Tables: `channels`, `titles`, `foldedTitles`, `words`, `genreNames`, `typeNames`.
/// Lookups (CSR: offsets, then entries): `byChannel`/`channelOffsets` (records by channel, then start),
/// `titleOffsets`/`titlePostings` (records of each title, by start), `wordOffsets`/`wordTitles` (titles of each word);
/// beside `byChannel`, in its order, `channelStart` and `channelEnd` (each record's start and `effectiveStop`);
/// `typeOffsets`/`byType` (records of each type code, in record order), `genreOffsets`/`byGenre` (records of each genre bit).
final class ProgrammeIndex: Sendable {
    let file: IndexFile
    let count: Int
    let channels: [String]
    let titles: StringColumn
    let foldedTitles: StringColumn
    let words: StringColumn
    let channel: NumberColumn<UInt32>
    let title: NumberColumn<UInt32>
    let start: NumberColumn<Int64>
    let stop: NumberColumn<Int64>
    let type: NumberColumn<UInt8>
    let genreBits: NumberColumn<Int64>
    let year: NumberColumn<UInt32>
    let score: NumberColumn<UInt8>
    let externalID: StringColumn
    let byChannel: NumberColumn<UInt32>
    let channelOffsets: NumberColumn<UInt32>
    /// The start of each record of `byChannel`, in its order: a channel's starts side by side.
    let channelStart: NumberColumn<Int64>
    /// The end a window search uses (`effectiveStop`) of each record of `byChannel`, in its order.
    let channelEnd: NumberColumn<Int64>
    let titleOffsets: NumberColumn<UInt32>
    let titlePostings: NumberColumn<UInt32>
    /// The records of each type code, in record order (`ProgrammeSearch.Candidates` checks a group's part before it uses it).
    let typeOffsets: NumberColumn<UInt32>
    let byType: NumberColumn<UInt32>
    /// The records of each genre bit, in record order (checked as `byType` is).
    let genreOffsets: NumberColumn<UInt32>
    let byGenre: NumberColumn<UInt32>
    let wordOffsets: NumberColumn<UInt32>
    let wordTitles: NumberColumn<UInt32>
    /// The longest programme, in seconds, a programme without a stop counted to the next start on its channel: a window
    /// search starts that far before the window.
    let longest: Int64
    /// Bit i of the file's genre sets → the genre it means in this build.
    let genreOfBit: [Genre?]
    /// Type code in the file → the type it means in this build.
    let typeOfCode: [ProgrammeType?]
    /// Genre → the bits of `genreOfBit` that mean it, so a query finds its genres' bits without testing every bit's genre.
    let bitsOfGenre: [Genre: Int64]
    /// Type → the codes of `typeOfCode` that mean it.
    let codesOfType: [ProgrammeType: [Int]]
    /// Channel index → the channel's name, from the channel list.
    let channelNames: [String]
    /// Channel id → its number in `channels`.
    let channelNumber: [String: UInt32]
    /// What an answer's rows write of each channel, genre, type and score, escaped once here rather than on every row.
    let rowParts: ProgrammeRowParts
    /// Folded title words → the titles folding to them, for airings; made on first use.
    private let titleKeys = Mutex<[String: [Int]]?>(nil)
    /// Whether each group of `byType` and `byGenre` rises strictly below the record count; checked on first use.
    private let risingGroups = Mutex<[Lookup: [Bool?]]>([:])
    /// Genre bit → its records grouped by type code; made on first use (`typedGroup(ofGenre:)`).
    private let typedGroups = Mutex<[Int: TypedGroup]>([:])

    /// Reads the columns of a programme index and checks every reference inside it, so a damaged file is refused whole.
    init(file: IndexFile) throws(IndexError) {
        self.file = file
        channels = try file.strings("channels").all
        channelNames = try file.strings("channelNames").all
        channelNumber = Dictionary(channels.enumerated().map { ($1, UInt32($0)) }, uniquingKeysWith: { first, _ in first })
        titles = try file.strings("titles")
        foldedTitles = try file.strings("foldedTitles")
        words = try file.strings("words")
        channel = try file.column("channel", UInt32.self)
        title = try file.column("title", UInt32.self)
        start = try file.column("start", Int64.self)
        stop = try file.column("stop", Int64.self)
        type = try file.column("type", UInt8.self)
        genreBits = try file.column("genres", Int64.self)
        year = try file.column("year", UInt32.self)
        score = try file.column("score", UInt8.self)
        externalID = try file.strings("externalID")
        byChannel = try file.column("byChannel", UInt32.self)
        channelOffsets = try file.column("channelOffsets", UInt32.self)
        channelStart = try file.column("channelStart", Int64.self)
        channelEnd = try file.column("channelEnd", Int64.self)
        titleOffsets = try file.column("titleOffsets", UInt32.self)
        titlePostings = try file.column("titlePostings", UInt32.self)
        typeOffsets = try file.column("typeOffsets", UInt32.self)
        byType = try file.column("byType", UInt32.self)
        genreOffsets = try file.column("genreOffsets", UInt32.self)
        byGenre = try file.column("byGenre", UInt32.self)
        wordOffsets = try file.column("wordOffsets", UInt32.self)
        wordTitles = try file.column("wordTitles", UInt32.self)
        longest = try file.column("longest", Int64.self)[0]
        genreOfBit = try file.strings("genreNames").all.map { Genre(rawValue: $0) }
        typeOfCode = [nil] + (try file.strings("typeNames").all.map { ProgrammeType(rawValue: $0) })
        var bitsOfGenre: [Genre: Int64] = [:], codesOfType: [ProgrammeType: [Int]] = [:]
        for (bit, genre) in genreOfBit.enumerated() { if let genre { bitsOfGenre[genre, default: 0] |= 1 << Int64(bit) } }
        for (code, type) in typeOfCode.enumerated() { if let type { codesOfType[type, default: []].append(code) } }
        self.bitsOfGenre = bitsOfGenre
        self.codesOfType = codesOfType
        count = start.count
        rowParts = ProgrammeRowParts(channels: channels, names: channelNames, genres: genreOfBit, types: typeOfCode)
        try check()
    }

    private func check() throws(IndexError) {
        func corrupt(_ detail: String) -> IndexError { IndexError(kind: .corrupt, file: nil, detail: detail) }
        let columns = [channel.count, title.count, stop.count, type.count, genreBits.count, year.count, score.count, externalID.count, byChannel.count,
                       channelStart.count, channelEnd.count]
        guard columns.allSatisfy({ $0 == count }), titles.count == foldedTitles.count, channelNames.count == channels.count,
              channelOffsets.count == channels.count + 1, titleOffsets.count == titles.count + 1, wordOffsets.count == words.count + 1,
              titlePostings.count == count, typeOffsets.count == typeOfCode.count + 1, genreOffsets.count == genreOfBit.count + 1,
              byType.count == count, longest >= 0 else {
            throw corrupt("its columns disagree in length")
        }
        // Whole columns at a time (vectorised), so a million records are checked in milliseconds when a process opens them.
        guard channel.allBelow(UInt32(clamping: channels.count)), title.allBelow(UInt32(clamping: titles.count)), byChannel.allBelow(UInt32(clamping: count)),
              type.allBelow(UInt8(clamping: typeOfCode.count)), titlePostings.allBelow(UInt32(clamping: count)) else {
            throw corrupt("a record points outside the index")
        }
        guard start.isNondecreasing else { throw corrupt("records are out of order") }
        guard wordTitles.allBelow(UInt32(clamping: titles.count)) else { throw corrupt("a word points outside the titles") }
        for offsets in [channelOffsets, titleOffsets, wordOffsets, typeOffsets, genreOffsets] {
            let total = offsets === wordOffsets ? wordTitles.count : offsets === genreOffsets ? byGenre.count : count
            var previous: UInt32 = 0
            for index in 0..<offsets.count {
                guard offsets[index] >= previous, Int(offsets[index]) <= total else { throw corrupt("lookup offsets out of order") }
                previous = offsets[index]
            }
            guard Int(previous) == total else { throw corrupt("lookup offsets do not cover the records") }
        }
    }

    /// The lookups of records by a property: each group's records in record order.
    enum Lookup: Hashable {
        case type, genre
    }

    /// The lookup's column of records.
    func lookup(_ lookup: Lookup) -> NumberColumn<UInt32> {
        lookup == .type ? byType : byGenre
    }

    /// The number of groups of a lookup: type codes, or genre bits.
    func groupCount(_ lookup: Lookup) -> Int {
        (lookup == .type ? typeOffsets : genreOffsets).count - 1
    }

    /// The positions in `lookup` of group `group`'s records that lie in `records`: binary searches in the group's part,
    /// safe to read whatever the part holds, right only once `groupRises` vouches for it.
    func positions(of group: Int, in lookup: Lookup, records: Range<Int>) -> Range<Int> {
        let column = self.lookup(lookup), offsets = lookup == .type ? typeOffsets : genreOffsets
        let from = Int(offsets[group]), to = Int(offsets[group + 1])
        func first(atLeast record: Int) -> Int {
            var low = from, high = to
            while low < high {
                let middle = (low + high) / 2
                if Int(column[middle]) < record { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let lower = first(atLeast: records.lowerBound)
        return lower..<max(lower, first(atLeast: records.upperBound))
    }

    /// Whether group `group`'s records rise strictly and stay below the record count (a damaged file's may not): checked
    /// once per group, on first use, so an index opens without reading its lookups.
    func groupRises(_ group: Int, in lookup: Lookup) -> Bool {
        risingGroups.withLock { known in
            if let rises = known[lookup]?[group] ?? nil { return rises }
            let column = self.lookup(lookup), offsets = lookup == .type ? typeOffsets : genreOffsets
            let from = Int(offsets[group]), to = Int(offsets[group + 1])
            let rises = column.isIncreasing(from..<to) && (from == to || Int(column[to - 1]) < count)
            known[lookup, default: Array(repeating: nil, count: groupCount(lookup))][group] = rises
            return rises
        }
    }

    /// One genre's records grouped by type code, each type's in record order: those of type code `code` are
    /// `records[offsets[code]..<offsets[code + 1]]`, and `years` holds each one's year at the same position.
    struct TypedGroup: Sendable {
        let offsets: [Int]
        let records: [UInt32]
        /// The year of each record of `records` (0 none), beside it: a year test reads these side by side rather than
        /// each record's year far apart in the index.
        let years: [UInt32]

        /// The records of type code `code` that lie in `slice` and their years: binary searches in that type's part.
        func part(ofType code: Int, in slice: Range<Int>) -> (records: ArraySlice<UInt32>, years: ArraySlice<UInt32>) {
            func first(atLeast record: Int) -> Int {
                var low = offsets[code], high = offsets[code + 1]
                while low < high {
                    let middle = (low + high) / 2
                    if Int(records[middle]) < record { low = middle + 1 } else { high = middle }
                }
                return low
            }
            let lower = first(atLeast: slice.lowerBound)
            let positions = lower..<max(lower, first(atLeast: slice.upperBound))
            return (records[positions], years[positions])
        }
    }

    /// The records of genre bit `bit` grouped by type code, with their years: a pass over its `byGenre` group the first
    /// time a query asks for the genre and some types, kept while the index lives, so such a query reads only records of
    /// both; nil when the group does not rise (`groupRises`).
    func typedGroup(ofGenre bit: Int) -> TypedGroup? {
        guard groupRises(bit, in: .genre) else { return nil }
        return typedGroups.withLock { made in
            if let group = made[bit] { return group }
            // A counting sort by type code, stable, so each type's records stay in record order.
            let from = Int(genreOffsets[bit]), to = Int(genreOffsets[bit + 1])
            var offsets = [Int](repeating: 0, count: typeOfCode.count + 1)
            for position in from..<to { offsets[Int(type[Int(byGenre[position])]) + 1] += 1 }
            for code in typeOfCode.indices { offsets[code + 1] += offsets[code] }
            var next = offsets
            var records = [UInt32](repeating: 0, count: to - from), years = [UInt32](repeating: 0, count: to - from)
            for position in from..<to {
                let record = byGenre[position], code = Int(type[Int(record)])
                records[next[code]] = record
                years[next[code]] = year[Int(record)]
                next[code] += 1
            }
            let group = TypedGroup(offsets: offsets, records: records, years: years)
            made[bit] = group
            return group
        }
    }

    /// The genres of record `index`.
    func genres(_ index: Int) -> [Genre] {
        let bits = UInt64(bitPattern: genreBits[index])
        guard bits != 0 else { return [] }
        return genreOfBit.indices.compactMap { bit in bits & (1 << UInt64(bit)) != 0 ? genreOfBit[bit] : nil }
    }

    /// The stop of record `index`, nil when unknown.
    func stopTime(_ index: Int) -> Int64? {
        let value = stop[index]
        return value == Int64.min ? nil : value
    }

    /// When record `index` ends for every reader (now and next, windows, minutes left, a page's end time): its stop; for a
    /// programme the source gave no stop, the next start on its channel; nil when neither is known.
    func end(_ index: Int) -> Int64? {
        let value = stop[index]
        if value != Int64.min { return value }
        return nextStart(onChannelOf: index)
    }

    /// The minutes record `index` has left at `now`, rounded up; nil when its end is not known.
    func minutesLeft(_ index: Int, at now: Timestamp) -> Int? {
        end(index).map { Int(max(0, ($0 - now.secondsSince1970 + 59) / 60)) }
    }

    /// The end a window search uses: `end(_:)`, or, when no end is known, the start and one second: such a programme is on
    /// the air only at its start.
    func effectiveStop(_ index: Int) -> Int64 {
        end(index) ?? start[index].addingReportingOverflow(1).partialValue
    }

    /// The first start after record `index`'s on its channel; nil for the channel's last programme.
    func nextStart(onChannelOf index: Int) -> Int64? {
        let number = Int(channel[index])
        let instant = start[index]
        var low = Int(channelOffsets[number]), high = Int(channelOffsets[number + 1])
        let end = high
        while low < high {
            let middle = (low + high) / 2
            if start[Int(byChannel[middle])] <= instant { low = middle + 1 } else { high = middle }
        }
        return low < end ? start[Int(byChannel[low])] : nil
    }

    /// The first record whose start is at or after `instant`.
    func firstStarting(atOrAfter instant: Int64) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if start[middle] < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The record of a programme id; nil when there is none.
    func record(_ id: ProgrammeID) -> Int? {
        guard let (channel, start) = id.parts, let number = channelNumber[channel.rawValue] else { return nil }
        var record = firstStarting(atOrAfter: start.secondsSince1970)
        while record < count, self.start[record] == start.secondsSince1970 {
            if self.channel[record] == number { return record }
            record += 1
        }
        return nil
    }

    /// The title numbers whose folded words, joined by spaces, are `key` (`TextFolding.words(title)` joined): worked out
    /// once per index, on first use.
    func titles(foldingTo key: String) -> [Int] {
        titleKeys.withLock { keys in
            if keys == nil {
                var grouped: [String: [Int]] = [:]
                for number in 0..<foldedTitles.count {
                    grouped[TextFolding.words(folded: foldedTitles[number]).joined(separator: " "), default: []].append(number)
                }
                keys = grouped
            }
            return keys?[key] ?? []
        }
    }

    /// The stable id of record `index`: `<channel>@<start>`.
    func id(_ index: Int) -> ProgrammeID {
        ProgrammeID(channel: ChannelID(channels[Int(channel[index])]), start: Timestamp(secondsSince1970: start[index]))
    }
}

extension NumberColumn {
    /// Whether two columns are views of the same bytes.
    static func === (lhs: NumberColumn, rhs: NumberColumn) -> Bool { lhs.base == rhs.base }
}
