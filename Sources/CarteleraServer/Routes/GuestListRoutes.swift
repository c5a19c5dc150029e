import CarteleraModel
import CarteleraQuery
import CarteleraSignUps
import CarteleraSite
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOPosix

/// Guest-list sign-ups, mounted at `/api/nights`: `<id>/guestlist` (GET the list's state, POST to join) and
/// `<id>/guestlist/<reference>` (DELETE with the code; `…/cancel` POST for plain HTML forms). Sign-ups and cancellations
/// have a rate limit of their own, beside the reads'.
///
/// Bodies are JSON or an HTML form; a form is answered with the site's page (`SignUpFormMiddleware`, when the server has
/// the site's templates), JSON with JSON. Nothing a reader sends is logged or published.
struct GuestListRoutes: Sendable {
    let snapshots: StoreSnapshots
    let book: SignUpBook
    let configuration: ServerConfiguration
    let signUps: RateLimiter
    /// The pages answering plain HTML forms; nil without the site's templates.
    let pages: SignUpFormPages?

    /// The public state of a night's list: no personal data.
    struct ListState: Encodable, Sendable {
        var night: String
        var title: String
        var status: String
        var placesLeft: Int?
        var maximumParty: Int
        var conditions: [String]
        var deadline: Timestamp?
    }

    /// The routes, for the router to mount at `/api/nights`.
    var collection: RouteCollection<ServerRequestContext> {
        let routes = RouteCollection(context: ServerRequestContext.self)
        routes.get(":night/guestlist") { _, context in try await state(night: try night(context)) }
        if let pages { routes.add(middleware: SignUpFormMiddleware(pages: pages, maximumBodyBytes: configuration.maximumBodyBytes)) }
        routes.add(middleware: RateLimitMiddleware(limiter: signUps))
        routes.post(":night/guestlist") { request, context in
            try answer(await signUp(night: try night(context), fields: try await fields(request)), to: request, context: context)
        }
        routes.delete(":night/guestlist/:reference") { request, context in
            let header = request.headers[.cancellationCode]
            let body = header == nil ? try await fields(request, optional: true) : nil
            return try answer(await cancel(night: try night(context), reference: try reference(context), code: header ?? body?["code"]), to: request,
                              context: context)
        }
        routes.post(":night/guestlist/:reference/cancel") { request, context in
            let body = try await fields(request)
            return try answer(await cancel(night: try night(context), reference: try reference(context), code: body["code"]), to: request, context: context)
        }
        routes.refuseOtherMethods(on: ":night/guestlist", allowing: [.get, .head, .post])
        routes.refuseOtherMethods(on: ":night/guestlist/:reference", allowing: [.delete])
        routes.refuseOtherMethods(on: ":night/guestlist/:reference/cancel", allowing: [.post])
        return routes
    }

    /// The state of the night's list (GET).
    func state(night id: String) async throws(APIError) -> Response {
        let now = configuration.clock()
        let (night, list, snapshot) = try lookUp(id, at: now)
        let placesLeft = try await withBook { book in Result { () throws(SignUpError) in try book.placesLeft(list) } }.mapError(Self.apiError).get()
        var status = list.status(at: now).rawValue
        if placesLeft == 0 { status = GuestList.Status.full.rawValue }
        let state = ListState(night: night.night.id, title: night.night.title, status: status, placesLeft: placesLeft,
                              maximumParty: SignUpRules.maximumParty(list), conditions: list.conditions, deadline: list.deadline)
        return try Self.json(state, status: .ok, modified: snapshot.modified)
    }

    /// What a sign-up or cancellation did, answered as JSON to the API and as the site's page to a plain form.
    enum Done {
        case signedUp(SignUpReceipt)
        case cancelled(night: String, reference: String)
    }

