import Foundation
import HTTPTypes
import Hummingbird

/// An answer other than success, with the status and a JSON body naming what is wrong.
struct APIError: Error, Sendable {
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
    /// Answer with an HTML page rather than JSON: the request came from a plain HTML form.
    var htmlPage = false
    /// What the operator's log should say beyond the message (a file and the system's error); never sent to the client.
    var logDetail: String?

    /// 400 naming a parameter.
    static func badParameter(_ parameter: String, _ message: String) -> APIError {
        APIError(status: .badRequest, code: "bad_parameter", message: message, parameter: parameter)
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
