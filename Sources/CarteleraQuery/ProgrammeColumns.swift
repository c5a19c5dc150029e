import CarteleraCore
import CarteleraModel
import CarteleraStore

/// What the programme index keeps of one programme.
struct ProgrammeEntry: Sendable {
    var channel: String
    var start: Int64
    var stop: Int64?
    var title: String
    var type: ProgrammeType?
    var genres: [Genre]
    var year: Int?
    /// Tenths of the 0–10 score.
    var score: Int?
    var externalID: String?

    /// The entry of a stored programme.
    init(_ programme: Programme) {
        channel = programme.channel.rawValue
        start = programme.start.secondsSince1970
        stop = programme.stop?.secondsSince1970
        title = programme.title
        type = programme.type
        genres = programme.genres
        year = programme.year
        score = programme.score.flatMap { Checked.rounded($0 * 10) }.map { min(max($0, 0), 100) }
        externalID = programme.externalID
    }
}

/// The programme index as plain arrays while it is built: records in (start, id) order, channels and titles numbered.
///
/// An update keeps the previous index's records of the shards a commit did not touch, copied column by column
/// (no string is rebuilt for them), and merges in the records of the changed shards: a commit touching one
/// channel of a million-programme store costs a pass over the columns, not a rebuild.
struct ProgrammeColumns {
    var channels: [String] = []
    var titles: [String] = []
    /// `titles` folded, carried from the previous index so a commit folds only titles it brings.
    var foldedTitles: [String] = []
    var channel: [UInt32] = []
    var title: [UInt32] = []
    var start: [Int64] = []
    var stop: [Int64] = []
    var type: [UInt8] = []
    var genres: [Int64] = []
    var year: [UInt32] = []
    var score: [UInt8] = []
    /// External ids: UTF-8 bytes with offsets, so kept records copy bytes rather than strings.
    var externalOffsets: [UInt32] = [0]
    var externalBytes: [UInt8] = []

    static let genreBit = Dictionary(uniqueKeysWithValues: Genre.allCases.enumerated().map { ($1, Int64(1) << Int64($0)) })
    static let typeCode = Dictionary(uniqueKeysWithValues: ProgrammeType.allCases.enumerated().map { ($1, UInt8($0 + 1)) })

    var count: Int { start.count }

    /// No records.
    init() {}

    /// Columns of entries, sorted; `folds` gives titles already folded (the previous index's), so only new ones are folded here.
    init(_ entries: [ProgrammeEntry], folds: [String: String] = [:]) {
        channels = Array(Set(entries.map(\.channel))).sorted()
        titles = Array(Set(entries.map(\.title))).sorted()
        foldedTitles = titles.map { folds[$0] ?? TextFolding.fold($0) }
        let channelNumber = Self.numbers(channels)
        let titleNumber = Self.numbers(titles)
        let sorted = entries.sorted { ($0.start, $0.channel) < ($1.start, $1.channel) }
        reserve(sorted.count)
        for entry in sorted {
            channel.append(channelNumber[entry.channel] ?? 0)
            title.append(titleNumber[entry.title] ?? 0)
            start.append(entry.start)
            stop.append(entry.stop ?? Int64.min)
            type.append(entry.type.flatMap { Self.typeCode[$0] } ?? 0)
            genres.append(entry.genres.reduce(0) { $0 | (Self.genreBit[$1] ?? 0) })
            year.append(UInt32(clamping: entry.year ?? 0))
            score.append(UInt8(clamping: entry.score ?? 255))
            externalBytes += (entry.externalID ?? "").utf8
            externalOffsets.append(UInt32(clamping: externalBytes.count))
        }
    }

    /// The previous index's records except those whose (channel, UTC day) shard `dropping` names.
    init(_ index: ProgrammeIndex, dropping covered: Set<ShardKey>) {
        channels = index.channels
        titles = index.titles.all
        foldedTitles = index.foldedTitles.all
        // Type codes and genre bits are renumbered by name, in case this build orders them differently.
        let typeMap: [UInt8] = index.typeOfCode.map { type in type.flatMap { Self.typeCode[$0] } ?? 0 }
        let bitMap: [Int64] = index.genreOfBit.map { genre in genre.flatMap { Self.genreBit[$0] } ?? 0 }
        let coveredByChannel = Dictionary(grouping: covered.compactMap { key -> (String, Int)? in
            if case .programmes(let day, let channel) = key { (channel.rawValue, day.daysSince1970) } else { nil }
        }, by: \.0).mapValues { Set($0.map(\.1)) }
        let droppedDays: [Set<Int>?] = channels.map { coveredByChannel[$0] }
        reserve(index.count)
        let external = index.externalID
        for record in 0..<index.count {
            let channelNumber = index.channel[record]
            let begin = index.start[record]
            if let days = droppedDays[Int(channelNumber)], days.contains(Int(Self.floorDays(begin))) { continue }
            channel.append(channelNumber)
            title.append(index.title[record])
            start.append(begin)
            stop.append(index.stop[record])
            type.append(typeMap[Int(index.type[record])])
            var bits: Int64 = 0
            let old = UInt64(bitPattern: index.genreBits[record])
            if old != 0 { for bit in 0..<bitMap.count where old & (1 << UInt64(bit)) != 0 { bits |= bitMap[bit] } }
            genres.append(bits)
            year.append(index.year[record])
            score.append(index.score[record])
            external.withBytes(record) { externalBytes += $0 }
            externalOffsets.append(UInt32(clamping: externalBytes.count))
        }
    }

