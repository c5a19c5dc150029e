import CarteleraCore
import CarteleraModel
import Foundation

/// Audience entries and channel shares as columns: day, channel and figures to filter and sort on, folded titles
/// for text, and each item's JSON to show the page.
///
/// Entries: `entryDay` (day number) `entryStart` `entryViewers` (`Int64.min` unknown) i64 · `entryShare`
/// double (NaN unknown) · `entryChannel` `entryTitle` (folded) `entryJSON` strings. Shares: `shareDay` i64 ·
/// `shareValue` double · `shareChannel` `shareJSON` strings.
final class AudienceIndex: Sendable {
    let file: IndexFile
    let entryDay: NumberColumn<Int64>
    let entryStart: NumberColumn<Int64>
    let entryViewers: NumberColumn<Int64>
    let entryShare: DoubleColumn
    let entryChannel: StringColumn
    let entryTitle: StringColumn
    let entryJSON: StringColumn
    let shareDay: NumberColumn<Int64>
    let shareValue: DoubleColumn
    let shareChannel: StringColumn
    let shareJSON: StringColumn

    /// Reads the columns and checks that they agree in length.
    init(file: IndexFile) throws(IndexError) {
        self.file = file
        entryDay = try file.column("entryDay", Int64.self)
        entryStart = try file.column("entryStart", Int64.self)
        entryViewers = try file.column("entryViewers", Int64.self)
        entryShare = try file.doubles("entryShare")
        entryChannel = try file.strings("entryChannel")
        entryTitle = try file.strings("entryTitle")
        entryJSON = try file.strings("entryJSON")
        shareDay = try file.column("shareDay", Int64.self)
        shareValue = try file.doubles("shareValue")
        shareChannel = try file.strings("shareChannel")
        shareJSON = try file.strings("shareJSON")
        let entries = entryDay.count, shares = shareDay.count
        guard [entryStart.count, entryViewers.count, entryShare.count, entryChannel.count, entryTitle.count, entryJSON.count].allSatisfy({ $0 == entries }),
              [shareValue.count, shareChannel.count, shareJSON.count].allSatisfy({ $0 == shares }) else {
            throw IndexError(kind: .corrupt, file: nil, detail: "its audience columns disagree in length")
        }
    }
}

/// Builds an audience index's bytes from the stored audience days.
enum AudienceIndexBuilder {
    static func bytes(_ days: [AudienceDay], generation: Int) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json(_ value: some Encodable) -> String { (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}" }
        let entries = days.flatMap(\.entries).sorted { ($0.day, $0.start, $0.id) < ($1.day, $1.start, $1.id) }
        let shares = days.flatMap(\.shares).sorted { ($0.day, $0.channel, $0.id) < ($1.day, $1.channel, $1.id) }
        var writer = IndexFileWriter()
        writer.add("entryDay", int64s: entries.map { Int64($0.day.daysSince1970) })
        writer.add("entryStart", int64s: entries.map(\.start.secondsSince1970))
        writer.add("entryViewers", int64s: entries.map { $0.viewers.map(Int64.init) ?? Int64.min })
        writer.add("entryShare", doubles: entries.map { $0.share ?? .nan })
        writer.add("entryChannel", strings: entries.map(\.channel.rawValue))
        writer.add("entryTitle", strings: entries.map { TextFolding.fold($0.title) })
        writer.add("entryJSON", strings: entries.map(json))
        writer.add("shareDay", int64s: shares.map { Int64($0.day.daysSince1970) })
        writer.add("shareValue", doubles: shares.map(\.share))
        writer.add("shareChannel", strings: shares.map(\.channel.rawValue))
        writer.add("shareJSON", strings: shares.map(json))
        return writer.bytes(kind: .audiences, generation: generation)
    }
}
