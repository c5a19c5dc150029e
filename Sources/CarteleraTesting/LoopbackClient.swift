import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A raw HTTP/1.1 client for tests, talking to 127.0.0.1 only: it sends exactly the bytes given (so tests can send
/// what no well-behaved client would) and reads the answer until the server closes the connection.
public enum LoopbackClient {
    /// A parsed answer.
    public struct Reply: Sendable {
        /// The status code.
        public var status: Int
        /// Header fields by lower-cased name (the last one when repeated).
        public var headers: [String: String]
        /// The body bytes as sent (still gzip-encoded when the server compressed them).
        public var body: [UInt8]
        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// A failure to connect, send or receive in time.
    public struct ClientError: Error, CustomStringConvertible {
        /// What failed.
        public var description: String
    }

    /// A request with `Connection: close`, `Host` and, with a body, `Content-Length` added.
    public static func request(_ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    /// Sends `method target` to the server on `port` and returns its answer.
    public static func send(_ method: String, _ target: String, port: Int, headers: [String: String] = [:], body: [UInt8] = [],
                            timeout: Double = 10) throws -> Reply {
        guard let reply = try exchange(request(method, target, headers: headers, body: body), port: port, timeout: timeout) else {
            throw ClientError(description: "\(method) \(target): the server closed the connection without answering")
        }
        return reply
    }

    /// Sends `bytes` as they are and reads until the server closes; nil when it closed without a parsable answer.
    public static func exchange(_ bytes: [UInt8], port: Int, timeout: Double = 10) throws -> Reply? {
        try concurrently([bytes], port: port, timeout: timeout)[0]
    }

    /// Opens one connection per request, writes every request before reading any answer (so the server has them all
    /// in flight at once), then reads each until the server closes; nil for a connection closed without an answer.
    public static func concurrently(_ requests: [[UInt8]], port: Int, timeout: Double = 30) throws -> [Reply?] {
        let sockets = try requests.map { _ in try LoopbackSocket(port: port) }
        for (socket, bytes) in zip(sockets, requests) { try socket.write(bytes) }
        let deadline = Date().addingTimeInterval(timeout)
        var received = [[UInt8]](repeating: [], count: sockets.count)
        var open = Set(sockets.indices)
        while !open.isEmpty {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw ClientError(description: "\(open.count) of \(sockets.count) answers did not end within \(timeout) s") }
            var polls = open.sorted().map { pollfd(fd: sockets[$0].descriptor, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polls, nfds_t(polls.count), Int32(min(remaining, 1) * 1000))
            guard ready >= 0 || errno == EINTR else { throw ClientError(description: "poll failed: \(String(cString: strerror(errno)))") }
            for entry in polls where entry.revents != 0 {
                guard let index = sockets.firstIndex(where: { $0.descriptor == entry.fd }) else { continue }
                let chunk = sockets[index].readAvailable()
                if chunk.isEmpty { open.remove(index) } else { received[index] += chunk }
            }
        }
        return received.map(parse)
    }

    /// The status, headers and body of a whole response (read to the connection's end).
    public static func parse(_ bytes: [UInt8]) -> Reply? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + separator.count)...])
        if let length = headers["content-length"].flatMap(Int.init), length <= body.count { body = Array(body.prefix(length)) }
        return Reply(status: status, headers: headers, body: body)
    }
}

/// One TCP connection to 127.0.0.1, for tests that send slowly or hold connections open.
public final class LoopbackSocket: @unchecked Sendable {
    /// The socket's descriptor.
    public let descriptor: Int32

    /// Connects to 127.0.0.1:`port`.
    public init(port: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackClient.ClientError(description: "socket failed: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(truncatingIfNeeded: port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw LoopbackClient.ClientError(description: "connect to 127.0.0.1:\(port) failed: \(message)")
        }
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// Writes all of `bytes`; throws when the server has closed the connection.
    public func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw LoopbackClient.ClientError(description: "send failed: \(String(cString: strerror(errno)))") }
            sent += written
        }
    }

    /// What can be read now without waiting long; empty at the end of the stream.
    public func readAvailable() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer[..<count]) : []
    }

    /// Whether the server closes the connection within `seconds` (reading and dropping anything it sends first).
    public func closesWithin(_ seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
            if readAvailable().isEmpty { return true }
        }
        return false
    }

    /// Reads until the server closes and parses the answer; nil when it closed without one or did not within `seconds`.
    public func readReply(within seconds: Double) -> LoopbackClient.Reply? {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
            let chunk = readAvailable()
            if chunk.isEmpty { return LoopbackClient.parse(received) }
            received += chunk
        }
        return nil
    }
}

/// Blocking work moved off Swift's cooperative thread pool: a test that blocks a pool thread while a server in the
/// same process needs that pool (two threads on a two-core machine) would wait for itself.
public enum OffPool {
    /// Runs `work` on a thread of its own and returns (or throws) what it did.
    public static func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
            }
        }
    }
}
