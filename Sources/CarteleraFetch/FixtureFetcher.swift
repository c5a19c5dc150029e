import Foundation

/// Answers requests from files on disk, through the same interface (for captured pages).
///
/// Routes are tried in order; the first whose method, URL, body text and label all match wins.
/// A route with status 400 or more throws `.httpStatus`, as `CurlFetcher` would.
public struct FixtureFetcher: Fetcher {
    /// Which requests a file answers, and with what status and Content-Type.
    public struct Route: Sendable {
        /// The method to match, any when nil.
        public var method: String?
        /// The URL: exact, or a prefix if it ends with "*".
        public var url: String
        /// Text the request body must contain, when set.
        public var bodyContains: String?
        /// A test the request body must pass, when set (a JSON body compared as JSON).
        public var bodyMatches: (@Sendable ([UInt8]) -> Bool)?
        /// The request label to match, any when nil.
        public var label: String?
        /// The file to answer with, as an absolute path; empty for an empty body.
        public var file: String
        /// The body to answer with instead of a file's, when set.
        public var body: [UInt8]?
        /// The status to answer with.
        public var status: Int
        /// The Content-Type header; when nil it is guessed from the file's extension.
        public var contentType: String?

        /// Creates a route.
        public init(
            method: String? = nil, url: String, bodyContains: String? = nil, bodyMatches: (@Sendable ([UInt8]) -> Bool)? = nil, label: String? = nil,
            file: String, body: [UInt8]? = nil, status: Int = 200, contentType: String? = nil
        ) {
            self.method = method
            self.url = url
            self.bodyContains = bodyContains
            self.bodyMatches = bodyMatches
            self.body = body
            self.label = label
            self.file = file
            self.status = status
            self.contentType = contentType
        }

        func matches(_ request: FetchRequest) -> Bool {
            if let method, method.uppercased() != request.method.uppercased() { return false }
            if let label, label != request.label { return false }
            if url.hasSuffix("*") {
                guard request.url.hasPrefix(url.dropLast()) else { return false }
            } else if url != request.url {
                return false
            }
            if let bodyContains, !String(decoding: request.body ?? [], as: UTF8.self).contains(bodyContains) { return false }
            if let bodyMatches, !bodyMatches(request.body ?? []) { return false }
            return true
        }
    }

    private let routes: [Route]
    private let fallback: String?

    /// Creates a fetcher; `fallback` answers any unmatched request, and without it they throw `.noFixture`.
    public init(routes: [Route], fallback: String? = nil) {
        self.routes = routes
        self.fallback = fallback
    }

    /// Answers from the first matching route's file.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard let route = routes.first(where: { $0.matches(request) }) ?? fallback.map({ Route(url: "*", file: $0) })
        else { throw FetchError(.noFixture, request: request, detail: "no fixture route matches") }
        // An empty file name answers with an empty body (a site that answers some requests with nothing).
        guard let data = route.body.map({ Data($0) }) ?? (route.file.isEmpty ? Data() : FileManager.default.contents(atPath: route.file)) else {
            throw FetchError(.fileNotFound, request: request, detail: "fixture \(route.file) not found")
        }
        guard route.status < 400 else {
            throw FetchError(.httpStatus, request: request, status: route.status, detail: "HTTP \(route.status)")
        }
        let contentType = route.contentType ?? Self.contentType(forFile: route.file)
        return FetchResponse(
            url: request.url, status: route.status, headers: contentType.map { ["content-type": $0] } ?? [:],
            body: Array(data))
    }

    private static func contentType(forFile path: String) -> String? {
        switch path.split(separator: ".").last?.lowercased() {
        case "html", "htm": "text/html"
        case "xml": "application/xml"
        case "json": "application/json"
        case "txt": "text/plain"
        default: nil
        }
    }
}
