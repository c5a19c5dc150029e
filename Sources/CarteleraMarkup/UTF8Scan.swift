/// How well a byte sequence conforms to UTF-8: counts of valid multi-byte and invalid sequences.
///
/// An invalid sequence is a maximal subpart in Unicode's sense (the longest prefix of a well-formed sequence,
/// or one byte), which is also what one U+FFFD replaces when repairing.
struct UTF8Scan {
    /// Valid sequences of two to four bytes: characters outside ASCII.
    var multibyteSequences = 0
    /// Invalid sequences, including one cut off at the very end.
    var invalidSequences = 0
    /// The offset of the first invalid sequence.
    var firstInvalidOffset: Int?
    /// Whether the only invalid sequence is an incomplete one at the very end (a body cut off mid-character).
    var isCutOffMidCharacter = false

    /// Whether every sequence is valid.
    var isValid: Bool { invalidSequences == 0 }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        var lastInvalid = (start: 0, end: 0)
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            let sequence = Self.sequence(in: bytes, at: index)
            if sequence.isValid {
                multibyteSequences += 1
            } else {
                if firstInvalidOffset == nil { firstInvalidOffset = index }
                invalidSequences += 1
                lastInvalid = (index, index + sequence.length)
            }
            index += sequence.length
        }
        isCutOffMidCharacter =
            invalidSequences == 1 && lastInvalid.end == bytes.count && (0xC2...0xF4).contains(bytes[lastInvalid.start])
    }

    /// The length of the sequence starting at `index` (a non-ASCII byte) and whether it is valid.
    static func sequence(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (length: Int, isValid: Bool) {
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        let length: Int
        switch bytes[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xED: length = 3; high = 0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; low = 0x90
        case 0xF4: length = 4; high = 0x8F
        case 0xF1...0xF3: length = 4
        default: return (1, false)
        }
        var offset = 1
        while offset < length {
            guard index + offset < bytes.count else { return (offset, false) }
            let range = offset == 1 ? low...high : 0x80...0xBF
            guard range.contains(bytes[index + offset]) else { return (offset, false) }
            offset += 1
        }
        return (length, true)
    }
}
