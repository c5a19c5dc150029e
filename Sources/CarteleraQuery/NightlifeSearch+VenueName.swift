import CarteleraModel
import CarteleraStore

extension NightlifeSearch {
    /// The name of venue `record`, read from its stored JSON alone: a night's row shows only the name, and decoding the
    /// whole venue with `JSONDecoder` for it cost more than the rest of the row. JSON the reader does not expect goes to
    /// the decoder, as before.
    func venueName(_ record: Int) -> String? {
        StoredVenueName.read(index.venueJSON.bytes(record)) ?? venue(record)?.name
    }
}

/// Finds the top-level `name` of a venue's JSON as the index stores it (`JSONEncoder`'s output: no whitespace), skipping
/// the other members' values without reading them, and reads it with the store's strict string reader.
enum StoredVenueName {
    /// The name, nil when the bytes are not an object of that shape or hold no top-level `name` string.
    static func read(_ bytes: UnsafeRawBufferPointer) -> String? {
        var position = 0
        func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        guard byte(0) == UInt8(ascii: "{") else { return nil }
        position = 1
        while byte(position) == UInt8(ascii: "\"") {
            guard let keyEnd = stringEnd(bytes, from: position) else { return nil }
            let key = UnsafeRawBufferPointer(rebasing: bytes[position + 1..<keyEnd])
            guard byte(keyEnd + 1) == UInt8(ascii: ":") else { return nil }
            let value = keyEnd + 2
            if key.elementsEqual("name".utf8) {
                guard byte(value) == UInt8(ascii: "\""), let end = stringEnd(bytes, from: value) else { return nil }
                return CanonicalJSON.string(literal: UnsafeRawBufferPointer(rebasing: bytes[value...end]))
            }
            guard let next = valueEnd(bytes, from: value) else { return nil }
            guard byte(next) == UInt8(ascii: ",") else { return nil }
            position = next + 1
        }
        return nil
    }

    /// The offset of the quote that closes the string opening at `start`.
    private static func stringEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var position = start + 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""): return position
            case UInt8(ascii: "\\"): position += 2
            default: position += 1
            }
        }
        return nil
    }

    /// The offset just past the value starting at `start`: a string, an object or array (strings inside them skipped
    /// whole), or a number, `true`, `false` or `null`.
    private static func valueEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        var position = start, depth = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                guard let end = stringEnd(bytes, from: position) else { return nil }
                position = end
                if depth == 0 { return position + 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return position }
                depth -= 1
                if depth == 0 { return position + 1 }
            case UInt8(ascii: ","):
                if depth == 0 { return position }
            default: break
            }
            position += 1
        }
        return nil
    }
}
