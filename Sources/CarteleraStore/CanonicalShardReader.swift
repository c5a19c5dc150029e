import CarteleraModel
import Foundation

/// Reads shard files written by this build's `ShardCodec` straight from their bytes, without `JSONDecoder`.
///
/// The store writes every shard in one canonical form (sorted keys, no whitespace, absent optionals left out), so
/// reading it back needs no general parser: each key is checked where it must be and each value read in place.
/// Any byte that differs from the canonical form (an older schema, a hand edit, damage) gives nil, and `ShardCodec`
/// reads the file with `JSONDecoder`, which decodes it or explains what is wrong. What this reads is exactly what
/// `JSONDecoder` reads from the same bytes: `CanonicalShardReaderTests` and the store-shard fuzzer hold it to that.
enum CanonicalShardReader {
    /// The content of a canonical shard file for `key`; nil when the bytes are not in the canonical form of the current schema.
    static func content(_ data: Data, for key: ShardKey) -> ShardContent? {
        data.withUnsafeBytes { raw -> ShardContent? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var reader = CanonicalJSONReader(base, count: raw.count)
            do {
                return try content(&reader, for: key)
            } catch {
                return nil
            }
        }
    }

    private static func content(_ reader: inout CanonicalJSONReader, for key: ShardKey) throws(CanonicalRefusal) -> ShardContent {
        switch key {
        case .programmes(let day, let channel):
            try reader.expect(#"{"channel":"#)
            try reader.expectString(channel.rawValue)
            try reader.expect(#","day":"#)
            try reader.expectString(day.description)
            try reader.expect(#","items":"#)
            let programmes = try ProgrammeShardReader.items(&reader)
            try trailer(&reader, for: key)
            return .programmes(programmes)
        case .channels:
            try reader.expect(#"{"items":"#)
            let channels = try reader.list(channel)
            try trailer(&reader, for: key)
            return .channels(channels)
        case .venues(let city):
            try reader.expect(#"{"city":"#)
            try reader.expectString(city)
            try reader.expect(#","items":"#)
            let venues = try reader.list(venue)
            try trailer(&reader, for: key)
            return .venues(venues)
        case .audiences(let day):
            try dayHeader(&reader, day)
            let audiences = try audienceDay(&reader)
            try trailer(&reader, for: key)
            return .audiences(audiences)
        case .news(let day):
            try dayHeader(&reader, day)
            let items = try reader.list(newsItem)
            try trailer(&reader, for: key)
            return .news(items)
        case .nights(let day):
            try dayHeader(&reader, day)
            let evening = try nightsDay(&reader)
            try trailer(&reader, for: key)
            return .nights(evening)
        case .promotions:
            try reader.expect(#"{"items":"#)
            let promotions = try reader.list(promotion)
            try trailer(&reader, for: key)
            return .promotions(promotions)
        }
    }

    /// `{"day":…,"items":` for a shard keyed by day alone.
    private static func dayHeader(_ reader: inout CanonicalJSONReader, _ day: Day) throws(CanonicalRefusal) {
        try reader.expect(#"{"day":"#)
        try reader.expectString(day.description)
        try reader.expect(#","items":"#)
    }

    /// `,"kind":…,"schemaVersion":…}` for the key's kind and the current schema, and the final newline.
    static func trailer(_ reader: inout CanonicalJSONReader, for key: ShardKey) throws(CanonicalRefusal) {
        try reader.expect(#","kind":"#)
        try reader.expectString(key.kind)
        try reader.expect(#","schemaVersion":"#)
        guard try reader.int() == Manifest.currentSchemaVersion else { throw CanonicalRefusal() }
        try reader.expect("}")
        _ = reader.take(byte: UInt8(ascii: "\n"))
        guard reader.atEnd else { throw CanonicalRefusal() }
    }

    /// A venue, its keys in sorted order from `address` to `website`.
    private static func venue(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> Venue {
        try reader.expect("{")
        let address = try reader.string(ifKey: #""address":"#)
        try reader.expect(address == nil ? #""city":"# : #","city":"#)
        let city = try reader.string()
        let country = try reader.string(ifKey: #","country":"#)
        let externalID = try reader.string(ifKey: #","externalID":"#)
        var freeEntry: Bool?
        if reader.take(#","freeEntry":"#) { freeEntry = try reader.bool() }
        try reader.expect(#","id":"#)
        let id = VenueID(rawValue: try reader.string())
        try reader.expect(#","images":"#)
        let images = try reader.strings()
        try reader.expect(#","keywords":"#)
        let keywords = try reader.strings()
        var location: GeoPoint?
        if reader.take(#","location":{"latitude":"#) {
            let latitude = try reader.double()
            try reader.expect(#","longitude":"#)
            let longitude = try reader.double()
            try reader.expect("}")
            // Off the globe: JSONDecoder refuses it, with its message.
            guard let point = GeoPoint(latitude: latitude, longitude: longitude) else { throw CanonicalRefusal() }
            location = point
        }
        try reader.expect(#","musicGenres":"#)
        let musicGenres = try reader.list { reader throws(CanonicalRefusal) in try reader.name(in: StoredNames.musicGenres) }
        try reader.expect(#","musicLabels":"#)
        let musicLabels = try reader.strings()
        try reader.expect(#","name":"#)
        let name = try reader.string()
        let notSeenSince = try reader.timestamp(ifKey: #","notSeenSince":"#)
        try reader.expect(#","openingHours":"#)
        let openingHours = try reader.strings()
        let phone = try reader.string(ifKey: #","phone":"#)
        let priceRange = try reader.string(ifKey: #","priceRange":"#)
        try reader.expect(#","provenance":"#)
        let provenance = try reader.list(ProgrammeShardReader.provenance)
        let rating = try reader.double(ifKey: #","rating":"#)
        let ratingCount = try reader.int(ifKey: #","ratingCount":"#)
        let region = try reader.string(ifKey: #","region":"#)
        let website = try reader.string(ifKey: #","website":"#)
        try reader.expect("}")
        var venue = Venue(
            id: id, name: name, address: address, city: city, location: location, musicGenres: musicGenres, musicLabels: musicLabels, keywords: keywords,
            priceRange: priceRange, freeEntry: freeEntry, rating: rating, ratingCount: ratingCount, openingHours: openingHours, images: images,
            website: website, phone: phone, provenance: provenance, notSeenSince: notSeenSince, externalID: externalID)
        venue.country = country
        venue.region = region
        return venue
    }

    /// A channel: `id`, `language`, `logo`, `name`, `sources`, `website`.
    private static func channel(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> Channel {
        try reader.expect(#"{"id":"#)
        let id = ChannelID(rawValue: try reader.string())
        let language = try reader.string(ifKey: #","language":"#)
        let logo = try reader.string(ifKey: #","logo":"#)
        try reader.expect(#","name":"#)
        let name = try reader.string()
        try reader.expect(#","sources":"#)
        let sources = try reader.strings().map(SourceID.init(rawValue:))
        let website = try reader.string(ifKey: #","website":"#)
        try reader.expect("}")
        return Channel(id: id, name: name, logo: logo, website: website, language: language, sources: sources)
    }
}
