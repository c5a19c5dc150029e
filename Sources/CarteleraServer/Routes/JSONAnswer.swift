import CarteleraModel
import CarteleraQuery
import HTTPTypes
import Hummingbird
import NIOCore

/// An answer's JSON as the query engine wrote it (its `…JSON` writers, the bytes `cartelera query --json` prints), sent
/// as it is: nothing is decoded, encoded or copied again on the way out. Its `ETag` is a hash of those bytes (XXH64),
/// taken once here, so `ConditionalRequestMiddleware` answers `If-None-Match` without reading the body again.
struct JSONAnswer: Sendable {
    /// The bytes to send.
    let body: ByteBuffer
    /// The strong `ETag` of `body`.
    let tag: String
    /// `Content-Type`, `Content-Length` and `ETag`, checked once here rather than for every response of a kept answer.
    let headers: HTTPFields

    /// The answer of the engine's JSON in `body`.
    init(body: ByteBuffer) {
        self.body = body
        tag = body.withUnsafeReadableBytes { "\"" + XXH64.hex($0) + "\"" }
        headers = [.contentType: "application/json; charset=utf-8", .contentLength: String(body.readableBytes), .eTag: tag]
    }
}

/// The buffer a response is sent from, as the place the engine's JSON writers write an answer: the answer is written
/// once, where Hummingbird sends it from, instead of as an array copied into a buffer.
final class ResponseBytes: AnswerOutput {
    /// What is written so far.
    private(set) var buffer: ByteBuffer

    /// An empty response with room for `capacity` bytes; the writers ask for more as they go.
    init(capacity: Int = 1024) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    func reserve(adding count: Int) {
        buffer.reserveCapacity(minimumWritableBytes: count)
    }

    /// The room handed out is every byte the buffer has ready: after a page's reservation, most of its rows at once.
    func append(reserving bound: Int, _ write: (UnsafeMutableRawBufferPointer) -> Int) {
        guard bound > 0 else { return }
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: bound, write)
    }
}

/// What an answer kept for a store generation is the answer to: a query's page of matches, or the pick of a shake with a seed.
struct AnswerKey: Hashable, Sendable {
    /// The query, its `at` kept only where the answer reads it.
    var query: Query
    /// The shake's seed; nil for a query.
    var seed: UInt64? = nil

    /// The key of `query`'s answer (`seed`'s pick for a shake). A time window is already absolute in the query, so `at`
    /// (the request's second when it gives none) is part of the key only for the kinds whose rows read it: a night's
    /// guest-list status and a promotion's validity. Other answers asked again a second later are the same bytes.
    init(query: Query, seed: UInt64? = nil) {
        var query = query
        switch query.kind {
        case .nights, .promotions: break
        case .programmes, .venues, .audiences, .shares: query.at = Timestamp(secondsSince1970: 0)
        }
        self.query = query
        self.seed = seed
    }
}

/// A query request as it came: its kind, its query string as sent, and the second it was answered at (the `at` a query
/// string without one takes). Its answer depends on nothing else in a store generation, so a request asked again within
/// the second is answered as it was without its query string being read and checked again.
struct RequestKey: Hashable, Sendable {
    var kind: Query.Kind
    var queryString: String
    var now: Timestamp
}

/// What an answer is kept under: the query it answers, or also the request that asked for it.
enum KeptAnswerKey: Hashable, Sendable {
    case answer(AnswerKey)
    case request(RequestKey)
}

extension StoreSnapshots.Snapshot {
    /// The answer the engine wrote into `response`, from this snapshot: its generation, when it last changed, and how
    /// long it may be kept.
    func answer(_ response: ResponseBytes, caching: Caching = .answer) -> Response {
        answer(JSONAnswer(body: response.buffer), caching: caching)
    }

    /// The answer `write` writes into a response buffer, as `answer(_:caching:)`.
    func answer(caching: Caching = .answer, write: (ResponseBytes) -> Void) -> Response {
        let response = ResponseBytes()
        write(response)
        return answer(response, caching: caching)
    }

    /// The answer for `key`, kept from an earlier request for the same generation, else the one `write` writes into a
    /// response buffer, kept for the next; kept under `request` too when given.
    func answer<Failure: Error>(_ key: AnswerKey, request: RequestKey? = nil, caching: Caching = .answer,
                                write: (ResponseBytes) throws(Failure) -> Void) throws(Failure) -> Response {
        let given: JSONAnswer
        if let kept = answers.value(for: .answer(key)) {
            given = kept
        } else {
            let response = ResponseBytes()
            try write(response)
            given = JSONAnswer(body: response.buffer)
            answers.keep(given, bytes: given.body.readableBytes, for: .answer(key))
        }
        // Counted again under the request: the cache's bytes bound what it holds whichever key finds an answer.
        if let request { answers.keep(given, bytes: given.body.readableBytes, for: .request(request)) }
        return answer(given, caching: caching)
    }

    /// The answer kept for `request`, nil when it was not asked in this generation at that second.
    func answer(for request: RequestKey) -> Response? {
        answers.value(for: .request(request)).map { answer($0, caching: .answer) }
    }

    /// `Cache-Control`, `Last-Modified` and `X-Cartelera-Generation`, then the answer's own headers, as Hummingbird's
    /// `EditedResponse` would put them.
    private func answer(_ answer: JSONAnswer, caching: Caching) -> Response {
        var headers = answerHeaders(caching)
        headers.append(contentsOf: answer.headers)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: answer.body))
    }
}
