#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraModel

/// The canonical reader met something the store's writers never write; the caller hands the file to `JSONDecoder`.
struct CanonicalRefusal: Error {}

/// A strict reader of the JSON the store writes: no whitespace, keys in sorted order, absent optionals left out.
///
/// It accepts only what it can read exactly as `JSONDecoder` would: strings that are valid UTF-8 with JSON's escapes
/// (no surrogate escapes), integers without a fraction or exponent that fit in 18 digits, finite doubles. Anything
/// else throws `CanonicalRefusal`, and the file goes to `JSONDecoder`, which reads it or explains what is wrong.
/// Hand-written because Foundation's decoder builds a tree of every value and then looks each key up by name,
/// thirty times slower on the store's million-programme files.
struct CanonicalJSONReader {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    /// The offset of the next byte to read.
    private(set) var position: Int
    /// Where the last instant written `YYYY-MM-DDThh:mm:ssZ` lies, and the first second of its day: a shard's instants
    /// mostly share their day, and the same first eleven bytes (the date and its `T`) are the same day.
    private var lastInstant: (start: Int, dayStart: Int64)?

    /// A reader of `count` bytes at `base`.
    init(_ base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.end = count
        self.position = 0
    }

    /// Whether every byte has been read.
    var atEnd: Bool { position == end }

    /// How many bytes are left to read.
    var remaining: Int { end - position }

    /// How many times `literal` occurs in the bytes from the position on.
    func occurrences(of literal: StaticString) -> Int {
        let needle = UnsafeRawPointer(literal.utf8Start), needleCount = literal.utf8CodeUnitCount
        guard needleCount > 0 else { return 0 }
        let first = Int32(literal.utf8Start.pointee)
        var count = 0, index = position
        while end - index >= needleCount, let found = memchr(base + index, first, end - index - needleCount + 1) {
            let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if Self.equal(UnsafeRawPointer(base + offset), needle, needleCount) {
                count += 1
                index = offset + needleCount
            } else {
                index = offset + 1
            }
        }
        return count
    }

