/// A query string decoded into names and their values, each name looked up once among the declared parameters.
///
/// Hand-written because neither of Hummingbird's readers fits the API's documented query strings: its
/// `URLEncodedFormDecoder` refuses a repeated name (`?channel=La1.es&channel=La2.es`) and drops a bare one (`?free`),
/// and `URI.queryParameters` leaves names encoded, `+` as it is, and keeps a value it cannot decode as raw text
/// instead of refusing it. It reads the string's UTF-8 bytes once: a name or value without `%` or `+` (nearly all) is
/// its own bytes once checked.
public struct QueryString: Sendable {
    /// A name and every value given to it, in the order given.
    public struct Entry: Sendable {
        /// The decoded name.
        public let name: String
        /// The decoded values.
        public fileprivate(set) var values: [String]
        /// Where `QueryParameters` keeps the declared parameter of this name; nil for another name.
        let slot: QueryParameter.Slot?

        /// Whether the name is one of `QueryParameter.all`.
        public var isDeclared: Bool { slot != nil }
    }

    /// The names given, in the order each was first given, with their values.
    public private(set) var entries: [Entry] = []

    /// The most parameters one query string may carry.
    public static let maximumParameters = 64

    /// Decodes `raw` (without the `?`): `+` is a space, percent-escapes must be valid UTF-8, and no value may hold a
    /// control character (a CR or LF smuggled into a parameter never reaches a header or a log line).
    public init(_ raw: String?) throws(QueryStringError) {
        guard var raw, !raw.isEmpty else { return }
        entries = try raw.withUTF8 { bytes in Result { () throws(QueryStringError) in try Self.entries(bytes) } }.get()
    }

    /// The values of `name`, nil when it is not given.
    public func values(_ name: String) -> [String]? {
        entries.first { $0.name == name }?.values
    }

    /// The entries of `bytes`, split on `&`, each pair on its first `=`.
    private static func entries(_ bytes: UnsafeBufferPointer<UInt8>) throws(QueryStringError) -> [Entry] {
        var pairs = 0, previous = UInt8(ascii: "&")
        for byte in bytes {
            if byte != UInt8(ascii: "&"), previous == UInt8(ascii: "&") { pairs += 1 }
            previous = byte
        }
        guard pairs <= maximumParameters else {
            throw QueryStringError(parameter: nil, message: "at most \(maximumParameters) parameters")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(pairs)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
            if start != end {
                var equals = start
                while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = try decode(bytes, start..<equals, name: nil)
                let value = equals == end ? "" : try decode(bytes, equals + 1..<end, name: name)
                if let given = entries.firstIndex(where: { $0.name == name }) {
                    entries[given].values.append(value)
                } else {
                    entries.append(Entry(name: name, values: [value], slot: QueryParameter.Slot(name: name)))
                }
            }
            start = end + 1
        }
        return entries
    }

    /// The bytes at `range` decoded: without `%` or `+` they are the text itself once checked; otherwise `+` is a space
    /// and `%XX` a byte, and the bytes must be UTF-8. `name` is the parameter whose value they are, nil for a name.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, name: String?) throws(QueryStringError) -> String {
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        guard text.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            try check(text, raw: text, name: name)
            return String(decoding: text, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(text.count)
        var position = 0
        while position < text.count {
            let byte = text[position]
            position += 1
            switch byte {
            case UInt8(ascii: "+"): decoded.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard position + 1 < text.count, let high = hexDigit(text[position]), let low = hexDigit(text[position + 1]) else {
                    throw notEncoded(text, name)
                }
                position += 2
                decoded.append(high << 4 | low)
            default: decoded.append(byte)
            }
        }
        guard let valid = String(validating: decoded, as: UTF8.self) else { throw notEncoded(text, name) }
        try decoded.withUnsafeBufferPointer { decoded throws(QueryStringError) in try check(decoded, raw: text, name: name) }
        return valid
    }

    /// Refuses decoded UTF-8 holding U+FFFD (`EF BF BD`: raw bytes that were not UTF-8 arrive as it, and no parameter
    /// legitimately holds one) or a control character (below U+0020, U+007F, or U+0080 to U+009F: `C2 80` to `C2 9F`);
    /// a replacement character anywhere is reported before a control one.
    private static func check(_ decoded: UnsafeBufferPointer<UInt8>, raw: UnsafeBufferPointer<UInt8>, name: String?) throws(QueryStringError) {
        var control = false
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in decoded {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) { control = true }
            if byte == 0xBD, previous == 0xBF, beforePrevious == 0xEF { throw notEncoded(raw, name) }
            beforePrevious = previous
            previous = byte
        }
        if control {
            throw QueryStringError(parameter: name ?? "parameter name", message: "\(name ?? "a parameter name"): holds a control character")
        }
    }

    private static func notEncoded(_ raw: UnsafeBufferPointer<UInt8>, _ name: String?) -> QueryStringError {
        QueryStringError(parameter: name ?? String(String(decoding: raw, as: UTF8.self).prefix(40)),
                         message: "\(name ?? "a parameter name"): is not valid percent-encoded UTF-8")
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

/// A query string no client should send: too many parameters, an escape that is not UTF-8, a control character.
public struct QueryStringError: Error, Sendable, Equatable {
    /// The parameter at fault (the start of its name when the name cannot be decoded); nil when there are too many.
    public var parameter: String?
    /// What is wrong, in words.
    public var message: String
}

extension QueryParameters {
    /// The declared parameters of `queryString` set as `set(_:to:)` sets them (other names are left to the caller). When
    /// several cannot be set, the first by name is the one named, as setting them in the order of their names would.
    public init(_ queryString: QueryString) throws(QueryError) {
        self.init()
        let rules = QueryParameter.rules
        var failure: QueryError?
        for entry in queryString.entries {
            guard let slot = entry.slot else { continue }
            do {
                try set(slot, rules[slot.rawValue], name: entry.name, to: entry.values)
            } catch {
                if failure.map({ entry.name < $0.parameter }) ?? true { failure = error }
            }
        }
        if let failure { throw failure }
    }
}
