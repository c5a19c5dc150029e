import CarteleraSignUps
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Routes every request: `/healthz`, the read-only API, guest-list sign-ups, and the published folder as files;
/// then gives every response its validators, caching, compression and security headers, and logs it.
struct CarteleraResponder: HTTPResponder {
    typealias Context = ServerRequestContext

    let configuration: ServerConfiguration
    let api: APIRoutes
    let guestLists: GuestListRoutes
    let files: StaticFiles
    let health: Health
    let reads: RateLimiter
    let signUps: RateLimiter
    let logger: Logger

    /// A responder over the store and folder of `configuration`.
    init(configuration: ServerConfiguration, logger: Logger) {
        let snapshots = StoreSnapshots(storeRoot: configuration.storeRoot)
        self.configuration = configuration
        api = APIRoutes(snapshots: snapshots, configuration: configuration)
        guestLists = GuestListRoutes(snapshots: snapshots, book: SignUpBook(store: configuration.storeRoot), configuration: configuration)
        files = StaticFiles(folder: configuration.outputFolder)
        health = Health(snapshots: snapshots, clock: configuration.clock)
        reads = RateLimiter(perMinute: configuration.readsPerMinute)
        signUps = RateLimiter(perMinute: configuration.signUpsPerMinute)
        self.logger = logger
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let started = ContinuousClock.now
        let path = request.uri.path
        let isAPI = path.hasPrefix("/api/")
        var reply: Reply
        do {
            reply = try await route(request, context: context)
        } catch let error as APIError {
            reply = .error(error)
            if let detail = error.logDetail { logger.error("request failed", metadata: ["path": .string(path), "detail": .string(detail)]) }
        } catch {
            logger.error("request failed", metadata: ["path": .string(path), "error": .string(String(describing: error))])
            reply = .error(APIError(status: .internalServerError, code: "internal", message: "the server could not answer"))
        }
        let readOnlyAPI = isAPI && !path.hasPrefix("/api/nights/")
        let response = ReplyFinishing.response(reply, to: request, cors: readOnlyAPI)
        accessLog(request, response: response, context: context, seconds: started.duration(to: .now))
        return response
    }

    private func route(_ request: Request, context: Context) async throws -> Reply {
        guard request.uri.string.utf8.count <= configuration.maximumTargetBytes else {
            throw APIError(status: .uriTooLong, code: "uri_too_long", message: "the request target is longer than \(configuration.maximumTargetBytes) bytes")
        }
        if let wait = reads.take(context.client) { throw Self.tooManyRequests(wait) }
        let segments = try StaticFiles.segments(request.uri.path, encodedSlashes: request.uri.path.hasPrefix("/api/nights/"))
        let method = request.method
        switch segments.first {
        case "healthz" where segments.count == 1:
            guard method == .get || method == .head else { throw APIError.methodNotAllowed([.get, .head]) }
            return health.reply()
        case "api" where segments.count >= 2 && segments[1] == "nights":
            return try await guestList(request, segments: segments, context: context)
        // The static JSON API that `cartelera build` publishes (`api/now.json`, `api/schedule/…/<day>.json`) is files.
        case "api" where !(segments.last ?? "").hasSuffix(".json"):
            if method == .options { return Self.preflight() }
            guard method == .get || method == .head else { throw APIError.methodNotAllowed([.get, .head, .options]) }
            return try api.reply(Array(segments.dropFirst()), query: try QueryString(request.uri.query))
        default:
            guard method == .get || method == .head else { throw APIError.methodNotAllowed([.get, .head]) }
            return try files.reply(rawPath: request.uri.path, acceptsGzip: ReplyFinishing.accepts("gzip", request.headers[.acceptEncoding]))
        }
    }

