/// Text converted to UTF-8, with each sequence that could not be converted replaced by U+FFFD.
struct Transcoded {
    /// The UTF-8 text.
    var utf8: [UInt8] = []
    /// How many sequences were replaced with U+FFFD.
    var replaced = 0
    /// The offset in the source of the first replaced sequence.
    var firstReplacedOffset: Int?
    /// Whether the only replacement is an incomplete character at the very end (a body cut off mid-character).
    var isCutOffMidCharacter = false

    /// The UTF-8 encoding of U+FFFD REPLACEMENT CHARACTER.
    static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Whether nothing needed replacing, or only a character cut off at the end.
    var isAcceptable: Bool { replaced == 0 || isCutOffMidCharacter }

    /// Characters outside ASCII in the text, replacements included: every such character has one lead byte.
    var nonASCIICharacters: Int {
        utf8.reduce(0) { $0 + ($1 >= 0xC0 ? 1 : 0) }
    }

    /// Appends U+FFFD for the sequence at `offset` in the source.
    mutating func replace(sourceOffset offset: Int, atEnd: Bool) {
        if firstReplacedOffset == nil { firstReplacedOffset = offset }
        replaced += 1
        isCutOffMidCharacter = replaced == 1 && atEnd
        utf8.append(contentsOf: Self.replacementCharacter)
    }
}
