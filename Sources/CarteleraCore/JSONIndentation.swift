/// Compact JSON laid out as Foundation's `JSONEncoder` lays it out with `.prettyPrinted`: two spaces per level,
/// `" : "` after keys, an empty array or object as `[`, a blank line, and its close.
///
/// For answers written as compact bytes (the API's and `--json`'s share one writer), so the command line prints
/// the same text it printed when `JSONEncoder` wrote it. The input must be valid JSON; strings pass through untouched.
public enum JSONIndentation {
    /// The pretty-printed form of the compact JSON `compact`.
    public static func prettyPrinted(_ compact: [UInt8]) -> [UInt8] {
        compact.withUnsafeBufferPointer { prettyPrinted($0) }
    }

    /// The pretty-printed form of compact JSON bytes: strings (most of an answer) are copied whole, up to their closing quote.
    private static func prettyPrinted(_ compact: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(compact.count + compact.count / 2)
        var indentation = [UInt8](repeating: UInt8(ascii: " "), count: 64)
        var depth = 0
        var index = 0
        func newline(_ level: Int) {
            out.append(UInt8(ascii: "\n"))
            let spaces = 2 * max(level, 0)
            if spaces > indentation.count { indentation += repeatElement(UInt8(ascii: " "), count: spaces) }
            out.append(contentsOf: indentation[0..<spaces])
        }
        while index < compact.count {
            let byte = compact[index]
            switch byte {
            case UInt8(ascii: "\""):
                // The string up to its closing quote: a quote after an odd run of backslashes is escaped.
                var end = index + 1
                while end < compact.count {
                    let next = compact[end]
                    end += 1
                    if next == UInt8(ascii: "\\") {
                        end += 1
                    } else if next == UInt8(ascii: "\"") {
                        break
                    }
                }
                end = min(end, compact.count)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: compact[index..<end]))
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index + 1 < compact.count, compact[index + 1] == close {
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
                out.append(UInt8(ascii: " "))
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
            default:
                out.append(byte)
            }
            index += 1
        }
        return out
    }
}
