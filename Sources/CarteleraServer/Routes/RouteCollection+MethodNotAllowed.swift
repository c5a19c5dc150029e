import HTTPTypes
import Hummingbird

extension RouteCollection where Context == ServerRequestContext {
    /// Answers every other common method on `path` with 405 and `Allow` (RFC 9110 §15.5.6): Hummingbird's router takes
    /// a known path with an unknown method for an unknown path, a 404.
    @discardableResult
    func refuseOtherMethods(on path: RouterPath, allowing allowed: [HTTPRequest.Method]) -> Self {
        for method in [HTTPRequest.Method.get, .head, .post, .put, .delete, .patch, .options] where !allowed.contains(method) {
            on(path, method: method) { _, _ -> Response in throw APIError.methodNotAllowed(allowed) }
        }
        return self
    }
}
