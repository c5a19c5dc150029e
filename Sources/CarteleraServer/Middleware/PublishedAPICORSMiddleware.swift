import Hummingbird

/// The API's CORS for the requests under `/api/` that reach the published files: the static JSON API files `cartelera build`
/// writes (`api/*.json`, and any gzip twin asked for by name) and the API routes mounted beside them. Pages, feeds and the
/// other published files pass untouched.
///
/// A route collection's middleware wraps only its routes, and a published file is answered by Hummingbird's
/// `FileMiddleware`, not by a route: so the path decides here, and the API's own `CORSMiddleware` does the rest.
struct PublishedAPICORSMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    /// The CORS of the API's answers.
    let cors: CORSMiddleware<Context>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
        return try await cors.handle(request, context: context, next: next)
    }
}