    /// Joins the night's list (POST).
    func signUp(night id: String, fields: [String: String]) async throws(APIError) -> Done {
        let now = configuration.clock()
        let (_, list, _) = try lookUp(id, at: now)
        let request = SignUpRequest(name: fields["name"] ?? "", partySize: fields["party_size"] ?? "", contact: fields["contact"] ?? "")
        let (outcome, placesLeft) = try await withBook { book -> (Result<SignUpReceipt, SignUpError>, Int?) in
            let outcome = Result { () throws(SignUpError) in try book.signUp(request, to: list, at: now) }
            guard case .failure(let error) = outcome, error.reason == .notEnoughPlaces else { return (outcome, nil) }
            return (outcome, try? book.placesLeft(list))
        }
        switch outcome {
        case .success(let receipt):
            return .signedUp(receipt)
        case .failure(let error):
            var refusal = Self.apiError(error)
            // The numbers the reader's sentence names: the largest party this list takes, the places it has left.
            if refusal.problem?.reason == .partySize { refusal.problem?.number = SignUpRules.maximumParty(list) }
            if refusal.problem?.reason == .notEnoughPlaces { refusal.problem?.number = placesLeft }
            throw refusal
        }
    }

    /// Cancels a sign-up with its code (DELETE, or POST of the cancel form).
    func cancel(night id: String, reference: String, code: String?) async throws(APIError) -> Done {
        guard let code, !code.isEmpty else {
            var refusal = APIError.badParameter("code", "give the cancellation code (JSON {\"code\":…}, form field code, or X-Cancellation-Code)")
            refusal.problem = SignUpProblem(.code)
            throw refusal
        }
        let outcome = try await withBook { book in Result { () throws(SignUpError) in try book.cancel(night: id, reference: reference, code: code) } }
        return .cancelled(night: id, reference: try outcome.mapError(Self.apiError).get().reference)
    }

    /// `done` as the site's page when `SignUpFormMiddleware` found a plain form, else as JSON.
    private func answer(_ done: Done, to request: Request, context: ServerRequestContext) throws(APIError) -> Response {
        struct Accepted: Encodable {
            var night: String
            var reference: String
            var cancellationCode: String
            var partySize: Int
            var placesLeft: Int?
        }
        struct Cancelled: Encodable {
            var night: String
            var reference: String
            var cancelled: Bool
        }
        switch done {
        case .signedUp(let receipt):
            if let pages, let language = context.formLanguage {
                let outcome = SignUpPageRenderer.Outcome.accepted(reference: receipt.reference, cancellationCode: receipt.cancellationCode,
                                                                  partySize: receipt.partySize, placesLeft: receipt.placesLeft)
                return SignUpFormPages.response(pages.page(outcome, night: receipt.night, language: language, request: request), status: .created)
            }
            return try Self.json(Accepted(night: receipt.night, reference: receipt.reference, cancellationCode: receipt.cancellationCode,
                                          partySize: receipt.partySize, placesLeft: receipt.placesLeft), status: .created, modified: nil)
        case .cancelled(let night, let reference):
            if let pages, let language = context.formLanguage {
                return SignUpFormPages.response(pages.page(.cancelled(reference: reference), night: night, language: language, request: request), status: .ok)
            }
            return try Self.json(Cancelled(night: night, reference: reference, cancelled: true), status: .ok, modified: nil)
        }
    }

