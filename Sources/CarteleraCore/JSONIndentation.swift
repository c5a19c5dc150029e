/// Compact JSON laid out as Foundation's `JSONEncoder` lays it out with `.prettyPrinted`: two spaces per level,
/// `" : "` after keys, an empty array or object as `[`, a blank line, and its close.
///
/// For answers written as compact bytes (the API's and `--json`'s share one writer), so the command line prints
/// the same text it printed when `JSONEncoder` wrote it. The input must be valid JSON; strings pass through untouched.
public enum JSONIndentation {
    /// The pretty-printed form of the compact JSON `compact`.
    public static func prettyPrinted(_ compact: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(compact.count * 2)
        var depth = 0
        var inString = false
        var escaped = false
        var index = 0
        func newline(_ level: Int) {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * max(level, 0)))
        }
        while index < compact.count {
            let byte = compact[index]
            index += 1
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < compact.count, compact[index] == close {
                    out.append(UInt8(ascii: "\n"))
                    newline(depth)
                    out.append(close)
                    index += 1
                } else {
                    depth += 1
                    newline(depth)
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline(depth)
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline(depth)
            case UInt8(ascii: ":"):
                out += [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")]
            default:
                out.append(byte)
            }
        }
        return out
    }
}
