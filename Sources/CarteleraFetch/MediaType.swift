/// A Content-Type header split into its media type and charset parameter.
struct MediaType: Equatable {
    var type: String?
    var charset: String?

    init(_ header: String) {
        let parts = header.split(separator: ";", omittingEmptySubsequences: false)
        let type = parts.first.map { $0.trimmingSpaces().lowercased() } ?? ""
        self.type = type.isEmpty ? nil : type
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces().lowercased() == "charset" else { continue }
            var value = pair[1].trimmingSpaces()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            charset = value.isEmpty ? nil : value.lowercased()
        }
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