    /// Consumes `literal` when the bytes at the position are exactly it.
    @inline(__always)
    mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - position >= count, Self.equal(UnsafeRawPointer(base + position), UnsafeRawPointer(literal.utf8Start), count) else { return false }
        position += count
        return true
    }

    /// Whether `count` bytes at `a` and `b` are equal: the keys are short, so two overlapping 8-byte loads (or 4-byte
    /// ones) beat a call to `memcmp`.
    @inline(__always)
    private static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
                offset += 8
            }
            return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        for offset in 0..<count where a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
            return false
        }
        return true
    }

    /// The value at the position, read by `read`; when its bytes repeat those `last` was read from, `last`'s value
    /// without reading them again (the same bytes read to the same value), sharing its storage.
    @inline(__always)
    mutating func value<Value>(
        repeating last: inout RepeatedValue<Value>?, _ read: (inout CanonicalJSONReader) throws(CanonicalRefusal) -> Value
    ) throws(CanonicalRefusal) -> Value {
        if let last, end - position >= last.count, Self.equal(UnsafeRawPointer(base + position), UnsafeRawPointer(base + last.start), last.count) {
            position += last.count
            return last.value
        }
        let start = position
        let value = try read(&self)
        last = RepeatedValue(start: start, count: position - start, value: value)
        return value
    }

    /// Consumes `literal`, or refuses.
    @inline(__always)
    mutating func expect(_ literal: StaticString) throws(CanonicalRefusal) {
        guard take(literal) else { throw CanonicalRefusal() }
    }

    /// Consumes one byte when it is `byte`.
    @inline(__always)
    mutating func take(byte: UInt8) -> Bool {
        guard position < end, base[position] == byte else { return false }
        position += 1
        return true
    }

    /// Consumes a string literal whose text is exactly `text`, unescaped.
    mutating func expectString(_ text: String) throws(CanonicalRefusal) {
        var text = text
        let count = text.utf8.count
        guard end - position >= count + 2, base[position] == quote, base[position + count + 1] == quote else { throw CanonicalRefusal() }
        let matched = text.withUTF8 { utf8 in utf8.elementsEqual(UnsafeBufferPointer(start: base + position + 1, count: count)) }
        guard matched else { throw CanonicalRefusal() }
        position += count + 2
    }

    // MARK: strings

    /// A string literal's value.
    mutating func string() throws(CanonicalRefusal) -> String {
        let (start, count, highBits) = try plainString()
        guard count >= 0 else { return try escapedString(from: start) }
        let bytes = UnsafeBufferPointer(start: base + start, count: count)
        // Validated once, by `UTF8Span`, and copied into the string as it is: `String(decoding:)` would validate again (and
        // repair bad UTF-8 with U+FFFD where JSONDecoder refuses it), and `String(validating:)` validates through generic
        // code that costs twice as much. ASCII text, told by the scan's high bits, is valid as it stands.
        let text: UTF8Span
        if highBits & 0x80 == 0 {
            text = unsafe UTF8Span(unchecked: bytes.span, isKnownASCII: true)
        } else {
            guard let valid = try? UTF8Span(validating: bytes.span) else { throw CanonicalRefusal() }
            text = valid
        }
        return String(copying: text)
    }

    /// The string after `key` (a literal such as `,"country":`) when the bytes continue with it; nil when they do not.
    mutating func string(ifKey key: StaticString) throws(CanonicalRefusal) -> String? {
        guard take(key) else { return nil }
        return try string()
    }

    /// The bytes of a string literal that holds no escape, for values read from a fixed table; refuses one with escapes.
    mutating func unescapedStringBytes() throws(CanonicalRefusal) -> UnsafeBufferPointer<UInt8> {
        let (start, count, _) = try plainString()
        guard count >= 0 else { throw CanonicalRefusal() }
        return UnsafeBufferPointer(start: base + start, count: count)
    }

    /// The case of `names` a string literal holds, unescaped; refuses any other text (JSONDecoder then explains it).
    @inline(__always)
    mutating func name<Value>(in names: CanonicalNames<Value>) throws(CanonicalRefusal) -> Value {
        let (start, count, _) = try plainString()
        guard count >= 0 else { throw CanonicalRefusal() }
        return try names.value(at: UnsafeRawPointer(base + start), count: count, readable: end - start)
    }

    /// A list of strings.
    mutating func strings() throws(CanonicalRefusal) -> [String] {
        try expectByte(openBracket)
        if take(byte: closeBracket) { return [] }
        var values: [String] = []
        values.reserveCapacity(4)
        repeat {
            values.append(try string())
        } while take(byte: comma)
        try expectByte(closeBracket)
        return values
    }

    /// A list of values each read by `element`.
    mutating func list<Element>(_ element: (inout CanonicalJSONReader) throws(CanonicalRefusal) -> Element) throws(CanonicalRefusal) -> [Element] {
        try expectByte(openBracket)
        if take(byte: closeBracket) { return [] }
        var values: [Element] = []
        repeat {
            values.append(try element(&self))
        } while take(byte: comma)
        try expectByte(closeBracket)
        return values
    }

    /// An instant written as ISO 8601, read as `Timestamp`'s decoder reads it.
    ///
    /// One written as the store writes it, `YYYY-MM-DDThh:mm:ssZ`, with the same first eleven bytes as the last one read
    /// in that form takes only its time of day from the bytes: its day's were read, and checked, then.
    mutating func timestamp() throws(CanonicalRefusal) -> Timestamp {
        let bytes = try unescapedStringBytes()
        guard let start = bytes.baseAddress else { throw CanonicalRefusal() }
        let offset = base.distance(to: start)
        if let last = lastInstant, let second = Self.secondOfDay(bytes), Self.equal(UnsafeRawPointer(start), UnsafeRawPointer(base + last.start), 11) {
            return Timestamp(secondsSince1970: last.dayStart + second)
        }
        guard let value = Timestamp(iso8601UTF8: bytes) else { throw CanonicalRefusal() }
        if let second = Self.secondOfDay(bytes) { lastInstant = (offset, value.secondsSince1970 - second) }
        return value
    }

    /// The seconds since midnight of an instant written `YYYY-MM-DDThh:mm:ssZ` (20 bytes, a `Z` last), checked as
    /// `Timestamp(iso8601UTF8:)` checks them (a leap second reads as the next day's first); nil for any other form.
    @inline(__always)
    private static func secondOfDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count == 20, bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z") else { return nil }
        func twoDigits(_ index: Int) -> Int64? {
            let tens = bytes[index] &- UInt8(ascii: "0"), units = bytes[index + 1] &- UInt8(ascii: "0")
            guard tens < 10, units < 10 else { return nil }
            return Int64(tens) * 10 + Int64(units)
        }
        guard let hours = twoDigits(11), hours < 24, let minutes = twoDigits(14), minutes < 60, let seconds = twoDigits(17), seconds < 61 else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }

    /// A day written as `YYYY-MM-DD`, read as `Day`'s decoder reads it.
    mutating func day() throws(CanonicalRefusal) -> Day {
        guard let day = Day(try string()) else { throw CanonicalRefusal() }
        return day
    }

    /// The instant after `key` when the bytes continue with it; nil when they do not.
    mutating func timestamp(ifKey key: StaticString) throws(CanonicalRefusal) -> Timestamp? {
        guard take(key) else { return nil }
        return try timestamp()
    }

    /// Scans a string literal: where its text starts, its length (-1 when it holds an escape, the scan stopped there)
    /// and the OR of its bytes (bit 7 set when any is not ASCII).
    @inline(__always)
    private mutating func plainString() throws(CanonicalRefusal) -> (start: Int, count: Int, highBits: UInt8) {
        try expectByte(quote)
        let start = position
        var index = position
        // Eight bytes at a time while none is a quote, a backslash or a control character (SWAR: each test sets a
        // byte's high bit where it holds); the bytes' high bits are collected to tell ASCII text.
        var wordBits: UInt64 = 0
        while end - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let quotes = word ^ 0x2222_2222_2222_2222, backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let special = ((quotes &- 0x0101_0101_0101_0101) & ~quotes) | ((backslashes &- 0x0101_0101_0101_0101) & ~backslashes)
                | ((word &- 0x2020_2020_2020_2020) & ~word)
            let flags = special & 0x8080_8080_8080_8080
            if flags != 0 {
                // The lowest flag is exact (a borrow only reaches bytes above a real hit): the first special byte.
                let offset = flags.trailingZeroBitCount / 8
                wordBits |= offset == 0 ? 0 : word & (UInt64.max >> UInt64(64 - 8 * offset))
                index += offset
                break
            }
            wordBits |= word
            index += 8
        }
        var highBits: UInt8 = wordBits & 0x8080_8080_8080_8080 == 0 ? 0 : 0x80
        while index < end {
            let byte = base[index]
            if byte == quote {
                position = index + 1
                return (start, index - start, highBits)
            }
            if byte == backslash { return (start, -1, highBits) }
            if byte < 0x20 { throw CanonicalRefusal() }
            highBits |= byte
            index += 1
        }
        throw CanonicalRefusal()
    }

    /// A string with escapes, from its first byte: JSON's short escapes and `\uXXXX` outside the surrogates.
    ///
    /// A first pass finds the closing quote and checks every escape; an escape is ASCII and stands for whole UTF-8
    /// sequences, so the text is valid exactly when the literal's bytes are. The second pass writes the text straight
    /// into the string's storage, which the literal's length always bounds.
    private mutating func escapedString(from start: Int) throws(CanonicalRefusal) -> String {
        var index = start
        while true {
            guard index < end else { throw CanonicalRefusal() }
            let byte = base[index]
            if byte == quote { break }
            if byte < 0x20 { throw CanonicalRefusal() }
            guard byte == backslash else {
                index += 1
                continue
            }
            guard index + 1 < end else { throw CanonicalRefusal() }
            switch base[index + 1] {
            case quote, backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 2
            case UInt8(ascii: "u"):
                // A surrogate half is left to JSONDecoder, which pairs (or refuses) them.
                guard unicodeEscape(at: index) != nil else { throw CanonicalRefusal() }
                index += 6
            default:
                throw CanonicalRefusal()
            }
        }
        let literal = UnsafeBufferPointer(start: base + start, count: index - start)
        guard (try? UTF8Span(validating: literal.span)) != nil else { throw CanonicalRefusal() }
        position = index + 1
        return String(unsafeUninitializedCapacity: literal.count) { text in
            var written = 0, index = 0
            while index < literal.count {
                let byte = literal[index]
                guard byte == backslash else {
                    text[written] = byte
                    written += 1
                    index += 1
                    continue
                }
                let escaped: UInt8
                switch literal[index + 1] {
                case UInt8(ascii: "b"): escaped = 0x08
                case UInt8(ascii: "f"): escaped = 0x0C
                case UInt8(ascii: "n"): escaped = 0x0A
                case UInt8(ascii: "r"): escaped = 0x0D
                case UInt8(ascii: "t"): escaped = 0x09
                case UInt8(ascii: "u"):
                    // The first pass found a scalar there, which always encodes.
                    for unit in unicodeEscape(at: start + index).flatMap(UTF8.encode) ?? UTF8.EncodedScalar() {
                        text[written] = unit
                        written += 1
                    }
                    index += 6
                    continue
                case let other: escaped = other
                }
                text[written] = escaped
                written += 1
                index += 2
            }
            return written
        }
    }

    /// The scalar of the `\uXXXX` escape at `index`; nil when its digits are not hexadecimal, it is cut short or it is
    /// a surrogate half.
    private func unicodeEscape(at index: Int) -> Unicode.Scalar? {
        guard index + 6 <= end else { return nil }
        var scalar: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = Self.hexValue(base[index + offset]) else { return nil }
            scalar = scalar << 4 | digit
        }
        return Unicode.Scalar(scalar)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: numbers and literals

    /// An integer without fraction or exponent, at most 18 digits (so it cannot overflow).
    mutating func int() throws(CanonicalRefusal) -> Int {
        let negative = take(byte: UInt8(ascii: "-"))
        let digitsStart = position
        var value = 0
        while position < end, base[position] &- UInt8(ascii: "0") < 10 {
            value = value &* 10 &+ Int(base[position] &- UInt8(ascii: "0"))
            position += 1
        }
        let digits = position - digitsStart
        guard digits > 0, digits <= 18, digits == 1 || base[digitsStart] != UInt8(ascii: "0") else { throw CanonicalRefusal() }
        // A fraction or an exponent makes it a number this reader leaves to JSONDecoder.
        if position < end, base[position] == UInt8(ascii: ".") || base[position] | 0x20 == UInt8(ascii: "e") { throw CanonicalRefusal() }
        return negative ? -value : value
    }

    /// The integer after `key` when the bytes continue with it; nil when they do not.
    mutating func int(ifKey key: StaticString) throws(CanonicalRefusal) -> Int? {
        guard take(key) else { return nil }
        return try int()
    }

    /// A finite double, read to the same value as a correctly rounded parser reads it.
    mutating func double() throws(CanonicalRefusal) -> Double {
        let start = position
        let negative = take(byte: UInt8(ascii: "-"))
        var mantissa: UInt64 = 0
        var digits = 0
        var nonZero = false
        let integerStart = position
        while position < end, base[position] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(base[position] &- UInt8(ascii: "0"))
            nonZero = nonZero || base[position] != UInt8(ascii: "0")
            digits += 1
            position += 1
        }
        let integerDigits = position - integerStart
        guard integerDigits > 0, integerDigits == 1 || base[integerStart] != UInt8(ascii: "0") else { throw CanonicalRefusal() }
        var fractionDigits = 0
        if take(byte: UInt8(ascii: ".")) {
            while position < end, base[position] &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(base[position] &- UInt8(ascii: "0"))
                nonZero = nonZero || base[position] != UInt8(ascii: "0")
                digits += 1
                fractionDigits += 1
                position += 1
            }
            guard fractionDigits > 0 else { throw CanonicalRefusal() }
        }
        var hasExponent = false
        if position < end, base[position] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            position += 1
            if position < end, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") { position += 1 }
            let exponentStart = position
            while position < end, base[position] &- UInt8(ascii: "0") < 10 { position += 1 }
            guard position > exponentStart else { throw CanonicalRefusal() }
        }
        // Up to 15 digits and no exponent: the mantissa and the power of ten are exact doubles, and one division of
        // exact values rounds correctly, to the double nearest the decimal (the fast path of Clinger's algorithm).
        if !hasExponent, digits <= 15 {
            let value = Double(mantissa) / Self.powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        let token = String(decoding: UnsafeBufferPointer(start: base + start, count: position - start), as: UTF8.self)
        // Overflow and underflow are left to JSONDecoder, which refuses what it cannot represent.
        guard let value = Double(token), value.isFinite, value.magnitude >= Double.leastNormalMagnitude || !nonZero else {
            throw CanonicalRefusal()
        }
        return value
    }

    /// The double after `key` when the bytes continue with it; nil when they do not.
    mutating func double(ifKey key: StaticString) throws(CanonicalRefusal) -> Double? {
        guard take(key) else { return nil }
        return try double()
    }

    /// `true` or `false`.
    mutating func bool() throws(CanonicalRefusal) -> Bool {
        if take("true") { return true }
        if take("false") { return false }
        throw CanonicalRefusal()
    }

    /// Consumes `byte`, or refuses.
    mutating func expectByte(_ byte: UInt8) throws(CanonicalRefusal) {
        guard take(byte: byte) else { throw CanonicalRefusal() }
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }
}

/// A value `CanonicalJSONReader.value(repeating:_:)` read, and where its bytes lie in the reader's input.
struct RepeatedValue<Value> {
    var start: Int
    var count: Int
    var value: Value
}

private let quote = UInt8(ascii: "\"")
private let backslash = UInt8(ascii: "\\")
private let comma = UInt8(ascii: ",")
private let openBracket = UInt8(ascii: "[")
private let closeBracket = UInt8(ascii: "]")