    /// These records and `other`'s, in (start, id) order, channels and titles renumbered over both.
    func merged(with other: ProgrammeColumns) -> ProgrammeColumns {
        var result = ProgrammeColumns()
        result.channels = Array(Set(channels).union(other.channels)).sorted()
        result.titles = Array(Set(titles).union(other.titles)).sorted()
        var folded = Dictionary(zip(titles, foldedTitles), uniquingKeysWith: { first, _ in first })
        for (title, fold) in zip(other.titles, other.foldedTitles) where folded[title] == nil { folded[title] = fold }
        result.foldedTitles = result.titles.map { folded[$0] ?? TextFolding.fold($0) }
        let channelNumber = Self.numbers(result.channels)
        let titleNumber = Self.numbers(result.titles)
        let mine = (channels.map { channelNumber[$0] ?? 0 }, titles.map { titleNumber[$0] ?? 0 })
        let theirs = (other.channels.map { channelNumber[$0] ?? 0 }, other.titles.map { titleNumber[$0] ?? 0 })
        result.reserve(count + other.count)
        var left = 0, right = 0
        while left < count || right < other.count {
            // Channel numbers keep channel-id order, so (start, channel number) is (start, id).
            let takeLeft: Bool
            if left == count { takeLeft = false } else if right == other.count { takeLeft = true } else {
                takeLeft = (start[left], mine.0[Int(channel[left])]) <= (other.start[right], theirs.0[Int(other.channel[right])])
            }
            if takeLeft {
                result.append(self, left, channel: mine.0[Int(channel[left])], title: mine.1[Int(title[left])])
                left += 1
            } else {
                result.append(other, right, channel: theirs.0[Int(other.channel[right])], title: theirs.1[Int(other.title[right])])
                right += 1
            }
        }
        return result.droppingUnusedTitles()
    }

    /// The index file's bytes at `generation`; `channelNames` gives display names by channel id.
    func bytes(channelNames: [String: String], generation: Int) -> [UInt8] {
        var writer = IndexFileWriter()
        writer.add("channels", strings: channels)
        writer.add("channelNames", strings: channels.map { channelNames[$0] ?? $0 })
        writer.add("titles", strings: titles)
        writer.add("foldedTitles", strings: foldedTitles)
        writer.add("genreNames", strings: Genre.allCases.map(\.rawValue))
        writer.add("typeNames", strings: ProgrammeType.allCases.map(\.rawValue))
        writer.add("channel", uint32s: channel)
        writer.add("title", uint32s: title)
        writer.add("start", int64s: start)
        writer.add("stop", int64s: stop)
        writer.add("type", uint8s: type)
        writer.add("genres", int64s: genres)
        writer.add("year", uint32s: year)
        writer.add("score", uint8s: score)
        writer.add("externalID", rawStrings: externalOffsets, bytes: externalBytes)
        let (channelOffsets, byChannel) = Self.grouped(channel, groups: channels.count)
        // Each channel's starts and ends in its own order, so a channel's window is searched in a few cache lines.
        // A programme without a stop lasts until the next start on its channel (`ProgrammeIndex.end`), so those count
        // too; the channel's last one, without either, only at its start (`ProgrammeIndex.effectiveStop`).
        var longest: Int64 = 0
        var channelStart: [Int64] = [], channelEnd: [Int64] = []
        channelStart.reserveCapacity(count)
        channelEnd.reserveCapacity(count)
        for number in 0..<channels.count {
            let records = byChannel[Int(channelOffsets[number])..<Int(channelOffsets[number + 1])]
            for (position, record) in zip(records.indices, records) {
                let record = Int(record)
                let end = stop[record] != Int64.min ? stop[record] : position + 1 < records.endIndex ? start[Int(records[position + 1])] : nil
                channelStart.append(start[record])
                channelEnd.append(end ?? start[record].addingReportingOverflow(1).partialValue)
                guard let end else { continue }
                let (duration, overflow) = end.subtractingReportingOverflow(start[record])
                if !overflow { longest = max(longest, duration) }
            }
        }
        writer.add("longest", int64s: [longest])
        writer.add("channelOffsets", uint32s: channelOffsets)
        writer.add("byChannel", uint32s: byChannel)
        writer.add("channelStart", int64s: channelStart)
        writer.add("channelEnd", int64s: channelEnd)
        // Records by type code and by genre bit, each group in record order: a query for a type or a genre of a window
        // tests the records of its group in the window, not every record of the window.
        let (typeOffsets, byType) = Self.grouped(type.map(UInt32.init), groups: ProgrammeType.allCases.count + 1)
        writer.add("typeOffsets", uint32s: typeOffsets)
        writer.add("byType", uint32s: byType)
        let (genreOffsets, byGenre) = Self.groupedByBit(genres, bits: Genre.allCases.count)
        writer.add("genreOffsets", uint32s: genreOffsets)
        writer.add("byGenre", uint32s: byGenre)
        let (titleOffsets, titlePostings) = Self.grouped(title, groups: titles.count)
        writer.add("titleOffsets", uint32s: titleOffsets)
        writer.add("titlePostings", uint32s: titlePostings)
        var titlesOfWord: [String: [UInt32]] = [:]
        for (number, folded) in foldedTitles.enumerated() {
            for word in Set(TextFolding.words(folded: folded)) { titlesOfWord[word, default: []].append(UInt32(number)) }
        }
        let words = titlesOfWord.keys.sorted()
        var wordOffsets: [UInt32] = [0]
        var wordTitles: [UInt32] = []
        for word in words {
            wordTitles += titlesOfWord[word] ?? []
            wordOffsets.append(UInt32(wordTitles.count))
        }
        writer.add("words", strings: words)
        writer.add("wordOffsets", uint32s: wordOffsets)
        writer.add("wordTitles", uint32s: wordTitles)
        return writer.bytes(kind: .programmes, generation: generation)
    }

