import HTTPTypes
import Hummingbird

/// Headers every response carries beside Hummingbird's `ContentSecurityMiddleware`: no referrer sent from the site's
/// pages, and no framing by browsers that predate `frame-ancestors`.
struct ResponseHeadersMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.referrerPolicy] = "no-referrer"
        response.headers[.frameOptions] = "DENY"
        return response
    }

    /// The site's policy: its own scripts and styles only, images from anywhere over http(s), forms to itself, no frames.
    static let contentSecurityPolicy: ContentSecurityPolicy = [
        .defaultSrc(.self), .scriptSrc(.self), .styleSrc(.self), .imgSrc(.self, .scheme(.https), .scheme(.http), .uri("data:")),
        .connectSrc(.self), .formAction(.self), .frameAncestors(.none), .baseURI(.self), .objectSrc(.none),
    ]
}