    /// A JSON answer that is never stored (sign-ups are personal, states move with every sign-up).
    private static func json(_ value: some Encodable, status: HTTPResponse.Status, modified: Timestamp?) throws(APIError) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes: Data
        do {
            bytes = try encoder.encode(value)
        } catch {
            throw APIError.internalError("a guest-list answer could not be encoded: \(error)")
        }
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: Caching.noStore.header]
        if let modified { headers[.lastModified] = HTTPDate.format(modified) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The night id of the path, one percent-encoded segment.
    private func night(_ context: ServerRequestContext) throws(APIError) -> String {
        guard let id = context.parameters.get("night")?.removingPercentEncoding, !id.isEmpty else {
            throw APIError.notFound("use /api/nights/<night id, percent-encoded>/guestlist")
        }
        return id
    }

    /// The booking reference of the path.
    private func reference(_ context: ServerRequestContext) throws(APIError) -> String {
        guard let reference = context.parameters.get("reference")?.removingPercentEncoding, !reference.isEmpty else { throw APIError.notFound() }
        return reference
    }

    /// The request body as fields: a JSON object of strings or numbers, or an HTML form (through Hummingbird's form
    /// decoder); capped at `maximumBodyBytes`, past which the connection is closed.
    private func fields(_ request: Request, optional: Bool = false) async throws(APIError) -> [String: String] {
        let limit = configuration.maximumBodyBytes
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw APIError.bodyTooLarge(limit) }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw APIError.bodyTooLarge(limit)
        }
        let bytes = Array(buffer.readableBytesView)
        if bytes.isEmpty, optional { return [:] }
        let type = (request.headers[.contentType] ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch type {
        case "application/x-www-form-urlencoded":
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw APIError(status: .badRequest, code: "bad_body", message: "the form is not UTF-8")
            }
            do {
                return try URLEncodedFormDecoder().decode([String: String].self, from: text)
            } catch let error as URLEncodedFormError where error.code == .duplicateKeys {
                throw APIError.badParameter(error.value, "give \(error.value) once")
            } catch {
                throw APIError(status: .badRequest, code: "bad_body", message: "the form cannot be read: send name=value pairs, percent-encoded")
            }
        case "application/json":
            return try SignUpJSON.fields(bytes)
        default:
            throw APIError(status: .unsupportedMediaType, code: "unsupported_media_type",
                           message: "send application/json or application/x-www-form-urlencoded")
        }
    }

    /// The night and its guest list in the current snapshot; 404 when there is no such night or it has no list.
    private func lookUp(_ id: String, at now: Timestamp) throws(APIError) -> (NightRow, GuestList, StoreSnapshots.Snapshot) {
        let snapshot = try snapshots.current()
        guard let night = snapshot.engine.night(id, at: now) else {
            var missing = APIError.notFound("no night \(id) in the store")
            missing.problem = SignUpProblem(.noNight)
            throw missing
        }
        guard let list = night.guestList else {
            throw APIError(status: .notFound, code: SignUpError.Reason.noGuestList.rawValue, message: "this night has no guest list",
                           problem: SignUpProblem(.noGuestList))
        }
        return (night, list, snapshot)
    }

    /// Runs `work` with the book on NIO's thread pool: a sign-up waits on a lock, reads a file and fsyncs one, which must not
    /// hold one of the few threads every request's task runs on.
    private func withBook<Value: Sendable>(_ work: @escaping @Sendable (SignUpBook) -> Value) async throws(APIError) -> Value {
        let book = self.book
        do {
            return try await NIOThreadPool.singleton.runIfActive { work(book) }
        } catch {
            throw APIError.internalError(String(describing: error))
        }
    }

    /// The status and code of a sign-up error: 400 for a field, 404, 409 with the list's reason, 403 for a wrong code, 503 for
    /// storage; with the problem a form's page names.
    static func apiError(_ error: SignUpError) -> APIError {
        switch error.kind {
        case .invalid:
            return APIError(status: .badRequest, code: "bad_field", message: error.message, parameter: error.field, problem: problem(field: error.field))
        case .notFound:
            return APIError(status: .notFound, code: "not_found", message: error.message, parameter: error.field,
                            problem: SignUpProblem(error.field == "reference" ? .noBooking : .noNight))
        case .refused:
            return APIError(status: .conflict, code: error.reason?.rawValue ?? "refused", message: error.message, problem: error.reason.map(problem(reason:)))
        case .wrongCode:
            return APIError(status: .forbidden, code: "wrong_code", message: error.message, parameter: "code", problem: SignUpProblem(.wrongCode))
        // The file's path stays in the server's log; the reader learns only that it failed.
        case .storage:
            return APIError(status: .serviceUnavailable, code: "storage_failed", message: "sign-ups cannot be saved right now; try again later",
                            problem: SignUpProblem(.unavailable), logDetail: error.description)
        }
    }

    /// The problem of a malformed field.
    private static func problem(field: String?) -> SignUpProblem {
        switch field {
        case "name": SignUpProblem(.name)
        case "contact": SignUpProblem(.contact)
        case "party_size": SignUpProblem(.partySize)
        case "code": SignUpProblem(.code)
        default: SignUpProblem(.other)
        }
    }

    /// The problem of a list's refusal.
    private static func problem(reason: SignUpError.Reason) -> SignUpProblem {
        switch reason {
        case .closed: SignUpProblem(.closed)
        case .full: SignUpProblem(.full)
        case .deadlinePassed: SignUpProblem(.deadlinePassed)
        case .nightOver: SignUpProblem(.nightOver)
        case .notEnoughPlaces: SignUpProblem(.notEnoughPlaces)
        case .alreadySignedUp: SignUpProblem(.alreadySignedUp)
        case .noGuestList: SignUpProblem(.noGuestList)
        }
    }
}
