extension PublishedText {
    /// Where a JSON string will stand, which decides what is escaped beyond what JSON itself requires.
    public enum JSONContext: Sendable {
        /// A JSON file or answer: exactly what Foundation's `JSONEncoder` escapes (`"`, `\`, \b \f \n \r \t short,
        /// other control characters as `\u00XX`), so the store's bytes equal `JSONEncoder`'s.
        case document
        /// Inside an HTML `<script>` element as well: `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes too, so no
        /// `</script>`, comment opener or JavaScript line break can end up in the page's markup.
        case script
    }

    /// Appends `text` as a JSON string literal, quotes included.
    public static func json(_ text: String, into out: inout [UInt8], for context: JSONContext = .document) {
        var text = text
        text.withUTF8 { json(utf8: UnsafeRawBufferPointer($0), into: &out, for: context) }
    }

    /// Appends UTF-8 bytes (from an index or a file) as a JSON string literal, quotes included.
    public static func json(utf8 bytes: UnsafeRawBufferPointer, into out: inout [UInt8], for context: JSONContext = .document) {
        out.append(UInt8(ascii: "\""))
        jsonEscaped(bytes, into: &out, for: context)
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `text` escaped for a JSON string, without the quotes: for a literal written in parts.
    public static func jsonEscaped(_ text: String, into out: inout [UInt8], for context: JSONContext = .document) {
        var text = text
        text.withUTF8 { jsonEscaped(UnsafeRawBufferPointer($0), into: &out, for: context) }
    }

    /// `text` escaped for a JSON string, without the quotes; text that needs no escape comes back as it is.
    public static func jsonEscaped(_ text: String, for context: JSONContext = .document) -> String {
        guard text.utf8.contains(where: { needsEscape($0, context) }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        jsonEscaped(text, into: &out, for: context)
        return String(decoding: out, as: UTF8.self)
    }

    private static func jsonEscaped(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8], for context: JSONContext) {
        // Most strings need no escape: copied whole, not byte by byte.
        guard bytes.contains(where: { needsEscape($0, context) }) else {
            out.append(contentsOf: bytes)
            return
        }
        let script = context == .script
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: appendUnicodeEscape(UInt16(byte), to: &out)
            case UInt8(ascii: "<") where script, UInt8(ascii: ">") where script, UInt8(ascii: "&") where script:
                appendUnicodeEscape(UInt16(byte), to: &out)
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
            case 0xE2 where script && index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                appendUnicodeEscape(bytes[index + 1] == 0xA8 ? 0x2028 : 0x2029, to: &out)
                index += 2
            default: out.append(byte)
            }
        }
    }

    /// Whether a byte may need an escape: every byte that does, and for scripts the lead byte of U+2028 and U+2029.
    private static func needsEscape(_ byte: UInt8, _ context: JSONContext) -> Bool {
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
        return context == .script && (byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == 0xE2)
    }

    /// `\u` and four lowercase hex digits.
    private static func appendUnicodeEscape(_ value: UInt16, to out: inout [UInt8]) {
        out += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) { out.append(hexDigits[Int((value >> UInt16(shift)) & 0xF)]) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
