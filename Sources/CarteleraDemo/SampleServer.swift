import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The sample sources over HTTP/1.1 on 127.0.0.1 (only ever that address), through Hummingbird's router: what `cartelera demo`
/// scrapes through real HTTP, and what `cartelera demo --serve` leaves running for `cartelera run --sample-server`.
public final class SampleServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let group: ServiceGroup
    private let service: Task<Void, any Error>

    private init(port: Int, group: ServiceGroup, service: Task<Void, any Error>) {
        self.port = port
        self.group = group
        self.service = service
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts serving `site` on `port` (0: any free one) and returns once it listens; throws when it cannot bind.
    public static func start(_ site: DemoSite, port: Int = 0, logger: Logger = Logger(label: "cartelera.demo")) async throws -> SampleServer {
        let router = Router()
        for method in [HTTPRequest.Method.get, .post] {
            router.on("**", method: method) { request, _ -> Response in
                var request = request
                // Definitions post small JSON or form bodies; a sample site has no use for more.
                let body = try await request.collectBody(upTo: 1 << 20)
                let answer = site.answer(method: request.method.rawValue, target: request.uri.string, body: Array(buffer: body),
                                         ifNoneMatch: request.headers[.ifNoneMatch])
                var headers = HTTPFields()
                for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
                    if let field = HTTPField.Name(name) { headers[field] = value }
                }
                return Response(status: HTTPResponse.Status(code: answer.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
            }
        }
        let (listening, announce) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "cartelera-demo"),
            onServerRunning: { channel in
                announce.yield(channel.localAddress?.port ?? 0)
                announce.finish()
            },
            logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [application], logger: logger))
        let service = Task {
            defer { announce.finish() }
            try await group.run()
        }
        var ports = listening.makeAsyncIterator()
        guard let bound = await ports.next(), bound > 0 else {
            await group.triggerGracefulShutdown()
            if case .failure(let error) = await service.result { throw error }
            throw SampleServerError(port: port)
        }
        return SampleServer(port: bound, group: group, service: service)
    }

    /// Stops accepting and lets the requests in flight end.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await service.result
    }
}

/// The sample server stopped before it listened.
public struct SampleServerError: Error, CustomStringConvertible {
    /// The port it was asked for (0: any).
    public var port: Int

    /// One line.
    public var description: String { "the sample server could not listen on 127.0.0.1:\(port)" }
}
