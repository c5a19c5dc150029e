/// Next.js flight data: the React Server Components stream a page's scripts push with `self.__next_f.push([1, "…"])`.
///
/// Each push carries a JavaScript string holding a piece of the stream; the pieces, joined in page order, are rows
/// `ID:JSON` (one per line), `ID:Tlength,text` (a text of that many bytes) and tagged rows such as `ID:I[…]` (module
/// references). The strings are decoded once, the stream is bounded like other JSON input, and the JSON rows and the
/// texts are the value read, as one array in stream order.
enum NextFlight {
    /// The call that carries the stream.
    static let call = Array("self.__next_f.push(".utf8)

    /// The rows of the flight data in `scripts`; nil when no script pushes any.
    static func rows(_ scripts: [[UInt8]], maxBytes: Int, fail: (String) -> ScrapeError) throws(ScrapeError) -> JSONValue? {
        var stream: [UInt8] = []
        var found = false
        for script in scripts {
            var index = 0
            while let start = firstIndex(of: call, in: script, from: index) {
                found = true
                let parsed: (value: JSONValue, end: Int)
                do throws(JSONLDParser.Failure) {
                    parsed = try JSONLDParser.parsePrefix(script, from: start + call.count, javaScript: true)
                } catch {
                    throw fail("a self.__next_f.push call does not hold a JavaScript literal: \(error.message)")
                }
                index = parsed.end
                // [1, "…"] is a piece of the stream; [0] starts it, [2, …] and [3, …] carry form state and binary data.
                guard case .array(let items) = parsed.value, items.count > 1, items[0] == .number(1), case .string(let piece) = items[1] else { continue }
                stream += piece.utf8
                guard stream.count <= maxBytes else { throw fail("the Next.js flight data is over the \(maxBytes / 1_048_576) MB limit: not read") }
            }
        }
        guard found else { return nil }
        return .array(try rows(of: stream, fail: fail))
    }

    /// The JSON rows and texts of a stream, in order; a JSON row that does not parse is an error naming it.
    static func rows(of stream: [UInt8], fail: (String) -> ScrapeError) throws(ScrapeError) -> [JSONValue] {
        var rows: [JSONValue] = []
        var index = 0
        while index < stream.count {
            let lineEnd = stream[index...].firstIndex(of: 0x0A) ?? stream.count
            guard let colon = stream[index..<lineEnd].firstIndex(of: UInt8(ascii: ":")) else {
                index = lineEnd + 1
                continue
            }
            let id = String(decoding: stream[index..<colon], as: UTF8.self)
            var cursor = colon + 1
            if cursor < stream.count, stream[cursor] == UInt8(ascii: "T"),
               let comma = stream[cursor..<min(stream.count, cursor + 16)].firstIndex(of: UInt8(ascii: ",")),
               let length = Int(String(decoding: stream[(cursor + 1)..<comma], as: UTF8.self), radix: 16), length >= 0 {
                // A text row: exactly `length` bytes, which may hold line breaks.
                let end = min(stream.count, comma + 1 + min(length, stream.count))
                rows.append(.string(String(decoding: stream[(comma + 1)..<end], as: UTF8.self)))
                index = end
                continue
            }
            // Tagged rows (I, HL, E, D…) are the framework's own: module references, hints, errors.
            let tagStart = cursor
            while cursor < lineEnd, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(stream[cursor]) { cursor += 1 }
            if cursor == tagStart, cursor < lineEnd {
                do throws(JSONLDParser.Failure) {
                    rows.append(try JSONLDParser.parse(Array(stream[cursor..<lineEnd])))
                } catch {
                    throw fail("Next.js flight row \(id.prefix(16)) is not JSON: \(error.message)")
                }
            }
            index = lineEnd + 1
        }
        return rows
    }

    /// The first offset at or after `from` where `needle` starts in `bytes`.
    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = from
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
