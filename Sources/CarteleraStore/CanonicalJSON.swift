import CarteleraModel
import CarteleraOutput

/// JSON values written byte by byte exactly as Foundation's `JSONEncoder` writes them with sorted keys and
/// unescaped slashes: the store's own encoding, which its files, the static API and the HTTP API's answers share.
public enum CanonicalJSON {
    /// Appends a string literal: `"` and `\` escaped, \b \f \n \r \t short, other control characters as \u00XX.
    public static func append(string text: String, to out: inout [UInt8]) {
        PublishedText.json(text, into: &out)
    }

    /// Appends a string literal of UTF-8 bytes (from an index or a file), escaped as `append(string:to:)` escapes.
    public static func append(utf8 bytes: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        PublishedText.json(utf8: bytes, into: &out)
    }

    /// Appends a string's text escaped, without the quotes: for a literal written in parts (an id from its channel and start).
    public static func append(escaped text: String, to out: inout [UInt8]) {
        PublishedText.jsonEscaped(text, into: &out)
    }

    /// The text of the string literal `bytes` hold whole, quotes included, read as the store's strict reader reads its
    /// files; nil for anything that reader refuses (surrogate escapes, control characters, bad UTF-8), which the caller
    /// leaves to `JSONDecoder`.
    public static func string(literal bytes: UnsafeRawBufferPointer) -> String? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var reader = CanonicalJSONReader(base, count: bytes.count)
        guard let text = try? reader.string(), reader.atEnd else { return nil }
        return text
    }

    /// The integer `append(number:to:)` writes `value` as: a whole number under 10^15 in magnitude, except -0, which
    /// keeps its sign as Foundation's "-0.0" less ".0" does; nil for a number written in its shortest round-trip form.
    public static func wholeNumber(_ value: Double) -> Int? {
        guard value == value.rounded(), value.magnitude < 1e15, value != 0 || value.sign == .plus else { return nil }
        return Int(value)
    }

    /// Appends a double as Foundation writes it: its shortest round-trip form, without a trailing `.0`.
    public static func append(number value: Double, to out: inout [UInt8]) {
        if let whole = wholeNumber(value) {
            append(integer: whole, to: &out)
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out += text.utf8
    }

    /// Appends an integer.
    public static func append(integer value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = out.count
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        out[start...].reverse()
    }

    /// Appends an instant as its ISO 8601 string literal (`"2026-11-22T20:30:00Z"`).
    public static func append(instant: Timestamp, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        instant.appendISO8601(to: &out)
        out.append(UInt8(ascii: "\""))
    }
}
