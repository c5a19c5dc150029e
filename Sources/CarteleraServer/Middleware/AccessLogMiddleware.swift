import Foundation
import Hummingbird
import Logging

/// One structured line per request: method, path (never the query string or a body: they are the client's business,
/// and sign-ups are personal data), status, bytes, milliseconds, client.
///
/// Hummingbird's `LogRequestsMiddleware` logs a request as it arrives, with its whole URI and without its outcome; an
/// access log needs the status, size and time of the answer and must leave the query string out.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Without an access log (`--no-access-log`) nothing is timed.
        guard logger.logLevel <= .info else { return try await next(request, context) }
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, bytes: response.headers[.contentLength], context: context, since: started)
            return response
        } catch {
            log(request, status: (error as? any HTTPResponseError)?.status.code ?? 500, bytes: nil, context: context, since: started)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, bytes: String?, context: Context, since started: ContinuousClock.Instant) {
        let elapsed = started.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        logger.info("request", metadata: [
            "method": .string(request.method.rawValue),
            "path": .string(String(request.uri.path.prefix(512))),
            "status": .stringConvertible(status),
            "bytes": .string(bytes ?? "-"),
            "ms": .string(String(format: "%.2f", milliseconds)),
            "client": .string(context.client),
        ])
    }
}
