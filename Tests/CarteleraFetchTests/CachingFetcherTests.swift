import CarteleraFetch
import CarteleraTesting
import Foundation
import Testing

@Suite("CachingFetcher and HTTPCache")
struct CachingFetcherTests {
    private let page = String(repeating: "<tr><td>21:00</td><td>Telediario</td></tr>", count: 100)

    /// A server that answers 304 when the request's validator matches, else the page with that validator.
    private func validatingServer(header: String, value: String, requestHeader: String) throws -> LoopbackServer {
        let page = page
        return try LoopbackServer { request in
            if request.headers[requestHeader] == value { return .status(304, headers: [header: value]) }
            var response = LoopbackResponse.ok(page)
            response.headers[header] = value
            return response
        }
    }

    @Test("a second run sends If-None-Match and gets the body from the cache after a 304")
    func etagRevalidation() async throws {
        let server = try validatingServer(header: "ETag", value: "\"v1\"", requestHeader: "if-none-match")
        defer { server.stop() }
        try await withTemporaryDirectory { directory in
            let fetcher = CachingFetcher(base: CurlFetcher(configuration: testConfiguration()), cache: HTTPCache(directory: directory))
            let request = FetchRequest(url: server.baseURL + "/guia")

            let first = try await fetcher.fetch(request)
            let second = try await fetcher.fetch(request)

            #expect(!first.fromCache)
            #expect(first.bytesTransferred > page.utf8.count)
            #expect(second.fromCache)
            #expect(second.status == 200)
            #expect(second.body == first.body)
            #expect(second.contentType == "text/html")
            #expect(second.bytesTransferred > 0 && second.bytesTransferred < 300)
            #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, "\"v1\""])
        }
    }

    @Test("Last-Modified is sent back as If-Modified-Since")
    func lastModifiedRevalidation() async throws {
        let date = "Sat, 01 Aug 2026 10:00:00 GMT"
        let server = try validatingServer(header: "Last-Modified", value: date, requestHeader: "if-modified-since")
        defer { server.stop() }
        try await withTemporaryDirectory { directory in
            let fetcher = CachingFetcher(base: CurlFetcher(configuration: testConfiguration()), cache: HTTPCache(directory: directory))
            let request = FetchRequest(url: server.baseURL + "/guia")

            _ = try await fetcher.fetch(request)
            let second = try await fetcher.fetch(request)

            #expect(second.fromCache)
            #expect(String(decoding: second.body, as: UTF8.self) == page)
            #expect(server.requests.last?.headers["if-modified-since"] == date)
        }
    }

    @Test("a changed page replaces the cached copy")
    func changedPage() async throws {
        let calls = Counter()
        let server = try LoopbackServer { request in
            let version = calls.next() == 1 ? "v1" : "v2"
            var response = LoopbackResponse.ok(version)
            response.headers["ETag"] = "\"\(version)\""
            return response
        }
        defer { server.stop() }
        try await withTemporaryDirectory { directory in
            let fetcher = CachingFetcher(base: CurlFetcher(configuration: testConfiguration()), cache: HTTPCache(directory: directory))
            let request = FetchRequest(url: server.baseURL + "/")

            _ = try await fetcher.fetch(request)
            let second = try await fetcher.fetch(request)
            _ = try await fetcher.fetch(request)

            #expect(!second.fromCache)
            #expect(String(decoding: second.body, as: UTF8.self) == "v2")
            #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, "\"v1\"", "\"v2\""])
        }
    }

    @Test("responses without validators, with no-store, or to POST are not cached")
    func notCached() async throws {
        let server = try LoopbackServer { request in
            var response = LoopbackResponse.ok("x")
            if request.path == "/nostore" { response.headers = ["ETag": "\"a\"", "Cache-Control": "no-store"] }
            if request.path == "/post" { response.headers = ["ETag": "\"a\""] }
            return response
        }
        defer { server.stop() }
        try await withTemporaryDirectory { directory in
            let fetcher = CachingFetcher(base: CurlFetcher(configuration: testConfiguration()), cache: HTTPCache(directory: directory))

            _ = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/plain"))
            _ = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/nostore"))
            _ = try await fetcher.fetch(FetchRequest(url: server.baseURL + "/post", method: "POST", body: Array("a=1".utf8)))

            #expect(server.requests.count == 3)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
        }
    }

    @Test("cache files are written whole, leaving no temporary files, and keyed by method, URL and body")
    func atomicFiles() async throws {
        try await withTemporaryDirectory { root in
            let directory = root + "/nested"
            let cache = HTTPCache(directory: directory)
            let entry = HTTPCache.Entry(url: "http://x/a", status: 200, headers: ["etag": "\"1\""], body: Array("hola".utf8))
            let get = FetchRequest(url: "http://x/a")
            let post = FetchRequest(url: "http://x/a", method: "POST", body: Array("q=1".utf8))

            try cache.store(entry, for: get)
            try cache.store(entry, for: get)

            let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(files.count == 1)
            #expect(files.first?.hasSuffix(".cache") == true)
            #expect(files.first?.hasPrefix(".") == false)
            #expect(cache.entry(for: get) == entry)
            #expect(cache.entry(for: post) == nil)
            #expect(cache.entry(for: FetchRequest(url: "http://x/b")) == nil)
        }
    }

    @Test("a cut-short cache file is logged, and the page is fetched afresh without validators")
    func damagedFileIsRefetched() async throws {
        let server = try validatingServer(header: "ETag", value: "\"v1\"", requestHeader: "if-none-match")
        defer { server.stop() }
        try await withTemporaryDirectory { directory in
            let (logger, records) = memoryLogger()
            let fetcher = CachingFetcher(
                base: CurlFetcher(configuration: testConfiguration()), cache: HTTPCache(directory: directory), logger: logger)
            let request = FetchRequest(url: server.baseURL + "/guia")
            _ = try await fetcher.fetch(request)
            let file = directory + "/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first))
            let stored = try #require(FileManager.default.contents(atPath: file))
            try stored.prefix(stored.count - 100).write(to: URL(fileURLWithPath: file))

            let again = try await fetcher.fetch(request)

            #expect(!again.fromCache)
            #expect(String(decoding: again.body, as: UTF8.self) == page)
            #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, nil])
            let logged = records.all.filter { $0.message.hasPrefix("cache file unreadable") }
            #expect(logged.count == 1)
            #expect(logged.first?.metadata["http.url"] == request.url)
            #expect(logged.first?.metadata["cache.error"]?.contains("does not match") == true)
        }
    }
}
