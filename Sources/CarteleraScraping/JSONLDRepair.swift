/// Repairs the ways real pages break their JSON-LD, so a block a browser's search engine reads is read here too.
///
/// Undone, outside strings: a `<![CDATA[ … ]]>` or `<!-- … -->` wrapper (also behind `//`), JavaScript `//` and
/// `/* */` comments anywhere between tokens, and commas before `}` or `]` (comments between them included, as when the
/// last members are commented out); inside strings, raw control characters (a line break typed into
/// a description) become escapes. One pass over the bytes, no recursion: the result is at most six times as long
/// (each control character becomes a two- or six-byte escape), and the strict parser still bounds it.
enum JSONLDRepair {
    /// The repaired bytes and what was repaired, in words; nil when nothing needed repairing.
    static func repair(_ bytes: [UInt8]) -> (bytes: [UInt8], repairs: [String])? {
        var repairs: [String] = []
        var text = unwrap(bytes, repairs: &repairs)
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var inString = false
        var index = 0
        var comments = 0, commas = 0, controls = 0
        while index < text.count {
            let byte = text[index]
            if inString {
                if byte == UInt8(ascii: "\\"), index + 1 < text.count {
                    output += [byte, text[index + 1]]
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                if byte < 0x20 {
                    controls += 1
                    switch byte {
                    case 0x0A: output += Array("\\n".utf8)
                    case 0x0D: output += Array("\\r".utf8)
                    case 0x09: output += Array("\\t".utf8)
                    default: output += Array("\\u00".utf8) + hex(byte)
                    }
                } else {
                    output.append(byte)
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                output.append(byte)
                index += 1
            case UInt8(ascii: "/"):
                if let end = commentEnd(text, at: index) {
                    comments += 1
                    index = end
                } else {
                    output.append(byte)
                    index += 1
                }
            case UInt8(ascii: ","):
                // Comments between the comma and the bracket count as white space: `"a": 1, // "b": 2` then `}`.
                let next = skippingBlank(text, from: index + 1)
                if next < text.count, text[next] == UInt8(ascii: "}") || text[next] == UInt8(ascii: "]") {
                    commas += 1
                } else {
                    output.append(byte)
                }
                index += 1
            default:
                output.append(byte)
                index += 1
            }
        }
        text = output
        if comments > 0 { repairs.append("\(comments) comment\(comments == 1 ? "" : "s") removed") }
        if commas > 0 { repairs.append("\(commas) trailing comma\(commas == 1 ? "" : "s") removed") }
        if controls > 0 { repairs.append("\(controls) raw control character\(controls == 1 ? "" : "s") in strings escaped") }
        return repairs.isEmpty ? nil : (text, repairs)
    }

    /// The offset of the first byte at or after `start` that is neither white space nor inside a `//` or `/* */` comment.
    private static func skippingBlank(_ text: [UInt8], from start: Int) -> Int {
        var index = start
        while index < text.count {
            if [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) {
                index += 1
            } else if let end = commentEnd(text, at: index) {
                index = end
            } else {
                return index
            }
        }
        return index
    }

    /// The offset just past the `//` comment (up to its line break) or `/* */` comment starting at `start`; nil when
    /// none starts there. An unclosed `/*` runs to the end.
    private static func commentEnd(_ text: [UInt8], at start: Int) -> Int? {
        guard text[start] == UInt8(ascii: "/"), start + 1 < text.count else { return nil }
        var index = start + 2
        switch text[start + 1] {
        case UInt8(ascii: "/"):
            while index < text.count, text[index] != 0x0A { index += 1 }
            return index
        case UInt8(ascii: "*"):
            while index + 1 < text.count, !(text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/")) { index += 1 }
            return min(text.count, index + 2)
        default:
            return nil
        }
    }

    /// The bytes without a CDATA or HTML-comment wrapper around the whole block.
    private static func unwrap(_ bytes: [UInt8], repairs: inout [String]) -> [UInt8] {
        var slice = trimmed(bytes[...])
        for (open, close, name) in [("<![CDATA[", "]]>", "a CDATA wrapper"), ("<!--", "-->", "an HTML comment wrapper")] {
            var body = slice
            // "//<![CDATA[": the opening marker behind a JavaScript comment.
            if body.starts(with: Array("//".utf8)) { body = trimmed(body.dropFirst(2)) }
            guard body.starts(with: Array(open.utf8)) else { continue }
            body = trimmed(body.dropFirst(open.utf8.count))
            if body.reversed().starts(with: Array(close.utf8).reversed()) {
                body = trimmed(body.dropLast(close.utf8.count))
                // "//]]>": the closing marker's own comment marker.
                if body.reversed().starts(with: Array("//".utf8)) { body = body.dropLast(2) }
            }
            slice = trimmed(body)
            repairs.append("\(name) removed")
        }
        return Array(slice)
    }

    private static func trimmed(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = slice
        while let first = slice.first, [0x20, 0x09, 0x0A, 0x0D].contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, [0x20, 0x09, 0x0A, 0x0D].contains(last) { slice = slice.dropLast() }
        return slice
    }

    private static func hex(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}
