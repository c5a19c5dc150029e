extension PublishedText {
    /// Text for XML character data and attribute values: the five special characters as entities, characters XML 1.0
    /// forbids (most C0 controls, lone surrogates cannot occur in Swift strings, U+FFFE/U+FFFF) dropped.
    ///
    /// It walks the UTF-8 bytes, not the characters: a guide escapes hundreds of megabytes. Every byte that matters is
    /// ASCII, apart from U+FFFE and U+FFFF, whose encodings (EF BF BE, EF BF BF) are looked for whole.
    public static func xml(_ text: String, into out: inout [UInt8]) {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'"): out += Array("&apos;".utf8)
            case 0x09: out += Array("&#9;".utf8)
            case 0x0A: out += Array("&#10;".utf8)
            case 0x0D: out += Array("&#13;".utf8)
            case 0..<0x20: break
            case 0xEF:
                let second = bytes.index(after: index)
                let third = second < bytes.endIndex ? bytes.index(after: second) : second
                if third < bytes.endIndex, bytes[second] == 0xBF, bytes[third] == 0xBE || bytes[third] == 0xBF {
                    index = third
                } else {
                    out.append(byte)
                }
            default: out.append(byte)
            }
            index = bytes.index(after: index)
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
