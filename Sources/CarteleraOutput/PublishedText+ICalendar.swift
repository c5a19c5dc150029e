extension PublishedText {
    /// Text for an iCalendar TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`,
    /// other control characters dropped.
    public static func iCalendarText(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n":
                if !previousWasCarriageReturn { result += "\\n" }
            case "\r": result += "\\n"
            case "\t": result += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || !isXMLCharacter(scalar) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// One content line folded as RFC 5545 3.1 asks: at most 75 octets per line, continuation lines starting with a
    /// space, never splitting a UTF-8 character, each line ended by CRLF.
    public static func foldedLine(_ line: String, into out: inout [UInt8]) {
        var width = 0
        for scalar in line.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if width + bytes.count > 75 {
                out += [0x0D, 0x0A, 0x20]
                width = 1
            }
            out += bytes
            width += bytes.count
        }
        out += [0x0D, 0x0A]
    }
}
