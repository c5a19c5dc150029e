import CarteleraQuery
import CarteleraSite
import Foundation
import HTTPTypes
import Hummingbird

/// An answer other than success: the status and a JSON body naming what is wrong (the site's page for a plain form).
///
/// `{"error":{"code":"bad_parameter","parameter":"year","message":"year=2025-1990: the range runs backwards …"}}`,
/// never stored by caches.
struct APIError: HTTPResponseError, Sendable {
    /// The status sent.
    var status: HTTPResponse.Status
    /// A stable identifier clients can test (`bad_parameter`, `not_found`, `full`…).
    var code: String
    /// What is wrong, in words.
    var message: String
    /// The query parameter or request field at fault.
    var parameter: String?
    /// Extra headers (`Allow` for 405, `Retry-After` for 429).
    var headers: HTTPFields = [:]
    /// What went wrong in words the site's sign-up pages have a sentence for, when the route knows it more precisely than the status says.
    var problem: SignUpProblem?
    /// The HTML page sent instead of the JSON body: the request came from a plain HTML form (`SignUpFormMiddleware`).
    var page: [UInt8]?
    /// What the operator's log should say beyond the message (a file and the system's error); never sent to the client.
    var logDetail: String?

    /// 400 naming a parameter.
    static func badParameter(_ parameter: String, _ message: String) -> APIError {
        APIError(status: .badRequest, code: "bad_parameter", message: message, parameter: parameter)
    }

    /// 400 for a query the engine refuses, in the query string's words: `genre=film: … use type=film`.
    static func badQuery(_ error: QueryError) -> APIError {
        let given = error.value.isEmpty ? error.parameter : "\(error.parameter)=\(error.value)"
        return badParameter(error.parameter, "\(given): \(error.message.text(.queryString))")
    }

    /// 404 for a path that names nothing.
    static func notFound(_ message: String = "nothing here") -> APIError {
        APIError(status: .notFound, code: "not_found", message: message)
    }

    /// 405 listing the methods the path takes.
    static func methodNotAllowed(_ allowed: [HTTPRequest.Method]) -> APIError {
        var headers = HTTPFields()
        headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
        return APIError(status: .methodNotAllowed, code: "method_not_allowed", message: "use \(allowed.map(\.rawValue).joined(separator: " or "))", headers: headers)
    }

    /// 429 with the seconds until the client's next token.
    static func tooManyRequests(_ seconds: Int) -> APIError {
        var error = APIError(status: .tooManyRequests, code: "rate_limited", message: "too many requests: try again in \(seconds) s")
        error.headers[.retryAfter] = String(seconds)
        return error
    }

    /// 413 that closes the connection rather than read a body nobody wants.
    static func bodyTooLarge(_ limit: Int) -> APIError {
        var error = APIError(status: .contentTooLarge, code: "body_too_large", message: "the body is larger than \(limit) bytes")
        error.headers[.connection] = "close"
        return error
    }

    /// 500 for a failure the client cannot act on; the detail stays in the log.
    static func internalError(_ detail: String) -> APIError {
        APIError(status: .internalServerError, code: "internal", message: "the server could not answer", logDetail: detail)
    }

    /// The JSON body: `{"error":{"code":…,"message":…,"parameter":…}}`.
    var body: [UInt8] {
        struct Envelope: Encodable {
            struct Detail: Encodable {
                var code: String
                var message: String
                var parameter: String?
            }
            var error: Detail
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(Envelope(error: .init(code: code, message: message, parameter: parameter)))) ?? Data("{}".utf8))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = page == nil ? "application/json; charset=utf-8" : "text/html; charset=utf-8"
        headers[.cacheControl] = Caching.noStore.header
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: page ?? body)))
    }
}

extension APIError {
    /// Hummingbird's own errors (its router's 404, its file handling's 400) in this shape.
    init(_ error: HTTPError) {
        let codes: [HTTPResponse.Status: String] = [.notFound: "not_found", .badRequest: "bad_request", .rangeNotSatisfiable: "bad_range",
                                                    .contentTooLarge: "body_too_large", .methodNotAllowed: "method_not_allowed"]
        self.init(status: error.status, code: codes[error.status] ?? "error",
                  message: error.body ?? (error.status == .notFound ? "nothing here" : error.status.reasonPhrase.lowercased()), headers: error.headers)
    }
}

extension HTTPField.Name {
    /// The store generation an API answer comes from, so a client can tell answers of two commits apart.
    static let carteleraGeneration = HTTPField.Name("X-Cartelera-Generation")!
    /// The cancellation code of a DELETE, when it is not in the body.
    static let cancellationCode = HTTPField.Name("X-Cancellation-Code")!
    /// Where links from the site's pages may tell the linked site they came from.
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    /// Whether another site may frame the page.
    static let frameOptions = HTTPField.Name("X-Frame-Options")!
}
