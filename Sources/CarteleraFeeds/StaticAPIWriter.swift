import CarteleraModel
import CarteleraOutput
import CarteleraQuery
import CarteleraStore
import Foundation

/// The static JSON API under `<output>/api/`: files an app can fetch without a server of ours, each with a
/// `schema_version`. Files that do not depend on the build's moment keep their bytes while the store's content
/// does, so they are not rewritten; `now.json` and `tonight.json` name the instant they were answered at.
///
/// ```
/// api/channels.json                      every channel, with the local days it has a schedule for
/// api/schedule/<channel>/<YYYY-MM-DD>.json  a channel's programmes starting on a local day, in the guide's zone
/// api/now.json                           each channel's programme on the air and the next, at the build's moment
/// api/audiences/<YYYY-MM-DD>.json        a day's audience ranking and channel shares
/// api/venues/<city>.json                 a city's venues
/// api/tonight.json                       tonight's nights with their guest list status, promoted ones marked
/// api/promotions.json                    every stored promotion, with its paid flag and whether it is active at the build
/// ```
struct StaticAPIWriter {
    /// The version of every file's layout; it grows when a field changes meaning or goes away.
    static let schemaVersion = 1

    let store: any StoreSnapshot
    let engine: QueryEngine
    let context: QueryContext
    let folder: OutputFolder

