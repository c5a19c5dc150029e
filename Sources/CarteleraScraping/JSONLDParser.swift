/// A strict JSON parser for JSON-LD blocks, with limits on size and nesting; in its JavaScript mode it also reads the
/// object literals scripts assign (unquoted and single-quoted names, single-quoted strings and JavaScript escapes,
/// trailing commas, comments, `undefined`, `!0` and `!1`).
///
/// Foundation's `JSONSerialization` is not used: on Linux it accepts trailing commas (so a broken block would
/// pass unnoticed), it recurses without a limit a page could choose, and its errors give no position. This
/// parser recurses at most `maxDepth` levels, refuses anything deeper before descending, and says where and
/// why a block is broken, including whether the text simply stops (a block cut short).
struct JSONLDParser {
    /// Objects and arrays nested deeper than this are refused: real JSON-LD nests a handful of levels.
    static let maxDepth = 100

    /// Why a block could not be read.
    struct Failure: Error, Sendable {
        var message: String
        /// The text ended inside a string, object or array: something cut the block short.
        var truncated: Bool
    }

    private let bytes: [UInt8]
    private var index = 0
    /// Whether JavaScript literals are read, not only JSON.
    private let javaScript: Bool

    private init(_ bytes: [UInt8], javaScript: Bool = false) {
        self.bytes = bytes
        self.javaScript = javaScript
    }

