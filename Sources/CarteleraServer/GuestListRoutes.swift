import CarteleraModel
import CarteleraQuery
import CarteleraSignUps
import Foundation
import Hummingbird

/// Guest-list sign-ups: `/api/nights/<id>/guestlist` (GET the list's state, POST to join) and
/// `/api/nights/<id>/guestlist/<reference>` (DELETE with the code; `…/cancel` POST for plain HTML forms).
///
/// Bodies are JSON or an HTML form; a form is answered with an HTML page, JSON with JSON. Nothing a reader sends
/// is logged or published.
struct GuestListRoutes: Sendable {
    let snapshots: StoreSnapshots
    let book: SignUpBook
    let configuration: ServerConfiguration

    /// A sign-up or cancellation body as decoded from JSON or a form.
    struct Fields {
        var values: [String: String]
        var isForm: Bool
    }

    /// The public state of a night's list: no personal data.
    struct ListState: Encodable {
        var night: String
        var title: String
        var status: String
        var placesLeft: Int?
        var maximumParty: Int
        var conditions: [String]
        var deadline: Timestamp?
    }

    /// The state of the night's list (GET).
    func state(night id: String) throws(APIError) -> Reply {
        let now = configuration.clock()
        let (night, list, snapshot) = try lookUp(id, at: now)
        let placesLeft = try places(list)
        var status = list.status(at: now).rawValue
        if placesLeft == 0 { status = GuestList.Status.full.rawValue }
        let state = ListState(night: night.night.id, title: night.night.title, status: status, placesLeft: placesLeft,
                              maximumParty: SignUpRules.maximumParty(list), conditions: list.conditions, deadline: list.deadline)
        do {
            return try Reply.json(state, caching: .noStore, modified: snapshot.modified)
        } catch {
            throw APIError(status: .internalServerError, code: "encoding_failed", message: "the list's state could not be encoded")
        }
    }

    /// Joins the night's list (POST).
    func signUp(night id: String, fields: Fields) throws(APIError) -> Reply {
        let now = configuration.clock()
        let (night, list, _) = try lookUp(id, at: now)
        let request = SignUpRequest(name: fields.values["name"] ?? "", partySize: fields.values["party_size"] ?? "",
                                    contact: fields.values["contact"] ?? "")
        do {
            let receipt = try book.signUp(request, to: list, at: now)
            if fields.isForm { return SignUpPages.accepted(receipt, title: night.night.title) }
            struct Accepted: Encodable {
                var night: String
                var reference: String
                var cancellationCode: String
                var partySize: Int
                var placesLeft: Int?
            }
            var reply = try Reply.json(Accepted(night: receipt.night, reference: receipt.reference, cancellationCode: receipt.cancellationCode,
                                                partySize: receipt.partySize, placesLeft: receipt.placesLeft), caching: .noStore, modified: nil)
            reply.status = .created
            return reply
        } catch let error as SignUpError {
            throw Self.apiError(error, form: fields.isForm)
        } catch {
            throw APIError(status: .internalServerError, code: "encoding_failed", message: "the receipt could not be encoded")
        }
    }

    /// Cancels a sign-up with its code (DELETE, or POST of the cancel form).
    func cancel(night id: String, reference: String, code: String?, form: Bool) throws(APIError) -> Reply {
        guard let code, !code.isEmpty else {
            throw APIError.badParameter("code", "give the cancellation code (JSON {\"code\":…}, form field code, or X-Cancellation-Code)")
        }
        do {
            let removed = try book.cancel(night: id, reference: reference, code: code)
            if form { return SignUpPages.cancelled(reference: removed.reference) }
            struct Cancelled: Encodable {
                var night: String
                var reference: String
                var cancelled: Bool
            }
            return try Reply.json(Cancelled(night: id, reference: removed.reference, cancelled: true), caching: .noStore, modified: nil)
        } catch let error as SignUpError {
            throw Self.apiError(error, form: form)
        } catch {
            throw APIError(status: .internalServerError, code: "encoding_failed", message: "the answer could not be encoded")
        }
    }

    /// The night and its guest list in the current snapshot; 404 when there is no such night or it has no list.
    private func lookUp(_ id: String, at now: Timestamp) throws(APIError) -> (NightRow, GuestList, StoreSnapshots.Snapshot) {
        let snapshot = try snapshots.current()
        guard let night = snapshot.engine.night(id, at: now) else { throw APIError.notFound("no night \(id) in the store") }
        guard let list = night.guestList else {
            throw APIError(status: .notFound, code: SignUpError.Reason.noGuestList.rawValue, message: "this night has no guest list")
        }
        return (night, list, snapshot)
    }

    private func places(_ list: GuestList) throws(APIError) -> Int? {
        do {
            return try book.placesLeft(list)
        } catch {
            throw Self.apiError(error, form: false)
        }
    }

    /// The status and code of a sign-up error: 400 for a field, 404, 409 with the list's reason, 403 for a wrong code, 503 for storage.
    static func apiError(_ error: SignUpError, form: Bool) -> APIError {
        var api: APIError
        switch error.kind {
        case .invalid: api = APIError(status: .badRequest, code: "bad_field", message: error.message, parameter: error.field)
        case .notFound: api = APIError(status: .notFound, code: "not_found", message: error.message, parameter: error.field)
        case .refused: api = APIError(status: .conflict, code: error.reason?.rawValue ?? "refused", message: error.message)
        case .wrongCode: api = APIError(status: .forbidden, code: "wrong_code", message: error.message, parameter: "code")
        // The file's path stays in the server's log; the reader learns only that it failed.
        case .storage:
            api = APIError(status: .serviceUnavailable, code: "storage_failed", message: "sign-ups cannot be saved right now; try again later",
                           logDetail: error.description)
        }
        api.htmlPage = form
        return api
    }
}
