import HTTPTypes
import Hummingbird
import NIOCore

extension Response {
    /// The body's bytes when its length is known and at most `limit`, leaving the response with the same body to send;
    /// nil (and the body untouched) for a streamed body of unknown or larger size.
    mutating func collectBody(upTo limit: Int) async throws -> ByteBuffer? {
        guard let length = body.contentLength, length <= limit else { return nil }
        let collector = BodyCollector()
        try await body.write(collector)
        body = ResponseBody(byteBuffer: collector.buffer)
        return collector.buffer
    }
}

/// A body writer that keeps what it is given.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        // A body made of one buffer (every answer) is kept as it is, not copied.
        guard self.buffer.readableBytes > 0 else {
            self.buffer = buffer
            return
        }
        var buffer = buffer
        self.buffer.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
