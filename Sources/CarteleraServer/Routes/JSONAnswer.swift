import CarteleraModel
import HTTPTypes
import Hummingbird

/// A value answered as JSON, encoded by the request context's encoder (sorted keys, as `--json` prints it).
struct JSONAnswer<Value: Encodable & Sendable>: ResponseGenerator {
    let value: Value

    func response(from request: Request, context: some RequestContext) throws -> Response {
        try context.responseEncoder.encode(value, from: request, context: context)
    }
}

extension StoreSnapshots.Snapshot {
    /// `value` as an answer from this snapshot: its generation, when it last changed, and how long it may be kept.
    func answer<Value: Encodable & Sendable>(_ value: Value, caching: Caching = .answer, status: HTTPResponse.Status? = nil) -> EditedResponse<JSONAnswer<Value>> {
        EditedResponse(status: status, headers: [
            .cacheControl: caching.header,
            .lastModified: HTTPDate.format(modified),
            .carteleraGeneration: String(generation),
        ], response: JSONAnswer(value: value))
    }
}