    private mutating func reserve(_ count: Int) {
        channel.reserveCapacity(count)
        title.reserveCapacity(count)
        start.reserveCapacity(count)
        stop.reserveCapacity(count)
        type.reserveCapacity(count)
        genres.reserveCapacity(count)
        year.reserveCapacity(count)
        score.reserveCapacity(count)
        externalOffsets.reserveCapacity(count + 1)
    }

    private mutating func append(_ source: ProgrammeColumns, _ record: Int, channel number: UInt32, title titleNumber: UInt32) {
        channel.append(number)
        title.append(titleNumber)
        start.append(source.start[record])
        stop.append(source.stop[record])
        type.append(source.type[record])
        genres.append(source.genres[record])
        year.append(source.year[record])
        score.append(source.score[record])
        externalBytes += source.externalBytes[Int(source.externalOffsets[record])..<Int(source.externalOffsets[record + 1])]
        externalOffsets.append(UInt32(clamping: externalBytes.count))
    }

    /// The columns with titles no record uses any more left out of the table (their records renumbered).
    private func droppingUnusedTitles() -> ProgrammeColumns {
        var used = [Bool](repeating: false, count: titles.count)
        for number in title { used[Int(number)] = true }
        guard used.contains(false) else { return self }
        var result = self
        var renumber = [UInt32](repeating: 0, count: titles.count)
        result.titles = []
        result.foldedTitles = []
        for (number, text) in titles.enumerated() where used[number] {
            renumber[number] = UInt32(result.titles.count)
            result.titles.append(text)
            result.foldedTitles.append(foldedTitles[number])
        }
        result.title = title.map { renumber[Int($0)] }
        return result
    }

    /// Record numbers grouped by each bit set in their bit set (a record in as many groups as it has bits), each group in
    /// record order, with each group's start.
    private static func groupedByBit(_ sets: [Int64], bits: Int) -> (offsets: [UInt32], members: [UInt32]) {
        var offsets = [UInt32](repeating: 0, count: bits + 1)
        for set in sets where set != 0 {
            for bit in 0..<bits where set & (1 << Int64(bit)) != 0 { offsets[bit + 1] += 1 }
        }
        for bit in 0..<bits { offsets[bit + 1] += offsets[bit] }
        var next = offsets
        var members = [UInt32](repeating: 0, count: Int(offsets[bits]))
        for (record, set) in sets.enumerated() where set != 0 {
            for bit in 0..<bits where set & (1 << Int64(bit)) != 0 {
                members[Int(next[bit])] = UInt32(record)
                next[bit] += 1
            }
        }
        return (offsets, members)
    }

    private static func numbers(_ values: [String]) -> [String: UInt32] {
        Dictionary(uniqueKeysWithValues: values.enumerated().map { ($1, UInt32($0)) })
    }

    /// Days since 1970 of an instant (the UTC day of a start).
    private static func floorDays(_ seconds: Int64) -> Int64 {
        let quotient = seconds / 86_400
        return seconds % 86_400 < 0 ? quotient - 1 : quotient
    }

    /// Record numbers grouped by their key (a counting sort, stable: each group keeps record order), with each group's start.
    private static func grouped(_ keys: [UInt32], groups: Int) -> (offsets: [UInt32], members: [UInt32]) {
        var offsets = [UInt32](repeating: 0, count: groups + 1)
        for key in keys { offsets[Int(key) + 1] += 1 }
        for group in 0..<groups { offsets[group + 1] += offsets[group] }
        var next = offsets
        var members = [UInt32](repeating: 0, count: keys.count)
        for (record, key) in keys.enumerated() {
            members[Int(next[Int(key)])] = UInt32(record)
            next[Int(key)] += 1
        }
        return (offsets, members)
    }
}
