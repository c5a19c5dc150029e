import CarteleraModel
import Foundation

/// Encodes and decodes shard files: `{"schemaVersion":2,"kind":…,"day":…,"channel":…,"city":…,"items":…}`.
///
/// Keys are sorted and items put in a fixed order, so the same content always gives the same bytes and
/// an unchanged shard can be recognised by comparing bytes. Files of schema version 1 are read through
/// `ShardMigration` and written as version 2 the next time their content changes.
enum ShardCodec {
    /// The file's envelope; `day`, `channel` and `city` are present only for shards keyed by them.
    private struct Envelope<Items: Codable>: Codable {
        var schemaVersion: Int
        var kind: String
        var day: Day?
        var channel: ChannelID?
        var city: String?
        var items: Items
    }

    /// The header alone, read to choose a migration and to explain why a file failed to decode.
    private struct Header: Decodable {
        var schemaVersion: Int?
        var kind: String?
    }

    /// The shard file's bytes for `content`, in its canonical order.
    static func encode(_ content: ShardContent, for key: ShardKey) throws(StoreError) -> Data {
        let channel: ChannelID? = if case .programmes(_, let channel) = key { channel } else { nil }
        let city: String? = if case .venues(let city) = key { city } else { nil }
        func envelope<Items: Codable>(_ items: Items) throws -> Data {
            try JSONCoding.encode(Envelope(
                schemaVersion: Manifest.currentSchemaVersion, kind: key.kind, day: key.day, channel: channel, city: city, items: items
            ))
        }
        do {
            switch content.sorted() {
            case .channels(let channels): return try envelope(channels)
            case .programmes(let programmes):
                guard case .programmes(let day, let channel) = key else { return try envelope(programmes) }
                return ProgrammeShardWriter.bytes(programmes, day: day, channel: channel, schemaVersion: Manifest.currentSchemaVersion)
            case .audiences(let day): return try envelope(day)
            case .news(let items): return try envelope(items)
            case .venues(let venues): return try envelope(venues)
            case .nights(let evening): return try envelope(evening)
            case .promotions(let promotions): return try envelope(promotions)
            }
        } catch {
            throw StoreError(kind: .invalidContent, file: key.relativePath, detail: "cannot encode: \(error)")
        }
    }

    /// The content of a shard file, checked against the key it was read for.
    ///
    /// A file in this build's canonical form is read by `CanonicalShardReader`; any other goes to `JSONDecoder`,
    /// which reads older schemas and hand edits, and explains a damaged file.
    static func decode(_ data: Data, for key: ShardKey) throws(StoreError) -> ShardContent {
        if let content = CanonicalShardReader.content(data, for: key) { return content }
        return try decodeWithFoundation(data, for: key)
    }

    /// The content of a shard file read by `JSONDecoder` alone (after migrating an older schema), checked against the key.
    static func decodeWithFoundation(_ data: Data, for key: ShardKey) throws(StoreError) -> ShardContent {
        let data = try ShardMigration.current(data, for: key)
        switch key {
        case .channels: return .channels(try decode(data, as: [Channel].self, for: key))
        case .programmes: return .programmes(try decode(data, as: [Programme].self, for: key))
        case .audiences: return .audiences(try decode(data, as: AudienceDay.self, for: key))
        case .news: return .news(try decode(data, as: [NewsItem].self, for: key))
        case .venues: return .venues(try decode(data, as: [Venue].self, for: key))
        case .nights: return .nights(try decode(data, as: NightsDay.self, for: key))
        case .promotions: return .promotions(try decode(data, as: [Promotion].self, for: key))
        }
    }

    /// The schema version a file's header states; nil when it has no readable header.
    static func schemaVersion(of data: Data) -> Int? {
        (try? JSONDecoder().decode(Header.self, from: data))?.schemaVersion
    }

    private static func decode<Items: Codable>(_ data: Data, as type: Items.Type, for key: ShardKey) throws(StoreError) -> Items {
        let envelope: Envelope<Items>
        do {
            envelope = try JSONDecoder().decode(Envelope<Items>.self, from: data)
        } catch {
            throw corrupt(key, explaining: error, in: data)
        }
        let problem: String? =
            if envelope.schemaVersion != Manifest.currentSchemaVersion {
                "schemaVersion \(envelope.schemaVersion), this build reads \(Manifest.readableSchemaVersions)"
            } else if envelope.kind != key.kind {
                "holds \(envelope.kind), expected \(key.kind)"
            } else if envelope.day != key.day {
                "holds day \(envelope.day.map(String.init(describing:)) ?? "none"), expected \(key.day.map(String.init(describing:)) ?? "none")"
            } else if case .programmes(_, let channel) = key, envelope.channel != channel {
                "holds channel \(envelope.channel?.rawValue ?? "none"), expected \(channel)"
            } else if case .venues(let city) = key, envelope.city != city {
                "holds city \(envelope.city ?? "none"), expected \(city)"
            } else {
                nil
            }
        if let problem {
            throw StoreError(kind: .corrupt, file: key.relativePath, detail: problem)
        }
        return envelope.items
    }

    /// A corrupt-file error that says the most useful thing: a wrong schema or kind before a decoding detail.
    private static func corrupt(_ key: ShardKey, explaining error: any Error, in data: Data) -> StoreError {
        if let header = try? JSONDecoder().decode(Header.self, from: data) {
            if let version = header.schemaVersion, !Manifest.readableSchemaVersions.contains(version) {
                return StoreError(kind: .corrupt, file: key.relativePath, detail: "schemaVersion \(version), this build reads \(Manifest.readableSchemaVersions)")
            }
            if let kind = header.kind, kind != key.kind {
                return StoreError(kind: .corrupt, file: key.relativePath, detail: "holds \(kind), expected \(key.kind)")
            }
        }
        return StoreError(kind: .corrupt, file: key.relativePath, detail: JSONCoding.explain(error, in: data))
    }
}
