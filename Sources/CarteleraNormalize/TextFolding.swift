import Foundation

/// Accent- and case-insensitive folding, so "Acción" and "accion" compare equal.
public enum TextFolding {
    /// Lowercased, without diacritics, with runs of whitespace made one space.
    public static func fold(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
                continue
            }
            // Combining marks (accents) are dropped after canonical decomposition.
            if (0x0300...0x036F).contains(scalar.value) { continue }
            result.append(scalar)
            lastWasSpace = false
        }
        var folded = String(result)
        if folded.hasSuffix(" ") { folded.removeLast() }
        return folded
    }

    /// The folded words of a text, punctuation removed.
    public static func words(_ text: String) -> [String] {
        fold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// Whether two titles name the same programme: equal when folded, one containing the other, or most words shared.
    public static func similarTitles(_ a: String, _ b: String) -> Bool {
        let wordsA = words(a), wordsB = words(b)
        guard !wordsA.isEmpty, !wordsB.isEmpty else { return false }
        let joinedA = wordsA.joined(separator: " "), joinedB = wordsB.joined(separator: " ")
        if joinedA == joinedB || joinedA.hasPrefix(joinedB) || joinedB.hasPrefix(joinedA) { return true }
        let setA = Set(wordsA), setB = Set(wordsB)
        let shared = setA.intersection(setB).count
        return Double(shared) / Double(setA.union(setB).count) >= 0.6
    }
}
