import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore

/// `cartelera-bench fixed-answer FILE`: the least a Hummingbird server can do for a request, for `bench serve`'s ceiling.
///
/// One route answering every GET with FILE's bytes, kept in one `ByteBuffer` and sent as they are, with no middleware:
/// what `cartelera serve` does for an answer it keeps, without its checks and headers. Loaded like the other servers,
/// it shows how many requests this machine's Hummingbird serves beside wrk at all.
struct FixedAnswer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixed-answer",
        abstract: "Serve FILE's bytes as JSON at every path on 127.0.0.1 with a bare Hummingbird router (bench serve's ceiling).",
        discussion: "Prints {\"url\":\"http://127.0.0.1:PORT\"} once it listens, as `cartelera serve --json` does, and serves until killed.",
        shouldDisplay: false)

    @Argument(help: ArgumentHelp("The bytes to answer with.", valueName: "file"))
    var file: String

    func run() async throws {
        guard let bytes = FileManager.default.contents(atPath: file) else { throw BenchFailure("fixed-answer: cannot read \(file)", exitCode: 2) }
        let body = ByteBuffer(bytes: bytes)
        let headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .contentLength: String(body.readableBytes)]
        let router = Router()
        router.get("**") { _, _ in Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body)) }
        var logger = Logger(label: "cartelera-bench.fixed-answer")
        logger.logLevel = .error
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                FileHandle.standardOutput.write(Data("{\"url\":\"http://127.0.0.1:\(channel.localAddress?.port ?? 0)\"}\n".utf8))
            },
            logger: logger)
        try await application.runService()
    }
}
