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
        character.isASCII && (character.isLetter || character.isNumber || character == "+" || character == "-" || character == ".")
    }

    /// The parts of `url`, or nil when it has no "scheme://", its scheme is not ASCII letters, digits and `+-.`
    /// starting with a letter, or it holds a space or a control character.
    init?(_ url: String) {
        // Never valid in a URL; and a NUL would silently end the C string curl is given.
        guard !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7f }) else { return nil }
        guard let separator = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter, scheme.allSatisfy(Self.isSchemeCharacter) else { return nil }
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
