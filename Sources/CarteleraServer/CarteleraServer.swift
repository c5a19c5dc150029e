import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// `cartelera serve`: the API, guest-list sign-ups and the published folder over HTTP/1.1, on Hummingbird.
///
/// It answers from the same store and index as the command line and picks up each new commit without a restart.
/// SIGTERM or SIGINT stop it gracefully: it stops accepting, lets in-flight requests end, then exits.
public struct CarteleraServer: Sendable {
    /// What it serves and its limits.
    public let configuration: ServerConfiguration
    /// Where access and error logs go (swift-log, structured metadata).
    public let logger: Logger

    /// A server for `configuration`, logging to `logger`.
    public init(configuration: ServerConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Serves until SIGTERM or SIGINT (when `handlesSignals`), or until the task is cancelled; `onListening` gets the port bound
    /// (useful with port 0). Tests that run servers inside their own process leave the signals alone.
    public func run(handlesSignals: Bool = true, onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let configuration = self.configuration
        let deadlines = HTTP1Channel.Configuration(
            additionalChannelHandlers: [
                RequestDeadlineHandler(requestTime: .seconds(configuration.requestSeconds), idleTime: .seconds(configuration.idleSeconds))
            ],
            idleTimeout: nil,
            httpDecoderConfiguration: .init(maxHeaderFieldSize: configuration.maximumHeadBytes, maxHeaderListSize: configuration.maximumHeadBytes,
                                            maxHeaderFieldCount: 100))
        let application = Application(
            responder: CarteleraResponder(configuration: configuration, logger: logger),
            server: .http1(configuration: deadlines),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "Cartelera"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        try await application.runService(gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [])
    }
}
