/// A Content-Type header split into its media type and charset parameter.
///
/// As lenient as browsers (the Fetch standard's "extract a MIME type"): a header sent twice, which arrives
/// joined with ", ", gives its last valid type, keeping an earlier charset for that same type;
/// a malformed type or charset reads as absent rather than as text that would mislead the decoder.
struct MediaType: Equatable {
    var type: String?
    var charset: String?

    init(_ header: String) {
        for value in Self.values(header) {
            let parts = value.split(separator: ";", omittingEmptySubsequences: false)
            let type = (parts.first ?? "").trimmingSpaces().lowercased()
            guard Self.isMediaType(type) else { continue }
            let charset = parts.dropFirst().lazy.compactMap(Self.charset).first
            if type != self.type {
                self.charset = charset
            } else if let charset {
                self.charset = charset
            }
            self.type = type
        }
    }

    /// The comma-separated values of a header, leaving commas inside quotes alone.
    private static func values(_ header: String) -> [Substring] {
        var values: [Substring] = []
        var start = header.startIndex
        var quoted = false
        for index in header.indices {
            switch header[index] {
            case "\"": quoted.toggle()
            case "," where !quoted:
                values.append(header[start..<index])
                start = header.index(after: index)
            default: break
            }
        }
        values.append(header[start...])
        return values
    }

    /// "type/subtype", both tokens, and not the "*/*" wildcard.
    private static func isMediaType(_ text: String) -> Bool {
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        return halves.count == 2 && halves.allSatisfy { !$0.isEmpty && $0.allSatisfy(isTokenCharacter) } && text != "*/*"
    }

    /// The value of a `charset=` parameter, unquoted and lowercased, if it is a token.
    private static func charset(_ parameter: Substring) -> String? {
        let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard pair.count == 2, pair[0].trimmingSpaces().lowercased() == "charset" else { return nil }
        var value = Substring(pair[1].trimmingSpaces())
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
        guard !value.isEmpty, value.allSatisfy(isTokenCharacter) else { return nil }
        return value.lowercased()
    }

    /// RFC 9110's tchar: the characters a token may hold.
    private static func isTokenCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, ascii > 0x20, ascii < 0x7f else { return false }
        return character.isLetter || character.isNumber || "!#$%&'*+-.^_`|~".contains(character)
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace, including the CRLF that ends header lines.
    func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
