import CarteleraModel

extension NightlifeSearch {
    /// The name of venue `record`, read from its stored JSON alone: a night's row shows only the name, and decoding the
    /// whole venue with `JSONDecoder` for it cost more than the rest of the row. JSON the reader does not expect goes to
    /// the decoder, as before.
    func venueName(_ record: Int) -> String? {
        StoredVenueName.read(index.venueJSON.bytes(record)) ?? venue(record)?.name
    }
}

/// Finds the top-level `name` of a venue's JSON as the index stores it (`JSONEncoder`'s output: no whitespace), skipping
/// the other members' values without reading them, and unescapes it.
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
                return unescaped(UnsafeRawBufferPointer(rebasing: bytes[value + 1..<end]))
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

    /// A JSON string's contents without its escapes; nil for an escape JSON does not have, a lone surrogate, a raw
    /// control character or bytes that are not UTF-8 (which `JSONDecoder` refuses too).
    private static func unescaped(_ text: UnsafeRawBufferPointer) -> String? {
        guard !text.contains(where: { $0 < 0x20 }) else { return nil }
        guard text.contains(UInt8(ascii: "\\")) else { return String(validating: text, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var position = 0
        func hex(_ offset: Int) -> UInt32? {
            guard offset + 4 <= text.count else { return nil }
            var value: UInt32 = 0
            for byte in text[offset..<offset + 4] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while position < text.count {
            let byte = text[position]
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                position += 1
                continue
            }
            guard position + 1 < text.count else { return nil }
            let escape = text[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escape)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex(position) else { return nil }
                position += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by an escaped low one.
                    guard position + 1 < text.count, text[position] == UInt8(ascii: "\\"), text[position + 1] == UInt8(ascii: "u"),
                          let low = hex(position + 2), (0xDC00..<0xE000).contains(low) else { return nil }
                    position += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                bytes.append(contentsOf: String(Character(unicode)).utf8)
            default:
                return nil
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