    /// The one JSON value `bytes` hold, surrounded by white space only.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = JSONLDParser(bytes)
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw Failure(message: "the block is empty", truncated: false) }
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.failure("unexpected \(parser.describeCurrent()) after the end of the JSON value") }
        return value
    }

    /// The JSON value (or, with `javaScript`, the JavaScript literal) at `start` in `bytes` (after white space) and
    /// the offset just past it; what follows is not read.
    static func parsePrefix(_ bytes: [UInt8], from start: Int = 0, javaScript: Bool = false) throws(Failure) -> (value: JSONValue, end: Int) {
        var parser = JSONLDParser(bytes, javaScript: javaScript)
        parser.index = max(0, min(start, bytes.count))
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw Failure(message: "the text is empty", truncated: false) }
        let value = try parser.value(depth: 0)
        return (value, parser.index)
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw failure("the text ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "'") where javaScript: return .string(try string())
        case UInt8(ascii: "u") where javaScript: try literal("undefined"); return .null
        case UInt8(ascii: "!") where javaScript:
            // Minifiers write true and false as !0 and !1.
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "0") || bytes[index + 1] == UInt8(ascii: "1") else {
                throw failure("unexpected \(describeCurrent()) where a value should be")
            }
            index += 2
            return .bool(bytes[index - 1] == UInt8(ascii: "0"))
        default: throw failure("unexpected \(describeCurrent()) where a value should be")
        }
    }

    /// A member name: a string, or in JavaScript also a single-quoted string, a bare name or a number.
    private mutating func memberName() throws(Failure) -> String {
        if bytes[index] == UInt8(ascii: "\"") || (javaScript && bytes[index] == UInt8(ascii: "'")) { return try string() }
        guard javaScript, Self.isNameByte(bytes[index]) else {
            if bytes[index] == UInt8(ascii: "}") { throw failure("a trailing comma before \"}\"") }
            throw failure("unexpected \(describeCurrent()) where a member name should be")
        }
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        try checkDepth(depth)
        index += 1
        var members = JSONObject()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw failure("the text ends inside an object") }
            if javaScript, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            let key = try memberName()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "\":\" after the member name \"\(key)\"")
            skipWhitespace()
            members[key] = try value(depth: depth)
            skipWhitespace()
            guard index < bytes.count else { throw failure("the text ends inside an object") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw failure("unexpected \(describeCurrent()) after the member \"\(key)\" (expected \",\" or \"}\")")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        try checkDepth(depth)
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                guard javaScript else { throw failure("a trailing comma before \"]\"") }
                index += 1
                return .array(elements)
            }
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw failure("the text ends inside an array") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw failure("unexpected \(describeCurrent()) in an array (expected \",\" or \"]\")")
            }
        }
    }

    private mutating func string() throws(Failure) -> String {
        let quote = bytes[index]
        index += 1
        var text: [UInt8] = []
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                text += bytes[runStart..<index]
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                text += bytes[runStart..<index]
                try escape(into: &text)
                runStart = index
                continue
            }
            // Raw line breaks and other control characters are invalid in JSON strings (JavaScript allows a tab).
            if byte < 0x20, !(javaScript && byte == 0x09) { throw failure("a raw control character (0x\(String(byte, radix: 16))) inside a string") }
            index += 1
        }
        throw failure("the text ends inside a string")
    }

    private mutating func escape(into text: inout [UInt8]) throws(Failure) {
        index += 1
        guard index < bytes.count else { throw failure("the text ends inside a string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                index += 2
                let low = try hex4()
                scalar = (0xDC00..<0xE000).contains(low) ? 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00) : 0xFFFD
            }
            // A lone surrogate cannot be encoded: it becomes the replacement character, as browsers do.
            text += Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        case UInt8(ascii: "x") where javaScript:
            guard index + 2 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 2], as: UTF8.self), radix: 16) else {
                throw failure("an invalid \\x escape inside a string")
            }
            index += 2
            text += Array(String(Character(Unicode.Scalar(value) ?? "\u{FFFD}")).utf8)
        case UInt8(ascii: "v") where javaScript: text.append(0x0B)
        case UInt8(ascii: "0") where javaScript: text.append(0)
        // A backslash before a line break continues the line.
        case 0x0A where javaScript: break
        case 0x0D where javaScript:
            if index < bytes.count, bytes[index] == 0x0A { index += 1 }
        // Any other escaped character stands for itself in JavaScript ("\'", "\-").
        case let other where javaScript && other >= 0x20: text.append(other)
        default:
            index -= 1
            throw failure("an invalid escape \"\\\(describeByte(byte))\" inside a string")
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("the text ends inside a string") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else { throw failure("an invalid \\u escape inside a string") }
            value = value * 16 + digit
        }
        index += 4
        return value
    }

    private mutating func number() throws(Failure) -> Double {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0 else { throw failure("a malformed number") }
        if leadingZero, integerDigits > 1 { throw failure("a number with a leading zero") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("a malformed number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("a malformed number") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw failure("a number out of range")
        }
        return value
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            if bytes.count - index < expected.count, Array(bytes[index...]) == Array(expected.prefix(bytes.count - index)) {
                index = bytes.count
                throw failure("the text ends inside \(word)")
            }
            throw failure("unexpected \(describeCurrent()) where a value should be")
        }
        index += expected.count
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard index < bytes.count else { throw failure("the text ends inside an object") }
        guard bytes[index] == byte else { throw failure("expected \(what), found \(describeCurrent())") }
        index += 1
    }

    private func checkDepth(_ depth: Int) throws(Failure) {
        if depth > Self.maxDepth { throw Failure(message: "objects and arrays nested deeper than \(Self.maxDepth) levels", truncated: false) }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            } else if javaScript, bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if javaScript, bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index = min(index + 2, bytes.count)
            } else {
                return
            }
        }
    }

    private func describeCurrent() -> String {
        index < bytes.count ? "\"\(describeByte(bytes[index]))\"" : "the end of the text"
    }

    private func describeByte(_ byte: UInt8) -> String {
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "0x\(String(byte, radix: 16))"
    }

    /// A failure at the current position, with its line and column; at the end of the text it is a truncation.
    private func failure(_ message: String) -> Failure {
        let position = min(index, bytes.count)
        var line = 1, column = 1
        for byte in bytes[..<position] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return Failure(message: "\(message) at line \(line), column \(column)", truncated: index >= bytes.count)
    }
}