    /// `/api/nights/<id>/guestlist[/<reference>[/cancel]]`.
    private func guestList(_ request: Request, segments: [String], context: Context) async throws -> Reply {
        guard segments.count >= 4, segments[3] == "guestlist" else {
            throw APIError.notFound("use /api/nights/<night id, percent-encoded>/guestlist")
        }
        let night = segments[2]
        let method = request.method
        switch segments.count {
        case 4:
            if method == .get || method == .head { return try guestLists.state(night: night) }
            guard method == .post else { throw APIError.methodNotAllowed([.get, .head, .post]) }
            if let wait = signUps.take(context.client) { throw Self.tooManyRequests(wait) }
            return try guestLists.signUp(night: night, fields: try await fields(request))
        case 5:
            guard method == .delete else { throw APIError.methodNotAllowed([.delete]) }
            if let wait = signUps.take(context.client) { throw Self.tooManyRequests(wait) }
            let header = request.headers[.cancellationCode]
            let body = header == nil ? try await fields(request, optional: true) : nil
            return try guestLists.cancel(night: night, reference: segments[4], code: header ?? body?.values["code"], form: false)
        case 6 where segments[5] == "cancel":
            guard method == .post else { throw APIError.methodNotAllowed([.post]) }
            if let wait = signUps.take(context.client) { throw Self.tooManyRequests(wait) }
            let body = try await fields(request)
            return try guestLists.cancel(night: night, reference: segments[4], code: body.values["code"], form: body.isForm)
        default:
            throw APIError.notFound()
        }
    }

    /// The request body as fields: a JSON object of strings or numbers, or an HTML form; capped at `maximumBodyBytes`.
    private func fields(_ request: Request, optional: Bool = false) async throws -> GuestListRoutes.Fields {
        let limit = configuration.maximumBodyBytes
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw Self.tooLarge(limit) }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw Self.tooLarge(limit)
        }
        let bytes = Array(buffer.readableBytesView)
        if bytes.isEmpty, optional { return GuestListRoutes.Fields(values: [:], isForm: false) }
        let type = (request.headers[.contentType] ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch type {
        case "application/x-www-form-urlencoded":
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw APIError(status: .badRequest, code: "bad_body", message: "the form is not UTF-8")
            }
            var values: [String: String] = [:]
            for (name, given) in try QueryString(text).values {
                guard given.count == 1, let value = given.first else { throw APIError.badParameter(name, "give \(name) once") }
                values[name] = value
            }
            return GuestListRoutes.Fields(values: values, isForm: true)
        case "application/json":
            return GuestListRoutes.Fields(values: try SignUpJSON.fields(bytes), isForm: false)
        default:
            throw APIError(status: .unsupportedMediaType, code: "unsupported_media_type",
                           message: "send application/json or application/x-www-form-urlencoded")
        }
    }

    private static func tooLarge(_ limit: Int) -> APIError {
        var error = APIError(status: .contentTooLarge, code: "body_too_large", message: "the body is larger than \(limit) bytes")
        error.headers[.connection] = "close"
        return error
    }

    private static func tooManyRequests(_ seconds: Int) -> APIError {
        var error = APIError(status: .tooManyRequests, code: "rate_limited", message: "too many requests: try again in \(seconds) s")
        error.headers[.retryAfter] = String(seconds)
        return error
    }

    /// The CORS preflight of the read-only API.
    private static func preflight() -> Reply {
        var reply = Reply(status: .noContent, contentType: "text/plain; charset=utf-8", body: .bytes([]), caching: .seconds(86_400), modified: nil)
        reply.headers[.accessControlAllowMethods] = "GET, HEAD, OPTIONS"
        reply.headers[.accessControlAllowHeaders] = "If-None-Match, If-Modified-Since"
        reply.headers[.accessControlMaxAge] = "86400"
        return reply
    }

    /// One structured line per request: method, path (no query: it is the client's business), status, bytes, time, client.
    private func accessLog(_ request: Request, response: Response, context: Context, seconds: Duration) {
        let milliseconds = Double(seconds.components.seconds) * 1000 + Double(seconds.components.attoseconds) / 1e15
        logger.info("request", metadata: [
            "method": .string(request.method.rawValue),
            "path": .string(String(request.uri.path.prefix(512))),
            "status": .stringConvertible(response.status.code),
            "bytes": .string(response.headers[.contentLength] ?? "-"),
            "ms": .string(String(format: "%.2f", milliseconds)),
            "client": .string(context.client),
        ])
    }
}
