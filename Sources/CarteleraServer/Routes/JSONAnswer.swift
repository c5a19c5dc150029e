import CarteleraModel
import CarteleraQuery
import HTTPTypes
import Hummingbird
import NIOCore

/// An answer's JSON as the query engine wrote it (its `…JSON` writers, the bytes `cartelera query --json` prints), sent
/// as it is: nothing is decoded or encoded again on the way out. Its `ETag` is a hash of those bytes (XXH64), taken once
/// here, so `ConditionalRequestMiddleware` answers `If-None-Match` without reading the body again.
struct JSONAnswer: ResponseGenerator, Sendable {
    /// The bytes to send.
    let body: ByteBuffer
    /// The strong `ETag` of `body`.
    let tag: String

    /// The answer of the engine's JSON `bytes`.
    init(bytes: [UInt8]) {
        body = ByteBuffer(bytes: bytes)
        tag = bytes.withUnsafeBytes { "\"" + XXH64.hex($0) + "\"" }
    }

    func response(from request: Request, context: some RequestContext) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(body.readableBytes), .eTag: tag],
                 body: ResponseBody(byteBuffer: body))
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

extension StoreSnapshots.Snapshot {
    /// The engine's JSON `bytes` as an answer from this snapshot: its generation, when it last changed, and how long it may be kept.
    func answer(json bytes: [UInt8], caching: Caching = .answer) -> EditedResponse<JSONAnswer> {
        answer(JSONAnswer(bytes: bytes), caching: caching)
    }

    /// The answer for `key`, kept from an earlier request for the same generation, else `write`'s, kept for the next.
    func answer<Failure: Error>(_ key: AnswerKey, caching: Caching = .answer, write: () throws(Failure) -> [UInt8]) throws(Failure) -> EditedResponse<JSONAnswer> {
        if let kept = answers.value(for: key) { return answer(kept, caching: caching) }
        let fresh = JSONAnswer(bytes: try write())
        answers.keep(fresh, bytes: fresh.body.readableBytes, for: key)
        return answer(fresh, caching: caching)
    }

    private func answer(_ answer: JSONAnswer, caching: Caching) -> EditedResponse<JSONAnswer> {
        EditedResponse(headers: [
            .cacheControl: caching.header,
            .lastModified: lastModifiedHeader,
            .carteleraGeneration: generationHeader,
        ], response: answer)
    }
}
