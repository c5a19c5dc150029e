import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1 (only ever that address) on an ephemeral port, for tests and the demo.
///
/// Each connection gets its own thread and exactly one response, then `Connection: close`.
/// Handlers may block (to simulate slow servers); they run on that connection's thread.
public final class LoopbackServer: Sendable {
    /// A socket call that failed while starting the server.
    public struct SocketError: Error, CustomStringConvertible {
        /// The call that failed ("bind", "listen").
        public var call: String
        /// The errno it left.
        public var code: Int32
        /// "loopback server: bind failed: <strerror>".
        public var description: String { "loopback server: \(call) failed: \(String(cString: strerror(code)))" }
    }

    /// The port the server listens on.
    public let port: Int
    private let listener: Int32
    private let connections: LoopbackConnections
    private let stopped = Mutex(false)
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    /// Binds 127.0.0.1 on `port` (0: an ephemeral one) and starts accepting on a background thread.
    public init(port requestedPort: UInt16 = 0, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError(call: "socket", code: errno) }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = requestedPort.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && listen(fd, 128) == 0
                    && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw SocketError(call: "bind", code: code)
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        connections = LoopbackConnections(handler: handler)

        let connections = self.connections
        let done = acceptLoopDone
        Thread.detachNewThread {
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    break
                }
                Thread.detachNewThread { connections.serve(client) }
            }
            done.signal()
        }
    }

    deinit {
        stop()
    }

    /// "http://127.0.0.1:PORT".
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Everything received so far, in arrival order, for assertions.
    public var requests: [LoopbackRequest] { connections.log }

    /// Stops accepting; connections already open finish on their own.
    public func stop() {
        let wasStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        // shutdown wakes the thread blocked in accept(); close alone would not on Linux.
        shutdown(listener, Int32(SHUT_RDWR))
        acceptLoopDone.wait()
        close(listener)
    }
}
