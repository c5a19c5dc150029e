import CarteleraCore

/// How well a title matches a text, best first: the order relevance sorts by.
public enum MatchTier: Int, Sendable, Comparable, Codable, CaseIterable {
    /// The folded title is the folded text.
    case exact = 0
    /// The folded title starts with the folded text.
    case prefix
    /// The text's words appear, one after another, as whole words of the title.
    case word
    /// The folded text appears inside the title.
    case substring
    /// Every word of the text matches a word of the title, words of five letters or more within one or two edits.
    case nearMiss

    /// Better tiers first.
    public static func < (lhs: MatchTier, rhs: MatchTier) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Matches folded titles against one folded text, accent- and case-insensitively ("accion" finds "Acción").
struct TextMatcher: Sendable {
    let text: [UInt8]
    let words: [[UInt8]]
    let mode: Query.TextMatch

    /// A matcher for `text` (folded here); nil when the text has no letters or digits.
    init?(_ text: String, mode: Query.TextMatch) {
        let words = TextFolding.words(text)
        guard !words.isEmpty else { return nil }
        self.words = words.map { Array($0.utf8) }
        self.text = Array(words.joined(separator: " ").utf8)
        self.mode = mode
    }

    /// How `folded` (a folded title) matches, or nil.
    func tier(_ folded: String) -> MatchTier? {
        var utf8 = Array(folded.utf8)
        return tier(&utf8)
    }

    /// How the folded title's bytes match, or nil.
    func tier(_ title: inout [UInt8]) -> MatchTier? {
        let titleWords = Self.words(title)
        if mode == .word {
            return words.allSatisfy({ word in titleWords.contains(word) }) ? .word : nil
        }
        let normalized = Array(titleWords.joined(separator: [UInt8(ascii: " ")]))
        if normalized == text { return .exact }
        if normalized.starts(with: text) { return .prefix }
        if Self.containsRun(of: words, in: titleWords) { return .word }
        if Self.contains(normalized, text) { return .substring }
        let nearMiss = words.allSatisfy { word in
            titleWords.contains { candidate in
                if candidate == word { return true }
                let allowed = word.count >= 8 ? 2 : word.count >= 5 ? 1 : 0
                return allowed > 0 && EditDistance.between(bytes: word, candidate, limit: allowed) <= allowed
            }
        }
        return nearMiss ? .nearMiss : nil
    }

    /// The runs of letters and digits of folded UTF-8 (any byte of a multibyte letter counts as a letter).
    static func words(_ bytes: [UInt8]) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            let isWordByte = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
            if isWordByte {
                current.append(byte)
            } else if !current.isEmpty {
                words.append(current)
                current = []
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func containsRun(of run: [[UInt8]], in words: [[UInt8]]) -> Bool {
        guard run.count <= words.count else { return false }
        for start in 0...(words.count - run.count) where words[start] == run[0] {
            if (1..<run.count).allSatisfy({ words[start + $0] == run[$0] }) { return true }
        }
        return false
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            var matched = true
            for offset in 1..<needle.count where haystack[start + offset] != needle[offset] {
                matched = false
                break
            }
            if matched { return true }
        }
        return false
    }
}

extension EditDistance {
    /// The Levenshtein distance between two byte strings, stopping past `limit`.
    static func between(bytes a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 0..<a.count {
            current[0] = i + 1
            var rowMinimum = current[0]
            for j in 0..<b.count {
                current[j + 1] = min(previous[j] + (a[i] == b[j] ? 0 : 1), previous[j + 1] + 1, current[j] + 1)
                rowMinimum = min(rowMinimum, current[j + 1])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
