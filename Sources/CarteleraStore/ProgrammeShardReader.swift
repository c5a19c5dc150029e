import CarteleraModel

/// Reads a programme back from exactly the bytes `ProgrammeShardWriter` writes: its keys in sorted order, absent
/// optionals left out. Anything else is refused, and the shard goes to `JSONDecoder`.
enum ProgrammeShardReader {
    /// The programmes of a shard's `items` list, appended to `programmes`.
    static func items(_ reader: inout CanonicalJSONReader, into programmes: inout [Programme]) throws(CanonicalRefusal) {
        try reader.expectByte(UInt8(ascii: "["))
        if reader.take(byte: UInt8(ascii: "]")) { return }
        // A shard's programmes mostly come from the same sources: their provenance is read once and shared.
        var provenance: RepeatedValue<[Provenance]>?
        repeat {
            try item(&reader, into: &programmes, provenance: &provenance)
        } while reader.take(byte: UInt8(ascii: ","))
        try reader.expectByte(UInt8(ascii: "]"))
    }

    /// One programme's object, appended where it goes (building it there saves copying two dozen fields); its provenance
    /// is `lastProvenance`'s when written with the same bytes.
    static func item(
        _ reader: inout CanonicalJSONReader, into programmes: inout [Programme], provenance lastProvenance: inout RepeatedValue<[Provenance]>?
    ) throws(CanonicalRefusal) {
        try reader.expect(#"{"actors":"#)
        let actors = try reader.strings()
        try reader.expect(#","categories":"#)
        let categories = try reader.strings()
        try reader.expect(#","channel":"#)
        let channel = ChannelID(rawValue: try reader.string())
        let country = try reader.string(ifKey: #","country":"#)
        let description = try reader.string(ifKey: #","description":"#)
        try reader.expect(#","directors":"#)
        let directors = try reader.strings()
        let episode = try reader.int(ifKey: #","episode":"#)
        let externalID = try reader.string(ifKey: #","externalID":"#)
        var extras: ProgrammeExtras?
        if reader.take(#","extras":{"#) {
            // Every list is written, in sorted order.
            try reader.expect(#""adapters":"#)
            let adapters = try reader.strings()
            try reader.expect(#","commentators":"#)
            let commentators = try reader.strings()
            try reader.expect(#","composers":"#)
            let composers = try reader.strings()
            try reader.expect(#","editors":"#)
            let editors = try reader.strings()
            try reader.expect(#","images":"#)
            let images = try reader.strings()
            try reader.expect(#","keywords":"#)
            let keywords = try reader.strings()
            try reader.expect(#","presenters":"#)
            let presenters = try reader.strings()
            try reader.expect(#","producers":"#)
            let producers = try reader.strings()
            try reader.expect(#","writers":"#)
            let writers = try reader.strings()
            try reader.expect("}")
            extras = ProgrammeExtras(writers: writers, adapters: adapters, producers: producers, composers: composers, editors: editors,
                                     presenters: presenters, commentators: commentators, images: images, keywords: keywords)
        }
        try reader.expect(#","genres":"#)
        let genres = try reader.list { reader throws(CanonicalRefusal) in try StoredNames.genres.value(try reader.unescapedStringBytes()) }
        try reader.expect(#","guests":"#)
        let guests = try reader.strings()
        try reader.expect(#","id":"#)
        let id = ProgrammeID(rawValue: try reader.string())
        let image = try reader.string(ifKey: #","image":"#)
        let language = try reader.string(ifKey: #","language":"#)
        try reader.expect(#","provenance":"#)
        let provenance = try reader.value(repeating: &lastProvenance) { reader throws(CanonicalRefusal) in
            try reader.list { reader throws(CanonicalRefusal) in try self.provenance(&reader) }
        }
        var rating: Rating?
        if reader.take(#","rating":{"#) {
            let system = try reader.string(ifKey: #""system":"#)
            if system != nil { try reader.expect(",") }
            try reader.expect(#""value":"#)
            rating = Rating(system: system, value: try reader.string())
            try reader.expect("}")
        }
        let score = try reader.double(ifKey: #","score":"#)
        let season = try reader.int(ifKey: #","season":"#)
        try reader.expect(#","start":"#)
        let start = try reader.timestamp()
        let stop = try reader.timestamp(ifKey: #","stop":"#)
        let subtitle = try reader.string(ifKey: #","subtitle":"#)
        try reader.expect(#","timeZone":"#)
        let timeZone = try reader.string()
        try reader.expect(#","title":"#)
        let title = try reader.string()
        var type: ProgrammeType?
        if reader.take(#","type":"#) { type = try StoredNames.programmeTypes.value(try reader.unescapedStringBytes()) }
        let url = try reader.string(ifKey: #","url":"#)
        let year = try reader.int(ifKey: #","year":"#)
        try reader.expect("}")
        programmes.append(Programme(
            id: id, channel: channel, start: start, stop: stop, timeZone: timeZone, title: title, subtitle: subtitle, description: description,
            categories: categories, genres: genres, type: type, year: year, season: season, episode: episode, image: image, url: url,
            directors: directors, actors: actors, guests: guests, rating: rating, score: score, country: country, language: language,
            provenance: provenance, externalID: externalID, extras: extras))
    }

    /// `{"source":…}` or `{"source":…,"url":…}`.
    static func provenance(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> Provenance {
        try reader.expect(#"{"source":"#)
        let source = SourceID(rawValue: try reader.string())
        let url = try reader.string(ifKey: #","url":"#)
        try reader.expect("}")
        return Provenance(source: source, url: url)
    }
}

/// An enumeration's raw values as bytes, to read a stored value without making a string of it.
struct CanonicalNames<Value: RawRepresentable & Sendable>: Sendable where Value.RawValue == String {
    /// A name of up to 16 bytes as two little-endian words, zero-padded: compared with three integer tests.
    private struct Name: Sendable {
        var count: Int
        var low: UInt64
        var high: UInt64
        var value: Value
    }

    private let names: [Name]
    /// Names longer than 16 bytes, compared byte by byte.
    private let longNames: [(bytes: [UInt8], value: Value)]

    /// The names of `values`.
    init(_ values: [Value]) {
        var names: [Name] = [], longNames: [(bytes: [UInt8], value: Value)] = []
        for value in values {
            let bytes = Array(value.rawValue.utf8)
            if bytes.count <= 16 {
                let (low, high) = bytes.withUnsafeBufferPointer { Self.words($0) }
                names.append(Name(count: bytes.count, low: low, high: high, value: value))
            } else {
                longNames.append((bytes, value))
            }
        }
        self.names = names
        self.longNames = longNames
    }

    /// The case whose raw value is exactly `bytes`; refuses any other text (JSONDecoder then explains it).
    func value(_ bytes: UnsafeBufferPointer<UInt8>) throws(CanonicalRefusal) -> Value {
        if bytes.count <= 16 {
            let (low, high) = Self.words(bytes)
            for name in names where name.low == low && name.high == high && name.count == bytes.count { return name.value }
        } else {
            for name in longNames where name.bytes.elementsEqual(bytes) { return name.value }
        }
        throw CanonicalRefusal()
    }

    /// Up to 16 bytes as two words, zero-padded.
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var low: UInt64 = 0, high: UInt64 = 0
        for (index, byte) in bytes.prefix(16).enumerated() {
            if index < 8 { low |= UInt64(byte) << UInt64(8 * index) } else { high |= UInt64(byte) << UInt64(8 * (index - 8)) }
        }
        return (low, high)
    }
}

/// The enumerations stored by raw value, as bytes.
enum StoredNames {
    static let genres = CanonicalNames(Genre.allCases)
    static let programmeTypes = CanonicalNames(ProgrammeType.allCases)
    static let musicGenres = CanonicalNames(MusicGenre.allCases)
    static let declaredStatuses = CanonicalNames<GuestList.DeclaredStatus>([.open, .closed, .full])
    static let nightStatuses = CanonicalNames<NightStatus>([.cancelled, .postponed, .rescheduled, .movedOnline])
}
