/// What the loopback server answers, including scripted faults.
public struct LoopbackResponse: Sendable {
    /// How the response is written to the socket.
    public enum Behaviour: Sendable {
        /// Written whole at once.
        case normal
        /// Written whole after sleeping this long.
        case delay(seconds: Double)
        /// Declares the full Content-Length, sends only this many body bytes, then closes.
        case truncate(afterBytes: Int)
        /// Closes the connection without answering.
        case closeWithoutResponse
        /// Sends no Content-Length; the body ends when the connection closes.
        case withoutContentLength
        /// Sends the body with `Transfer-Encoding: chunked`, in chunks of this many bytes, and the closing chunk.
        case chunked(chunkBytes: Int)
        /// Declares this Content-Length whatever the body's size, sends the body, then closes.
        case declaringContentLength(Int)
    }

    /// The HTTP status.
    public var status: Int
    /// Headers to send; Content-Length, Transfer-Encoding and Connection are added by the server.
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]
    /// How the response is written.
    public var behaviour: Behaviour

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = [], behaviour: Behaviour = .normal) {
        self.status = status
        self.headers = headers
        self.body = body
        self.behaviour = behaviour
    }

    /// A 200 with a text body.
    public static func ok(_ body: String, contentType: String = "text/html; charset=utf-8") -> LoopbackResponse {
        LoopbackResponse(status: 200, headers: ["Content-Type": contentType], body: Array(body.utf8))
    }

    /// An empty response with the given status and headers.
    public static func status(_ code: Int, headers: [String: String] = [:]) -> LoopbackResponse {
        LoopbackResponse(status: code, headers: headers)
    }

    /// The same response written with another behaviour.
    public func with(_ behaviour: Behaviour) -> LoopbackResponse {
        var copy = self
        copy.behaviour = behaviour
        return copy
    }
}
