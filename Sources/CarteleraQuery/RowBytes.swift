import CarteleraStore

/// Writes one answer row into bytes already reserved for it, each part a copy or a digit loop with no capacity or
/// uniqueness check: `Array.append` pays both per call, and a programme row is some twenty parts.
///
/// The caller reserves at least as many bytes as the row can take (`AnswerOutput.append(reserving:_:)`); a text that
/// needs escaping is sized at six bytes per byte, the longest JSON escape (`\u001f`), a number at `numberBound`. Each part
/// checks that it fits before it is written (one comparison), so a wrong reservation stops the program instead of
/// writing past the bytes.
struct RowBytes {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Rows written into `room`, memory an `AnswerOutput` hands out (not empty: it holds at least what was asked).
    init(_ room: UnsafeMutableRawBufferPointer) {
        self.init(room.baseAddress.unsafelyUnwrapped.bindMemory(to: UInt8.self, capacity: room.count), capacity: room.count)
    }

    /// Bytes left to write into.
    var room: Int { capacity - count }

    /// Takes back what was written after the first `mark` bytes: a row that did not fit, to be written elsewhere.
    mutating func rewind(to mark: Int) {
        precondition(mark >= 0 && mark <= count, "a row was rewound past its start")
        count = mark
    }

    /// The most bytes `number(_:)` writes: a double's shortest form is at most 24 (`-2.2250738585072014e-308`).
    static let numberBound = 32

    @inline(__always)
    private func fits(_ more: Int) {
        precondition(more <= capacity - count, "an answer row outgrew the bytes reserved for it")
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        fits(1)
        base[count] = value
        count += 1
    }

    /// The bytes of `source`. A row's parts are a few to a few dozen bytes, which a few overlapping words copy without a
    /// call: `memmove`'s call and dispatch cost more than such a copy, some fifteen times a row.
    @inline(__always)
    mutating func bytes(_ source: UnsafeRawBufferPointer) {
        guard let start = source.baseAddress, !source.isEmpty else { return }
        let length = source.count
        fits(length)
        let target = UnsafeMutableRawPointer(base + count)
        func word(_ offset: Int) { target.storeBytes(of: start.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self) }
        func half(_ offset: Int) { target.storeBytes(of: start.loadUnaligned(fromByteOffset: offset, as: UInt32.self), toByteOffset: offset, as: UInt32.self) }
        switch length {
        case 1...3:
            for offset in 0..<length { target.storeBytes(of: start.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self) }
        case 4...7:
            half(0)
            half(length - 4)
        case 8...16:
            word(0)
            word(length - 8)
        case 17...32:
            word(0)
            word(8)
            word(length - 16)
            word(length - 8)
        default:
            target.copyMemory(from: start, byteCount: length)
        }
        count += length
    }

    /// The bytes of `source` in `range`.
    mutating func bytes(_ source: UnsafeRawBufferPointer, _ range: Range<Int>) {
        bytes(UnsafeRawBufferPointer(rebasing: source[range]))
    }

    mutating func bytes(_ source: [UInt8]) {
        source.withUnsafeBytes { bytes($0) }
    }

    @inline(__always)
    mutating func literal(_ text: StaticString) {
        bytes(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A whole number as `CanonicalJSON.append(integer:)` writes it.
    mutating func integer(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        fits(digits)
        var position = count + digits
        count = position
        repeat {
            position -= 1
            base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// A double as `CanonicalJSON.append(number:to:)` writes it: a whole number as an integer, else its shortest
    /// round-trip form without a trailing `.0`. At most `numberBound` bytes.
    mutating func number(_ value: Double) {
        if let whole = CanonicalJSON.wholeNumber(value) {
            integer(whole)
            return
        }
        var text = value.description
        text.withUTF8 { utf8 in
            var text = UnsafeRawBufferPointer(utf8)
            // The description is ASCII: its last two bytes are its last two characters.
            if text.count >= 2, text[text.count - 2] == UInt8(ascii: "."), text[text.count - 1] == UInt8(ascii: "0") {
                text = UnsafeRawBufferPointer(rebasing: text.dropLast(2))
            }
            bytes(text)
        }
    }

    /// An instant as `CanonicalJSON.append(instant:)` writes it (`"2026-11-22T20:30:00Z"`): its UTC day's `YYYY-MM-DDT`
    /// and its second of that day, 0 to 86 399, checked against the room once.
    mutating func instant(date: UnsafeRawBufferPointer, second: Int) {
        fits(date.count + 12)
        base[count] = UInt8(ascii: "\"")
        count += 1
        bytes(date)
        let zero = UInt8(ascii: "0"), hour = second / 3600, minute = second / 60 % 60, rest = second % 60
        let time = base + count
        time[0] = zero &+ UInt8(truncatingIfNeeded: hour / 10)
        time[1] = zero &+ UInt8(truncatingIfNeeded: hour % 10)
        time[2] = UInt8(ascii: ":")
        time[3] = zero &+ UInt8(truncatingIfNeeded: minute / 10)
        time[4] = zero &+ UInt8(truncatingIfNeeded: minute % 10)
        time[5] = UInt8(ascii: ":")
        time[6] = zero &+ UInt8(truncatingIfNeeded: rest / 10)
        time[7] = zero &+ UInt8(truncatingIfNeeded: rest % 10)
        time[8] = UInt8(ascii: "Z")
        time[9] = UInt8(ascii: "\"")
        count += 10
    }

    /// UTF-8 text as a JSON string literal, quotes included, escaped as `CanonicalJSON.append(utf8:to:)` escapes it; text
    /// that needs no escape (nearly all) is copied whole. Needs `text.count + 2` bytes, `6 × text.count + 2` when `needsEscape(text)`.
    mutating func string(_ text: UnsafeRawBufferPointer) {
        string(text, escaping: Self.needsEscape(text))
    }

    /// `string(_:)` for a text whose `needsEscape` is already known: the row's bound was sized from it.
    mutating func string(_ text: UnsafeRawBufferPointer, escaping: Bool) {
        guard escaping else {
            byte(UInt8(ascii: "\""))
            bytes(text)
            byte(UInt8(ascii: "\""))
            return
        }
        var escaped: [UInt8] = []
        CanonicalJSON.append(utf8: text, to: &escaped)
        bytes(escaped)
    }

    /// A `String` as `string(_:)` writes its UTF-8 bytes; needs `6 × text.utf8.count + 2` bytes.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(UnsafeRawBufferPointer($0)) }
    }

    /// Whether `text` holds a byte JSON escapes (a control character, `"` or `\`), eight bytes at a time: a byte below
    /// 0x20 leaves its high bit set in `word - 0x20…20` where the word's own was clear, and so does a zero byte of the
    /// word xored with `"` or `\` repeated.
    static func needsEscape(_ text: UnsafeRawBufferPointer) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func below(_ word: UInt64, _ bound: UInt8) -> Bool { (word &- ones &* UInt64(bound)) & ~word & highs != 0 }
        var offset = 0
        while offset + 8 <= text.count {
            let word = text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if below(word, 0x20) || below(word ^ (ones &* UInt64(UInt8(ascii: "\""))), 1) || below(word ^ (ones &* UInt64(UInt8(ascii: "\\"))), 1) {
                return true
            }
            offset += 8
        }
        while offset < text.count {
            let byte = text[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            offset += 1
        }
        return false
    }
}
