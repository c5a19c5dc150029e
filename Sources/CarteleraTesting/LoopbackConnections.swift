import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Serves single connections for `LoopbackServer` and keeps the log of requests.
final class LoopbackConnections: Sendable {
    private let handler: @Sendable (LoopbackRequest) -> LoopbackResponse
    private let received = Mutex<[LoopbackRequest]>([])

    init(handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse) {
        self.handler = handler
    }

    var log: [LoopbackRequest] { received.withLock { $0 } }

    /// Reads one request, answers it as the handler says, and closes the socket.
    func serve(_ fd: Int32) {
        defer { close(fd) }
        // A client that stalls must not keep this thread forever.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = Self.readRequest(fd) else { return }
        received.withLock { $0.append(request) }
        let response = handler(request)
        let includeBody = request.method.uppercased() != "HEAD"
        let body = includeBody ? response.body : []
        switch response.behaviour {
        case .normal:
            Self.send(fd, Self.head(response, framing: .length(response.body.count)) + body)
        case .delay(let seconds):
            Thread.sleep(forTimeInterval: seconds)
            Self.send(fd, Self.head(response, framing: .length(response.body.count)) + body)
        case .truncate(let afterBytes):
            Self.send(fd, Self.head(response, framing: .length(response.body.count)) + Array(body.prefix(max(0, afterBytes))))
        case .closeWithoutResponse:
            return
        case .withoutContentLength:
            Self.send(fd, Self.head(response, framing: .close) + body)
        case .chunked(let chunkBytes):
            Self.send(fd, Self.head(response, framing: .chunked) + (includeBody ? Self.chunked(body, chunkBytes: chunkBytes) : []))
        case .declaringContentLength(let length):
            Self.send(fd, Self.head(response, framing: .length(length)) + body)
        }
    }

    /// How the end of a response's body is marked.
    private enum Framing {
        case length(Int)
        case chunked
        case close
    }

    /// The body in chunks of at most `chunkBytes`, each with its hex size line, then the empty last chunk.
    private static func chunked(_ body: [UInt8], chunkBytes: Int) -> [UInt8] {
        var encoded: [UInt8] = []
        var rest = body[...]
        while !rest.isEmpty {
            let chunk = rest.prefix(max(1, chunkBytes))
            encoded += Array("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + Array("\r\n".utf8)
            rest = rest.dropFirst(chunk.count)
        }
        return encoded + Array("0\r\n\r\n".utf8)
    }

    private static func readRequest(_ fd: Int32) -> LoopbackRequest? {
        var buffer: [UInt8] = []
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        while headerEnd == nil {
            guard buffer.count < 1 << 16, let chunk = receive(fd) else { return nil }
            buffer += chunk
            headerEnd = buffer.firstRange(of: terminator)?.upperBound
        }
        guard let headerEnd else { return nil }
        let lines = String(decoding: buffer[..<(headerEnd - 4)], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(buffer[headerEnd...])
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        while body.count < length {
            guard let chunk = receive(fd) else { return nil }
            body += chunk
        }
        return LoopbackRequest(
            method: String(requestLine[0]), rawTarget: String(requestLine[1]), headers: headers,
            body: Array(body.prefix(length)))
    }

    private static func receive(_ fd: Int32) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(chunk[..<count])
    }

    private static func head(_ response: LoopbackResponse, framing: Framing) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
            let lowercased = name.lowercased()
            guard lowercased != "content-length", lowercased != "connection", lowercased != "transfer-encoding" else { continue }
            text += "\(name): \(value)\r\n"
        }
        switch framing {
        case .length(let length): text += "Content-Length: \(length)\r\n"
        case .chunked: text += "Transfer-Encoding: chunked\r\n"
        case .close: break
        }
        text += "Connection: close\r\n\r\n"
        return Array(text.utf8)
    }

    /// Writes everything, ignoring a client that went away; MSG_NOSIGNAL keeps SIGPIPE off the process.
    private static func send(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }
            offset += written
        }
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
