import Foundation

/// Accent- and case-insensitive folding, so "Acción" and "accion", "Straße" and "strasse" compare equal.
///
/// The one folding every stage uses: ids and slugs, title matching, genre keywords and search.
public enum TextFolding {
    /// Lowercased, without diacritics, with letters that do not decompose spelled out (ß → ss, æ → ae,
    /// œ → oe, ø → o, ł → l, đ → d, þ → th), and runs of white space made one space, trimmed.
    public static func fold(_ text: String) -> String {
        if let folded = foldASCII(text) { return folded }
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            // Combining marks (accents, cedillas, tildes) are what canonical decomposition splits off.
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            if let spelled = spelledOut[scalar] {
                result.append(contentsOf: spelled.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The folded words of a text: runs of letters and digits, punctuation and spaces dropped.
    public static func words(_ text: String) -> [String] {
        words(folded: fold(text))
    }

    /// The words of a text already folded with `fold`.
    public static func words(folded: String) -> [String] {
        if folded.utf8.allSatisfy({ $0 < 0x80 }) {
            return folded.utf8.split(whereSeparator: { !isASCIIAlphanumeric($0) }).map { String(decoding: $0, as: UTF8.self) }
        }
        return folded.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// `fold` for text that is all ASCII, byte by byte (Foundation's lowercasing and decomposition cost far more); nil for any other text.
    private static func foldASCII(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            // The ASCII white space Unicode knows: tab, line feed, vertical tab, form feed, carriage return, space.
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace {
                bytes.append(0x20)
                pendingSpace = false
            }
            bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Letters with no canonical decomposition, written as their usual Latin spelling.
    private static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h", "ŀ": "l",
    ]
}
