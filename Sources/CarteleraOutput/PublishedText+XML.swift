extension PublishedText {
    /// Text for XML character data and attribute values: the five special characters as entities, characters XML 1.0
    /// forbids (most C0 controls, lone surrogates cannot occur in Swift strings, U+FFFE/U+FFFF) dropped.
    ///
    /// It walks the UTF-8 bytes, not the characters: a guide escapes hundreds of megabytes. Every byte that matters is
    /// ASCII, apart from U+FFFE and U+FFFF, whose encodings (EF BF BE, EF BF BF) are looked for whole.
    public static func xml(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            // Runs without a special byte are copied whole.
            var start = 0
            var index = 0
            while index < bytes.count {
                let entity: StaticString
                var length = 1
                switch bytes[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&apos;"
                case 0x09: entity = "&#9;"
                case 0x0A: entity = "&#10;"
                case 0x0D: entity = "&#13;"
                case 0..<0x20: entity = ""
                case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
                    entity = ""
                    length = 3
                default:
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                entity.withUTF8Buffer { out.append(contentsOf: $0) }
                index += length
                start = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// Whether XML 1.0 allows the character in a document (tab, newline and carriage return are handled by the caller).
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
