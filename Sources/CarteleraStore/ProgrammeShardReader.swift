import CarteleraModel

/// Reads a programme back from exactly the bytes `ProgrammeShardWriter` writes: its keys in sorted order, absent
/// optionals left out. Anything else is refused, and the shard goes to `JSONDecoder`.
enum ProgrammeShardReader {
    /// The programmes of a shard's `items` list.
    ///
    /// Each is built straight in the array's storage, which is sized first by counting the objects: every programme's
    /// starts with `{"actors":`, bytes that no string can hold (its quotes would be escaped). `Array.append` copies a
    /// value this large part by part, a retain and a release each, where this moves it once.
    static func items(_ reader: inout CanonicalJSONReader) throws(CanonicalRefusal) -> [Programme] {
        try reader.expectByte(UInt8(ascii: "["))
        if reader.take(byte: UInt8(ascii: "]")) { return [] }
        let capacity = reader.occurrences(of: #"{"actors":"#)
        var refusal: CanonicalRefusal?
        let programmes = [Programme](unsafeUninitializedCapacity: capacity) { storage, initialized in
            var repeats = Repeats()
            repeat {
                // More objects than counted: not the canonical form.
                guard initialized < capacity, let slot = storage.baseAddress?.advanced(by: initialized) else {
                    refusal = CanonicalRefusal()
                    return
                }
                do throws(CanonicalRefusal) {
                    try item(&reader, into: slot, repeats: &repeats)
                } catch {
                    refusal = error
                    return
                }
                initialized += 1
            } while reader.take(byte: UInt8(ascii: ","))
        }
        if let refusal { throw refusal }
        try reader.expectByte(UInt8(ascii: "]"))
        return programmes
    }

    /// What a shard's programmes mostly share (one channel, one zone, the same sources), each kept with the bytes it was
    /// read from: a programme that repeats those bytes shares the value instead of reading it again.
    struct Repeats {
        var channel: RepeatedValue<ChannelID>?
        var timeZone: RepeatedValue<String>?
        var provenance: RepeatedValue<[Provenance]>?
    }

    /// One programme's object, initialized at `slot` (left uninitialized when refused); its channel, zone and provenance
    /// are those in `repeats` when written with the same bytes.
    static func item(_ reader: inout CanonicalJSONReader, into slot: UnsafeMutablePointer<Programme>, repeats: inout Repeats) throws(CanonicalRefusal) {
        try reader.expect(#"{"actors":"#)
        let actors = try reader.strings()
        try reader.expect(#","categories":"#)
        let categories = try reader.strings()
        try reader.expect(#","channel":"#)
        let channel = try reader.value(repeating: &repeats.channel) { reader throws(CanonicalRefusal) in ChannelID(rawValue: try reader.string()) }
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
        let genres = try reader.list { reader throws(CanonicalRefusal) in try reader.name(in: StoredNames.genres) }
        try reader.expect(#","guests":"#)
        let guests = try reader.strings()
        try reader.expect(#","id":"#)
        let id = ProgrammeID(rawValue: try reader.string())
        let image = try reader.string(ifKey: #","image":"#)
        let language = try reader.string(ifKey: #","language":"#)
        try reader.expect(#","provenance":"#)
        let provenance = try reader.value(repeating: &repeats.provenance) { reader throws(CanonicalRefusal) in
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
        let timeZone = try reader.value(repeating: &repeats.timeZone) { reader throws(CanonicalRefusal) in try reader.string() }
        try reader.expect(#","title":"#)
        let title = try reader.string()
        var type: ProgrammeType?
        if reader.take(#","type":"#) { type = try reader.name(in: StoredNames.programmeTypes) }
        let url = try reader.string(ifKey: #","url":"#)
        let year = try reader.int(ifKey: #","year":"#)
        try reader.expect("}")
        slot.initialize(to: Programme(
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
    private let table: CanonicalNameTable
    /// The cases, in the table's order.
    private let values: [Value]

    /// The names of `values`.
    init(_ values: [Value]) {
        table = CanonicalNameTable(values.map { Array($0.rawValue.utf8) })
        self.values = values
    }

    /// The case whose raw value is exactly the `count` bytes at `start`, of which `readable` bytes may be read;
    /// refuses any other text (JSONDecoder then explains it).
    @inline(__always)
    func value(at start: UnsafeRawPointer, count: Int, readable: Int) throws(CanonicalRefusal) -> Value {
        guard let index = table.index(at: start, count: count, readable: readable) else { throw CanonicalRefusal() }
        return values[index]
    }
}

/// Names as bytes, searched without knowing what they name, so one table serves every enumeration.
struct CanonicalNameTable: Sendable {
    /// A name of up to 16 bytes as two little-endian words, zero-padded: compared with three integer tests.
    private struct ShortName: Sendable {
        var low: UInt64
        var high: UInt64
        /// The name's length; -1 in an empty slot.
        var count: Int
        var index: Int
    }

    /// The short names, open-addressed by a hash of their words: at least four slots a name, so a look-up mostly
    /// probes one slot (genres have fifty names, which a scan compared twenty-five at a time on average).
    private let slots: [ShortName]
    private let shift: UInt64
    /// Names longer than 16 bytes, compared byte by byte.
    private let longNames: [(bytes: [UInt8], index: Int)]

    /// A table of `names`, each found by its position in the list.
    init(_ names: [[UInt8]]) {
        var bits: UInt64 = 2
        while 1 << bits < 4 * names.count { bits += 1 }
        var slots = Array(repeating: ShortName(low: 0, high: 0, count: -1, index: -1), count: 1 << bits)
        var longNames: [(bytes: [UInt8], index: Int)] = []
        for (index, bytes) in names.enumerated() {
            if bytes.count <= 16 {
                let (low, high) = bytes.withUnsafeBytes(Self.paddedWords)
                var slot = Self.slot(low, high, bytes.count, shift: 64 - bits)
                while slots[slot].count >= 0 { slot = (slot + 1) & (slots.count - 1) }
                slots[slot] = ShortName(low: low, high: high, count: bytes.count, index: index)
            } else {
                longNames.append((bytes, index))
            }
        }
        self.slots = slots
        self.shift = 64 - bits
        self.longNames = longNames
    }

    /// The position of the name that is exactly the `count` bytes at `start`, of which `readable` bytes may be read;
    /// nil when none is.
    func index(at start: UnsafeRawPointer, count: Int, readable: Int) -> Int? {
        if count <= 16 {
            let (low, high) = readable >= 16 ? Self.words(start, count) : Self.paddedWords(UnsafeRawBufferPointer(start: start, count: count))
            var slot = Self.slot(low, high, count, shift: shift)
            while true {
                let name = slots[slot]
                if name.count < 0 { return nil }
                if name.low == low, name.high == high, name.count == count { return name.index }
                slot = (slot + 1) & (slots.count - 1)
            }
        }
        let bytes = UnsafeRawBufferPointer(start: start, count: count)
        for name in longNames where name.bytes.elementsEqual(bytes) { return name.index }
        return nil
    }

    /// The first slot to probe for a name: the top bits of its words and length, mixed by one multiplication.
    @inline(__always)
    private static func slot(_ low: UInt64, _ high: UInt64, _ count: Int, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: ((low ^ (high << 1 | high >> 63) ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The first `count` (at most 16) of the 16 bytes at `start` as two little-endian words, the bytes past `count`
    /// zeroed: two loads and two masks.
    @inline(__always)
    private static func words(_ start: UnsafeRawPointer, _ count: Int) -> (UInt64, UInt64) {
        let low = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        return (low & lowBytes(count), high & lowBytes(count - 8))
    }

    /// Up to 16 bytes as two little-endian words, zero-padded: copied first, for the end of an input (and the table).
    private static func paddedWords(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        var padded: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &padded) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(16))) }
        return (UInt64(littleEndian: padded.0), UInt64(littleEndian: padded.1))
    }

    /// A mask of a word's `count` low bytes: none for 0 or fewer, all for 8 or more.
    @inline(__always)
    private static func lowBytes(_ count: Int) -> UInt64 {
        count >= 8 ? .max : count <= 0 ? 0 : (1 << UInt64(8 * count)) &- 1
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
