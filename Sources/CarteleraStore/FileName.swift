/// Reversible file names for ids.
///
/// `ChannelID.fileSafe` maps every unsafe character to `_`, so two ids could share a file. Here letters,
/// digits, `.` and `-` stay as they are and every other byte (including `_` and a leading `.`) becomes
/// `_XX` in hex: `La1.es` stays `La1.es`, `Canal 24h` becomes `Canal_2024h`, and the name reads back to the id.
enum FileName {
    /// The id as a file name stem, never hidden and never `..`.
    static func encode(_ id: String) -> String {
        var name = ""
        for (offset, byte) in id.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                name.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: ".") where offset > 0:
                name.append(".")
            default:
                name += "_" + hex(byte)
            }
        }
        return name
    }

    /// The id a stem encodes; nil when the stem is not one `encode` makes.
    static func decode(_ stem: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = stem.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "_") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(nibble), let low = iterator.next().flatMap(nibble) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The name without `.json`; nil for hidden files and names that do not end in `.json`.
    static func stem(ofJSON name: String) -> String? {
        guard name.hasSuffix(".json"), !name.hasPrefix("."), name.count > 5 else { return nil }
        return String(name.dropLast(5))
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