    /// A channel's programmes starting on a local day, by start: compact JSON, each programme in the store's own
    /// encoding as `ScheduleItems` gathered it (these files are most of the API).
    func writeSchedule(channel: Channel, day: Day, items: ScheduleItems) throws(BuildError) {
        var out: [UInt8] = []
        out.reserveCapacity(items.byteCount + 200)
        out += Array(#"{"channel":"#.utf8)
        ProgrammeJSON.append(string: channel.id.rawValue, to: &out)
        out += Array(#","channel_name":"#.utf8)
        ProgrammeJSON.append(string: channel.name, to: &out)
        out += Array(#","day":"#.utf8)
        ProgrammeJSON.append(string: day.description, to: &out)
        out += Array(#","programmes":["#.utf8)
        items.appendByStart(to: &out)
        out += Array(#"],"schema_version":\#(Self.schemaVersion),"zone":"#.utf8)
        ProgrammeJSON.append(string: context.guideZone.identifier, to: &out)
        out += Array("}\n".utf8)
        try folder.write(out, to: Self.schedulePath(channel: channel.id, day: day))
    }

    /// `api/channels.json`: every channel with the local days it has a schedule file for (`scheduled`).
    func writeChannels(_ channels: [Channel], scheduled: [ChannelID: [Day]]) throws(BuildError) {
        let listed = channels.map { ChannelEntry(channel: $0.withWebLinksOnly(), days: (scheduled[$0.id] ?? []).sorted().map(\.description)) }
        try encode(ChannelsFile(schemaVersion: Self.schemaVersion, zone: context.guideZone.identifier, channels: listed), to: "api/channels.json")
    }

    /// `api/now.json`: each channel's programme on the air and the next, at the build's moment.
    func writeNow() throws(BuildError) {
        try encode(NowFile(schemaVersion: Self.schemaVersion, at: context.now, channels: engine.nowAndNext(at: context.now)), to: "api/now.json")
    }

    /// `api/audiences/<day>.json`, when the store has audiences for `day`.
    func writeAudiences(day: Day) throws(BuildError) {
        guard let audience = try read({ store throws(StoreError) in try store.audiences(day: day) }) else { return }
        try encode(AudienceFile(schemaVersion: Self.schemaVersion, day: day.description, entries: audience.entries.map { $0.withWebLinksOnly() },
                                shares: audience.shares.map { $0.withWebLinksOnly() }),
                   to: "api/audiences/\(day).json")
    }

    /// `api/venues/<city>.json`.
    func writeVenues(city: String) throws(BuildError) {
        let venues = try read { store throws(StoreError) in try store.venues(city: city) }
        try encode(VenuesFile(schemaVersion: Self.schemaVersion, city: city, venues: venues.map { $0.withWebLinksOnly() }), to: "api/venues/\(Self.fileName(city)).json")
    }

    /// `api/tonight.json`: tonight's nights as the engine answers them at the build's moment.
    func writeTonight() throws(BuildError) {
        var tonight = QueryParameters()
        tonight[.tonight] = ["true"]
        tonight[.limit] = [String(QueryParameters.maximumLimit)]
        let tonightQuery: Query
        do { tonightQuery = try tonight.query(kind: .nights, context: context) } catch {
            throw BuildError(file: folder.root + "/api/tonight.json", message: "tonight's query cannot be made: \(error.description)")
        }
        if case .nights(let page) = engine.answer(tonightQuery) {
            let rows = page.rows.map { row in
                var row = row
                row.night = row.night.withWebLinksOnly()
                row.guestList = row.guestList?.withWebLinksOnly()
                return row
            }
            try encode(TonightFile(schemaVersion: Self.schemaVersion, at: context.now, nights: rows), to: "api/tonight.json")
        }
    }

    /// `api/promotions.json`: every stored promotion, with whether it is active at the build's moment.
    func writePromotions() throws(BuildError) {
        let promotions = try read { store throws(StoreError) in try store.promotions() }
        try encode(PromotionsFile(schemaVersion: Self.schemaVersion, promotions: promotions.map {
            PromotionEntry(promotion: $0.withWebLinksOnly(), paid: $0.paid, active: $0.isActive(at: context.now))
        }), to: "api/promotions.json")
    }

    /// A channel's schedule file for a local day, relative to the output folder.
    static func schedulePath(channel: ChannelID, day: Day) -> String {
        "api/schedule/\(fileName(channel.rawValue))/\(day).json"
    }

    /// A channel id or city as a file name: anything but letters, digits, `.`, `-` and `_` becomes `-`.
    static func fileName(_ text: String) -> String {
        let name = String(text.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".-_".unicodeScalars.contains(scalar)) ? Character(scalar) : "-"
        })
        return name.hasPrefix(".") ? "-" + name.dropFirst() : name
    }

    private func encode(_ value: some Encodable, to relative: String) throws(BuildError) {
        let bytes: [UInt8]
        do { bytes = Array(try PublishedJSON.encoder.encode(value)) + [UInt8(ascii: "\n")] } catch {
            throw BuildError(file: folder.root + "/" + relative, message: "cannot be encoded: \(error)")
        }
        try folder.write(bytes, to: relative)
    }

    private func read<T>(_ body: (any StoreSnapshot) throws(StoreError) -> T) throws(BuildError) -> T {
        try store.reading(body)
    }

    struct ChannelEntry: Encodable {
        var channel: Channel
        var days: [String]
    }

    struct ChannelsFile: Encodable {
        var schemaVersion: Int
        var zone: String
        var channels: [ChannelEntry]
        enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", zone, channels }
    }

    struct NowFile: Encodable {
        var schemaVersion: Int
        var at: Timestamp
        var channels: [NowAndNext]
        enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", at, channels }
    }

    struct AudienceFile: Encodable {
        var schemaVersion: Int
        var day: String
        var entries: [AudienceEntry]
        var shares: [ChannelShare]
        enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", day, entries, shares }
    }

    struct VenuesFile: Encodable {
        var schemaVersion: Int
        var city: String
        var venues: [Venue]
        enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", city, venues }
    }

    struct TonightFile: Encodable {
        var schemaVersion: Int
        var at: Timestamp
        var nights: [NightRow]
        enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", at, nights }
    }

    struct PromotionEntry: Encodable {
        var promotion: Promotion
        var paid: Bool
        var active: Bool
    }

    struct PromotionsFile: Encodable {
        var schemaVersion: Int
        var promotions: [PromotionEntry]
        enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", promotions }
    }
}
