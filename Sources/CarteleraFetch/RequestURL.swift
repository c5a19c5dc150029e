/// The parts of an absolute URL that fetch policies key on: scheme, host and path.
struct RequestURL: Equatable {
    /// The scheme, lowercased.
    var scheme: String
    /// Host and port as written, host lowercased, without user info.
    var authority: String
    /// The path and query, always starting with "/", without the fragment.
    var pathAndQuery: String

    /// "scheme://authority", the key robots.txt is fetched per.
    var origin: String { "\(scheme)://\(authority)" }

    private static func isSchemeCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "+" || character == "-" || character == "."
    }

    init?(_ url: String) {
        guard let separator = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound]
        guard let first = scheme.first, first.isLetter, scheme.allSatisfy(Self.isSchemeCharacter) else { return nil }
        var rest = url[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let path = rest[authorityEnd...]
        self.scheme = scheme.lowercased()
        self.authority = authority.lowercased()
        self.pathAndQuery = path.hasPrefix("/") ? String(path) : "/" + path
    }
}
