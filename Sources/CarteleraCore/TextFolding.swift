import Foundation

/// Accent- and case-insensitive folding, so "Acción" and "accion", "Straße" and "strasse" compare equal.
///
/// The one folding every stage uses: ids and slugs, title matching, genre keywords and search.
public enum TextFolding {
    /// Lowercased, without diacritics, with letters that do not decompose spelled out (ß → ss, æ → ae,
    /// œ → oe, ø → o, ł → l, đ → d, þ → th), and runs of white space made one space, trimmed.
    public static func fold(_ text: String) -> String {
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
        fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// Letters with no canonical decomposition, written as their usual Latin spelling.
    private static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h", "ŀ": "l",
    ]
}
