import Hummingbird
import Logging

/// Turns what the routes and inner middleware throw into its response here, inside the middleware that finish every
/// response (security headers, compression, the access log), so errors get those too.
///
/// Hummingbird makes a thrown `HTTPResponseError` a response only once it has left every middleware. Its own `HTTPError`
/// (the router's 404, file handling's 400) is answered in the API's error shape, and anything else is a 500 whose
/// detail goes to the log, never to the client.
struct ErrorResponseMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            if let detail = error.logDetail {
                logger.error("request failed", metadata: ["path": .string(String(request.uri.path.prefix(512))), "detail": .string(detail)])
            }
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            return try APIError(error).response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            return try error.response(from: request, context: context)
        } catch {
            return try APIError.internalError(String(describing: error)).response(from: request, context: context)
        }
    }
}
