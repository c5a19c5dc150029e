import CarteleraModel
import HTTPTypes
import Hummingbird
import NIOCore

/// An answer's JSON as the query engine wrote it (its `…JSON` writers, the bytes `cartelera query --json` prints), sent
/// as it is: nothing is decoded or encoded again on the way out.
struct JSONAnswer: ResponseGenerator {
    let bytes: [UInt8]

    func response(from request: Request, context: some RequestContext) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(bytes.count)],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

extension StoreSnapshots.Snapshot {
    /// The engine's JSON `bytes` as an answer from this snapshot: its generation, when it last changed, and how long it may be kept.
    func answer(json bytes: [UInt8], caching: Caching = .answer) -> EditedResponse<JSONAnswer> {
        EditedResponse(headers: [
            .cacheControl: caching.header,
            .lastModified: HTTPDate.format(modified),
            .carteleraGeneration: String(generation),
        ], response: JSONAnswer(bytes: bytes))
    }
}
