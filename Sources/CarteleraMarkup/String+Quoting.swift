extension String {
    /// The text in double quotes on one line, for error messages: control and line-breaking characters are
    /// written as `\u{…}`, and text longer than `limit` characters is cut with a note of its full length.
    func quotedForMessage(limit: Int = 120) -> String {
        var quoted = ""
        var written = 0
        for scalar in unicodeScalars {
            guard written < limit else {
                return "\"\(quoted)…\" (\(unicodeScalars.count) characters)"
            }
            let value = scalar.value
            let breaksLine = value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            quoted += breaksLine ? "\\u{\(String(value, radix: 16, uppercase: true))}" : String(scalar)
            written += 1
        }
        return "\"\(quoted)\""
    }
}
