import Hummingbird

/// 429 with `Retry-After` for a client past its budget: `reads` for every request, another for sign-ups and cancellations.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let limiter: RateLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let wait = limiter.take(context.clientAddress) { throw APIError.tooManyRequests(wait) }
        return try await next(request, context)
    }
}
