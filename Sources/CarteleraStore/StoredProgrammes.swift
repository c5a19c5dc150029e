import CarteleraModel
import Foundation

/// A stored programme with the bytes its shard stores it as, for outputs that publish programmes in the store's own
/// encoding (the static API's schedules): they splice those bytes in instead of encoding the value again.
///
/// The bytes are kept only when they are exactly what `ProgrammeJSON.append` writes for the programme, so an output is
/// the same bytes whether it spliced or encoded. The store's writer writes nothing else; in a shard edited by hand (an
/// escape or an instant written another way) or one only `JSONDecoder` reads, the programmes are encoded instead.
public struct StoredProgramme: Sendable {
    /// The programme, as `StoreReader.programmes(day:channel:)` reads it.
    public let programme: Programme
    /// Its object's bytes in the shard (sharing the shard's storage); nil when they differ from its encoding.
    let bytes: Data?

    init(_ programme: Programme, bytes: Data?) {
        self.programme = programme
        self.bytes = bytes
    }

    /// Appends the programme's JSON object, byte for byte what `ProgrammeJSON.append(programme, to:)` writes: sliced
    /// from the shard when it stores those bytes, encoded otherwise.
    public func appendJSON(to out: inout [UInt8]) {
        guard let bytes else {
            ProgrammeJSON.append(programme, to: &out)
            return
        }
        bytes.withUnsafeBytes { out.append(contentsOf: $0) }
    }

    /// Whether `appendJSON(to:)` copies the shard's bytes rather than encoding the programme.
    public var isSliced: Bool { bytes != nil }
}

extension StoreReader {
    /// The programmes of one channel on one UTC day, by start, each with its stored bytes; [] when the shard is absent.
    public func storedProgrammes(day: Day, channel: ChannelID) throws(StoreError) -> [StoredProgramme] {
        let key = ShardKey.programmes(day: day, channel: channel)
        guard let data = try shardData(key) else { return [] }
        if let stored = ProgrammeShardReader.storedProgrammes(data, day: day, channel: channel) { return stored }
        // Not in the canonical form: read as every read is (JSONDecoder explains a damaged file), every programme encoded.
        guard case .programmes(let programmes) = try ShardContent.decode(data, for: key) else { return [] }
        return programmes.map { StoredProgramme($0, bytes: nil) }
    }
}

