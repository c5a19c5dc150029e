/// A request's query string as decoded name → values pairs, refusing what no client should send.
///
/// Hand-written because neither of Hummingbird's readers fits the API's documented query strings: its
/// `URLEncodedFormDecoder` refuses a repeated name (`?channel=La1.es&channel=La2.es`) and drops a bare one (`?free`),
/// and `URI.queryParameters` leaves names encoded, `+` as it is, and keeps a value it cannot decode as raw text
/// instead of refusing it.
struct QueryString {
    /// Values by name, in the order given.
    private(set) var values: [String: [String]] = [:]

    /// The most parameters one request may carry.
    static let maximumParameters = 64

    /// Decodes `raw` (without the `?`): `+` is a space, percent-escapes must be valid UTF-8, and no value may hold a
    /// control character (a CR or LF smuggled into a parameter never reaches a header or a log line).
    init(_ raw: String?) throws(APIError) {
        guard let raw, !raw.isEmpty else { return }
        // Split on the UTF-8 bytes: `String.split` walks grapheme clusters, and a query string's separators are ASCII.
        let utf8 = raw.utf8
        var pairs = 0, previous = UInt8(ascii: "&")
        for byte in utf8 {
            if byte != UInt8(ascii: "&"), previous == UInt8(ascii: "&") { pairs += 1 }
            previous = byte
        }
        guard pairs <= Self.maximumParameters else {
            throw APIError(status: .badRequest, code: "too_many_parameters", message: "at most \(Self.maximumParameters) parameters")
        }
        values.reserveCapacity(pairs)
        var start = utf8.startIndex
        while start != utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if start != end {
                let pair = raw[start..<end]
                let name: String, value: String
                if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
                    name = try Self.decode(pair[..<equals], name: nil)
                    value = try Self.decode(pair[pair.utf8.index(after: equals)...], name: name)
                } else {
                    name = try Self.decode(pair, name: nil)
                    value = ""
                }
                values[name, default: []].append(value)
            }
            start = end == utf8.endIndex ? end : utf8.index(after: end)
        }
    }

    /// The single value of `name`; 400 when it is given more than once.
    func single(_ name: String) throws(APIError) -> String? {
        guard let given = values[name] else { return nil }
        guard given.count == 1 else { throw APIError.badParameter(name, "\(name): give it once") }
        return given[0]
    }

    /// Throws 400 for the first parameter not in `allowed`.
    func requireOnly(_ allowed: Set<String>) throws(APIError) {
        if let unknown = values.keys.filter({ !allowed.contains($0) }).min() {
            throw APIError.badParameter(unknown, "\(unknown): unknown parameter here (this endpoint takes \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    /// `text` decoded byte by byte: a value without `%` or `+` (nearly all) is itself once checked; otherwise `+` is a
    /// space and `%XX` a byte, and the bytes must be UTF-8. Foundation's `removingPercentEncoding` does the same through
    /// `NSString` and costed a fifth of a small answer's time.
    private static func decode(_ text: Substring, name: String?) throws(APIError) -> String {
        let utf8 = text.utf8
        let decoded: String
        if !utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            decoded = String(text)
        } else {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count)
            var position = utf8.startIndex
            while position != utf8.endIndex {
                let byte = utf8[position]
                position = utf8.index(after: position)
                switch byte {
                case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
                case UInt8(ascii: "%"):
                    guard position != utf8.endIndex, let high = hexDigit(utf8[position]) else { throw notEncoded(text, name) }
                    position = utf8.index(after: position)
                    guard position != utf8.endIndex, let low = hexDigit(utf8[position]) else { throw notEncoded(text, name) }
                    position = utf8.index(after: position)
                    bytes.append(high << 4 | low)
                default: bytes.append(byte)
                }
            }
            guard let valid = String(validating: bytes, as: UTF8.self) else { throw notEncoded(text, name) }
            decoded = valid
        }
        switch forbiddenScalar(decoded) {
        case .clean: return decoded
        // Raw bytes that are not UTF-8 arrive as U+FFFD; no parameter legitimately holds one.
        case .replacement: throw notEncoded(text, name)
        case .control: throw APIError.badParameter(name ?? "parameter name", "\(name ?? "a parameter name"): holds a control character")
        }
    }

    /// What no decoded parameter may hold.
    private enum ForbiddenScalar {
        case clean, replacement, control
    }

    /// The first of U+FFFD (`EF BF BD`) or a control character (below U+0020, U+007F, or U+0080 to U+009F: `C2 80` to
    /// `C2 9F`) in `text`, found in its UTF-8 bytes: a replacement character anywhere is reported before a control one.
    private static func forbiddenScalar(_ text: String) -> ForbiddenScalar {
        var control = false
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) { control = true }
            if byte == 0xBD, previous == 0xBF, beforePrevious == 0xEF { return .replacement }
            beforePrevious = previous
            previous = byte
        }
        return control ? .control : .clean
    }

    private static func notEncoded(_ text: Substring, _ name: String?) -> APIError {
        APIError.badParameter(name ?? String(text.prefix(40)), "\(name ?? "a parameter name"): is not valid percent-encoded UTF-8")
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
