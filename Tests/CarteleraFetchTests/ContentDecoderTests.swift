import CarteleraFetch
import CarteleraTesting
import Testing

/// gzip and deflate bodies over loopback: whole ones decode, cut ones are `.truncated` however their end is marked.
@Suite("Compressed bodies")
struct ContentDecoderTests {
    /// How the body is compressed, and the Content-Encoding it is labelled with.
    enum Coding: String, CaseIterable, CustomTestStringConvertible {
        case gzip, deflate
        /// "deflate" as many servers really send it: raw deflate without the zlib wrapper.
        case rawDeflate

        var testDescription: String { rawValue }
        var header: String { self == .gzip ? "gzip" : "deflate" }

        func compress(_ bytes: [UInt8]) throws -> [UInt8] {
            switch self {
            case .gzip: try Compression.gzip(bytes)
            case .deflate: try Compression.zlib(bytes)
            case .rawDeflate: try Compression.rawDeflate(bytes)
            }
        }
    }

    /// How the server marks the end of the body.
    enum Framing: String, CaseIterable, CustomTestStringConvertible {
        /// A Content-Length equal to the bytes sent.
        case contentLength
        /// No length: the body ends when the connection closes.
        case connectionClose
        /// Transfer-Encoding: chunked, with a proper last chunk.
        case chunked

        var testDescription: String { rawValue }

        var behaviour: LoopbackResponse.Behaviour {
            switch self {
            case .contentLength: .normal
            case .connectionClose: .withoutContentLength
            case .chunked: .chunked(chunkBytes: 256)
            }
        }
    }

    /// Forty listing items of varied text, so the compressed stream is long enough to cut in the middle.
    private static let page: [UInt8] = {
        var seed: UInt32 = 7
        let items = (1...40).map { index in
            let words = (0..<12).map { _ in
                seed = seed &* 1_103_515_245 &+ 12_345
                return String(seed % 100_000, radix: 36)
            }
            return "<li>\(index) \(words.joined(separator: " "))</li>\n"
        }
        return Array(items.joined().utf8)
    }()

    private func serve(_ body: [UInt8], encoding: String, behaviour: LoopbackResponse.Behaviour = .normal) throws -> LoopbackServer {
        try LoopbackServer { _ in
            LoopbackResponse(
                status: 200, headers: ["Content-Type": "text/html", "Content-Encoding": encoding], body: body, behaviour: behaviour)
        }
    }

    @Test("a whole compressed body is decoded, however its end is marked", arguments: Coding.allCases, Framing.allCases)
    func wholeBody(coding: Coding, framing: Framing) async throws {
        let server = try serve(try coding.compress(Self.page), encoding: coding.header, behaviour: framing.behaviour)
        defer { server.stop() }

        let response = try await CurlFetcher(configuration: testConfiguration()).fetch(FetchRequest(url: server.baseURL + "/"))

        #expect(response.body == Self.page)
        #expect(server.requests.first?.headers["accept-encoding"] == "gzip, deflate")
    }

    @Test("a compressed body cut mid-stream is truncated, however its end is marked", arguments: Coding.allCases, Framing.allCases)
    func cutBody(coding: Coding, framing: Framing) async throws {
        let compressed = try coding.compress(Self.page)
        let server = try serve(Array(compressed.prefix(compressed.count / 2)), encoding: coding.header, behaviour: framing.behaviour)
        defer { server.stop() }

        let error = try #require(await fetchError(CurlFetcher(configuration: testConfiguration()), FetchRequest(url: server.baseURL + "/", source: "demo-tv")))

        #expect(error.kind == .truncated)
        #expect(error.description.hasPrefix("demo-tv: GET \(server.baseURL)/: \(coding.header) body ends before its compressed stream does"))
        #expect(RetryingFetcher.isRetryable(error))
    }

    @Test("a gzip body missing only part of its trailer is truncated")
    func cutTrailer() async throws {
        let compressed = try Compression.gzip(Self.page)
        let server = try serve(Array(compressed.dropLast(3)), encoding: "gzip")
        defer { server.stop() }

        let error = await fetchError(CurlFetcher(configuration: testConfiguration()), FetchRequest(url: server.baseURL + "/"))

        #expect(error?.kind == .truncated)
    }

    @Test("a gzip body of two members is decoded whole, and bytes after the last member are ignored")
    func membersAndTrailer() async throws {
        let first = Array("<p>primera parte</p>".utf8)
        let second = Array("<p>segunda parte</p>".utf8)
        let body = try Compression.gzip(first) + (try Compression.gzip(second)) + [0, 0, 0]
        let server = try serve(body, encoding: "gzip")
        defer { server.stop() }

        let response = try await CurlFetcher(configuration: testConfiguration()).fetch(FetchRequest(url: server.baseURL + "/"))

        #expect(response.body == first + second)
    }

    @Test("a body that is not the gzip it claims to be is a decoding error")
    func notGzip() async throws {
        let server = try serve(Array("<html>plain</html>".utf8), encoding: "gzip")
        defer { server.stop() }

        let error = await fetchError(CurlFetcher(configuration: testConfiguration()), FetchRequest(url: server.baseURL + "/"))

        #expect(error?.kind == .decoding)
    }

    @Test("a Content-Encoding other than gzip, deflate or identity is a decoding error naming it", arguments: ["br", "gzip, br", "compress"])
    func unsupportedCoding(encoding: String) async throws {
        let server = try serve(Array("x".utf8), encoding: encoding)
        defer { server.stop() }

        let error = try #require(await fetchError(CurlFetcher(configuration: testConfiguration()), FetchRequest(url: server.baseURL + "/")))

        #expect(error.kind == .decoding)
        #expect(error.detail == "Content-Encoding \(encoding) is not supported")
    }

    @Test("an identity Content-Encoding is read as it is")
    func identity() async throws {
        let server = try serve(Self.page, encoding: "identity")
        defer { server.stop() }

        let response = try await CurlFetcher(configuration: testConfiguration()).fetch(FetchRequest(url: server.baseURL + "/"))

        #expect(response.body == Self.page)
    }
}