extension ProgrammeShardReader {
    /// A canonical programme shard's programmes, each with its bytes when they are its encoding; nil when the
    /// canonical reader refuses the shard.
    static func storedProgrammes(_ data: Data, day: Day, channel: ChannelID) -> [StoredProgramme]? {
        data.withUnsafeBytes { raw -> [StoredProgramme]? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            let all = UnsafeBufferPointer(start: base, count: raw.count)
            var reader = CanonicalJSONReader(base, count: raw.count)
            var stored: [StoredProgramme] = []
            do throws(CanonicalRefusal) {
                try reader.expect(#"{"channel":"#)
                try reader.expectString(channel.rawValue)
                try reader.expect(#","day":"#)
                try reader.expectString(day.description)
                try reader.expect(#","items":["#)
                // Sized as the reader sizes a shard's programmes, by counting their objects: a day's arrays wait for the build.
                stored.reserveCapacity(reader.occurrences(of: #"{"actors":"#))
                if !reader.take(byte: UInt8(ascii: "]")) {
                    var repeats = Repeats()
                    var scratch: [UInt8] = []
                    // Each programme is read into `slot`, then moved out of it: no copy of its fields.
                    let slot = UnsafeMutablePointer<Programme>.allocate(capacity: 1)
                    defer { slot.deallocate() }
                    repeat {
                        let start = reader.position
                        try item(&reader, into: slot, repeats: &repeats)
                        let programme = slot.move()
                        let span = start..<reader.position
                        let bytes = StoredItemCheck.isEncoding(UnsafeBufferPointer(rebasing: all[span]), of: programme, scratch: &scratch)
                            ? data[data.startIndex + span.lowerBound..<data.startIndex + span.upperBound] : nil
                        stored.append(StoredProgramme(programme, bytes: bytes))
                    } while reader.take(byte: UInt8(ascii: ","))
                    try reader.expectByte(UInt8(ascii: "]"))
                }
                try CanonicalShardReader.trailer(&reader, for: .programmes(day: day, channel: channel))
            } catch {
                return nil
            }
            return stored
        }
    }
}

/// Tells whether a programme's bytes, as the canonical reader accepted them, are exactly its encoding.
///
/// The reader accepts a little more than the writer writes: any JSON escape, instants with an offset, a fraction or no
/// seconds, numbers such as `7.40`, `74e-1` or `-0`. Everything else it accepts (keys, literals, raw UTF-8 strings,
/// integers without leading zeros) has one form. So bytes without a backslash are the encoding when the integers are
/// not zero and the instants and the score, found from the end where every field's length is known, read as encoded.
enum StoredItemCheck {
    /// Whether `bytes` (one programme's object, read by the canonical reader into `programme`) are what the writer writes.
    static func isEncoding(_ bytes: UnsafeBufferPointer<UInt8>, of programme: Programme, scratch: inout [UInt8]) -> Bool {
        guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "\\")), bytes.count) == nil,
              programme.episode != 0, programme.season != 0, programme.year != 0 else { return false }
        var end = bytes.count - 1  // the closing brace
        // Steps back over `key` and a value of `length` bytes ending at `end`; false when the key is not where it must be.
        func skip(_ key: StaticString, _ length: Int) -> Bool {
            let start = end - length - key.utf8CodeUnitCount
            guard start >= 0, memcmp(base + start, key.utf8Start, key.utf8CodeUnitCount) == 0 else { return false }
            end = start
            return true
        }
        // Steps back over `key` and the value's encoding, written into `scratch`, when the bytes are exactly those.
        func match(_ key: StaticString, _ write: (inout [UInt8]) -> Void) -> Bool {
            scratch.removeAll(keepingCapacity: true)
            write(&scratch)
            let start = end - scratch.count
            guard start >= 0, scratch.withUnsafeBytes({ written in written.baseAddress.map { memcmp(base + start, $0, written.count) == 0 } ?? false }) else {
                return false
            }
            end = start
            return skip(key, 0)
        }
        // Steps back over `key` and an instant in its 20 characters: as the writer writes it unless the reader took a
        // space for the `T` or a leap second (20 characters ending in `Z` leave it no other form).
        func instant(_ key: StaticString) -> Bool {
            let quote = end - 22
            guard quote >= 0, base[quote + 11] == UInt8(ascii: "T"), base[quote + 18] != UInt8(ascii: "6"), base[quote + 20] == UInt8(ascii: "Z") else {
                return false
            }
            return skip(key, 22)
        }
        func quoted(_ text: String) -> Int { text.utf8.count + 2 }
        if let year = programme.year, !skip(#","year":"#, digits(year)) { return false }
        if let url = programme.url, !skip(#","url":"#, quoted(url)) { return false }
        if let type = programme.type, !skip(#","type":"#, quoted(type.rawValue)) { return false }
        guard skip(#","title":"#, quoted(programme.title)), skip(#","timeZone":"#, quoted(programme.timeZone)) else { return false }
        if let subtitle = programme.subtitle, !skip(#","subtitle":"#, quoted(subtitle)) { return false }
        if programme.stop != nil, !instant(#","stop":"#) { return false }
        guard instant(#","start":"#) else { return false }
        if let season = programme.season, !skip(#","season":"#, digits(season)) { return false }
        if let score = programme.score, !match(#","score":"#, { CanonicalJSON.append(number: score, to: &$0) }) { return false }
        return true
    }

    /// The length of an integer's decimal form, its sign included.
    private static func digits(_ value: Int) -> Int {
        var count = value < 0 ? 2 : 1
        var rest = value.magnitude / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}
