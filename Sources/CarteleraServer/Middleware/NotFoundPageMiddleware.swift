#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPTypes
import Hummingbird
import NIOCore

/// What a path that names no route and no published file gets: for a page (any path outside the API), the build's
/// `404.html` with status 404, never stored; another method than GET or HEAD on such a path, 405 with `Allow`.
/// API paths keep their JSON errors.
struct NotFoundPageMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    /// The published folder, where the build writes `404.html`.
    let folder: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError where error.status == .notFound {
            let path = request.uri.path
            let isAPI = path.hasPrefix("/api/") && !path.hasSuffix(".json")
            guard !isAPI else { throw error }
            guard request.method == .get || request.method == .head else { throw APIError.methodNotAllowed([.get, .head]) }
            guard let page = try await notFoundPage(context) else {
                if error is HTTPError { throw APIError.notFound(Self.nothingPublished(folder) ? "nothing is published yet: run `cartelera build`" : "nothing here") }
                throw error
            }
            return page
        }
    }

    /// The build's `404.html` as a 404 response, nil when the build wrote none.
    private func notFoundPage(_ context: Context) async throws -> Response? {
        guard let root = PublishedFolder.realPath(folder) else { return nil }
        var info = stat()
        let page = root + "/404.html"
        guard stat(page, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let body = try await FileIO(threadPool: .singleton).loadFile(path: page, context: context)
        return Response(status: .notFound, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: Caching.noStore.header,
                                                     .contentLength: String(info.st_size)], body: body)
    }

    private static func nothingPublished(_ folder: String) -> Bool {
        PublishedFolder.realPath(folder) == nil
    }
}
