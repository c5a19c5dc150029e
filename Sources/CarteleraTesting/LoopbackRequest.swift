/// One request as the loopback server received it.
public struct LoopbackRequest: Sendable {
    /// The method, as sent ("GET", "POST", "HEAD").
    public var method: String
    /// The path, without the query.
    public var path: String
    /// The query parameters, percent-decoded; the last one wins when a name repeats.
    public var query: [String: String]
    /// The request target exactly as sent.
    public var rawTarget: String
    /// The headers, names lowercased.
    public var headers: [String: String]
    /// The body, read according to Content-Length.
    public var body: [UInt8]

    /// Creates a request, splitting `rawTarget` into path and query.
    public init(method: String, rawTarget: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.rawTarget = rawTarget
        self.headers = headers
        self.body = body
        let parts = rawTarget.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = String(parts.first ?? "")
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = Self.formDecoded(nameAndValue[0])
                query[name] = nameAndValue.count == 2 ? Self.formDecoded(nameAndValue[1]) : ""
            }
        }
        self.query = query
    }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Decodes "+" and percent escapes, as HTML forms encode them.
    static func formDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
