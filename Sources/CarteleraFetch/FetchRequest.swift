/// One request. `url` is absolute: http, https or file.
public struct FetchRequest: Sendable, Hashable {
    /// The absolute URL to fetch.
    public var url: String
    /// The HTTP method, "GET" unless stated.
    public var method: String
    /// Extra request headers, sent as given.
    public var headers: [String: String]
    /// The request body, for POST and friends.
    public var body: [UInt8]?
    /// The source id, for errors and logs.
    public var source: String?
    /// What the caller calls this request ("listing", "detail"), for logs and fixture routing.
    public var label: String?
    /// The source's overrides of the pipeline's timeout, body limit, robots and throttle settings.
    public var policy: FetchPolicy

    /// Creates a request; only the URL is required.
    public init(
        url: String,
        method: String = "GET",
        headers: [String: String] = [:],
        body: [UInt8]? = nil,
        source: String? = nil,
        label: String? = nil,
        policy: FetchPolicy = FetchPolicy()
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.source = source
        self.label = label
        self.policy = policy
    }
}
