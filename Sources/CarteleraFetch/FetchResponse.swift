/// A response whose body has been read whole, once.
public struct FetchResponse: Sendable {
    /// The final URL, after redirects.
    public var url: String
    /// The HTTP status (200 for file:// reads).
    public var status: Int
    /// Response headers, names lowercased.
    public var headers: [String: String]
    /// The body, already decompressed.
    public var body: [UInt8]
    /// The media type without parameters, lowercased.
    public var contentType: String?
    /// The charset parameter of Content-Type, lowercased, if any.
    public var charset: String?
    /// True when a 304 was answered from the on-disk cache.
    public var fromCache: Bool
    /// Bytes that crossed the network (0 for cache hits and file://).
    public var bytesTransferred: Int
    /// How many tries it took.
    public var attempts: Int

    /// Creates a response; `contentType` and `charset` are read from the Content-Type header.
    public init(
        url: String,
        status: Int,
        headers: [String: String] = [:],
        body: [UInt8],
        fromCache: Bool = false,
        bytesTransferred: Int = 0,
        attempts: Int = 1
    ) {
        var lowercased: [String: String] = [:]
        for (name, value) in headers { lowercased[name.lowercased()] = value }
        let mediaType = lowercased["content-type"].map(MediaType.init)
        self.url = url
        self.status = status
        self.headers = lowercased
        self.body = body
        self.contentType = mediaType?.type
        self.charset = mediaType?.charset
        self.fromCache = fromCache
        self.bytesTransferred = bytesTransferred
        self.attempts = attempts
    }
}
