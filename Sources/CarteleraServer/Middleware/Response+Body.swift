import HTTPTypes
import Hummingbird
import NIOCore

extension Response {
    /// The body's bytes when its length is known and at most `limit`, leaving the response with the same body to send;
    /// nil (and the body untouched) for a streamed body of unknown or larger size.
    mutating func collectBody(upTo limit: Int) async throws -> ByteBuffer? {
        guard let length = body.contentLength, length <= limit else { return nil }
        let collector = BodyCollector(capacity: length)
        try await body.write(collector)
        body = ResponseBody(byteBuffer: collector.buffer)
        return collector.buffer
    }
}

/// A body writer that keeps what it is given.
private final class BodyCollector: ResponseBodyWriter {
    var buffer: ByteBuffer

    init(capacity: Int) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        self.buffer.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
