import CarteleraModel
import CarteleraStore

/// The parts of a programme row that repeat from row to row, escaped once when an index opens and kept one after
/// another in one buffer, so a row copies them without retaining an array per part: each channel's row head
/// (`{"channel":…,"channelName":…`) and the start of its programme ids (`"La1.es@`), each genre bit's JSON string, each
/// type code's `,"type":…` and each stored score's `,"score":…`.
struct ProgrammeRowParts: Sendable {
    /// Every part, one after another.
    let bytes: [UInt8]
    /// Part `i` is `bytes[starts[i]..<starts[i + 1]]`: channel heads, channel id heads, genres, types, scores.
    private let starts: [Int]
    private let channels: Int, genres: Int, types: Int

    /// The parts of an index with these channels (ids and names), genre bits and type codes (nil where this build has none).
    init(channels ids: [String], names: [String], genres: [Genre?], types: [ProgrammeType?]) {
        var bytes: [UInt8] = []
        var starts = [0]
        func part(_ write: (inout [UInt8]) -> Void) {
            write(&bytes)
            starts.append(bytes.count)
        }
        for (channel, name) in zip(ids, names) {
            part { bytes in
                bytes += #"{"channel":"#.utf8
                CanonicalJSON.append(string: channel, to: &bytes)
                bytes += #","channelName":"#.utf8
                CanonicalJSON.append(string: name, to: &bytes)
            }
        }
        for channel in ids.prefix(names.count) {
            part { bytes in
                bytes.append(UInt8(ascii: "\""))
                CanonicalJSON.append(escaped: channel, to: &bytes)
                bytes.append(UInt8(ascii: "@"))
            }
        }
        for genre in genres {
            part { bytes in if let genre { CanonicalJSON.append(string: genre.rawValue, to: &bytes) } }
        }
        for type in types {
            part { bytes in
                guard let type else { return }
                bytes += #","type":"#.utf8
                CanonicalJSON.append(string: type.rawValue, to: &bytes)
            }
        }
        // Tenths 0–254, written as `JSONEncoder` writes the score out of 10; 255 is none.
        for tenths in 0..<255 {
            part { bytes in
                bytes += #","score":"#.utf8
                CanonicalJSON.append(number: Double(tenths) / 10, to: &bytes)
            }
        }
        self.bytes = bytes
        self.starts = starts
        self.channels = min(ids.count, names.count)
        self.genres = genres.count
        self.types = types.count
    }

    /// Channel `number`'s row head.
    func channelHead(_ number: Int) -> Range<Int> {
        part(number)
    }

    /// The start of channel `number`'s programme ids, up to the `@` before the start.
    func idHead(_ number: Int) -> Range<Int> {
        part(channels + number)
    }

    /// Genre bit `bit`'s JSON string; empty for a bit this build has no genre for.
    func genre(_ bit: Int) -> Range<Int> {
        bit < genres ? part(2 * channels + bit) : 0..<0
    }

    /// Type code `code`'s `,"type":…` field; empty for none.
    func type(_ code: Int) -> Range<Int> {
        code < types ? part(2 * channels + genres + code) : 0..<0
    }

    /// The `,"score":…` field of a stored score in tenths; empty for none (255).
    func score(_ tenths: Int) -> Range<Int> {
        tenths < 255 ? part(2 * channels + genres + types + tenths) : 0..<0
    }

    private func part(_ index: Int) -> Range<Int> {
        starts[index]..<starts[index + 1]
    }
}
