extension String {
    /// Collapses every run of whitespace (Unicode White_Space, so NBSP too) into one space and trims the ends.
    func normalizingWhitespace() -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }
}
