import CarteleraModel
import CarteleraSite
import HTTPTypes
import Hummingbird
import NIOCore

/// The site's pages answering its plain sign-up and cancellation forms (`SignUpPageRenderer`): about the night as the
/// current snapshot has it, in the reader's language, answered at the form's own address.
struct SignUpFormPages: Sendable {
    let renderer: SignUpPageRenderer
    let snapshots: StoreSnapshots
    let clock: @Sendable () -> Timestamp

    /// Whether `request` is a plain HTML form (a form-encoded POST), which is answered with a page rather than JSON.
    static func isForm(_ request: Request) -> Bool {
        guard request.method == .post, let type = request.headers[.contentType] else { return false }
        return type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "application/x-www-form-urlencoded"
    }

    /// The page for `outcome` about night `id`, answering `request` in `language`.
    func page(_ outcome: SignUpPageRenderer.Outcome, night id: String?, language: SiteLanguage, request: Request) -> [UInt8] {
        // A store that cannot be read leaves the night out: the page still says what happened and leads back to tonight.
        let row = id.flatMap { id in (try? snapshots.current())?.engine.night(id, at: clock()) }
        let night = row.map { SignUpPageRenderer.NightFacts(night: $0.night, venueName: $0.venueName) }
        return renderer.page(outcome, night: night, language: language, path: String(request.uri.path.drop { $0 == "/" }))
    }

    /// A page answering a form that did what it asked, never stored by caches.
    static func response(_ page: [UInt8], status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: Caching.noStore.header],
                 body: .init(byteBuffer: ByteBuffer(bytes: page)))
    }

    /// What a refused form's page says: the route's own problem when it named one, else the one the status stands for.
    static func problem(_ error: APIError) -> SignUpProblem {
        if let problem = error.problem { return problem }
        switch error.status {
        case .notFound: return SignUpProblem(.noNight)
        case .tooManyRequests: return SignUpProblem(.tooManyRequests)
        case .serviceUnavailable: return SignUpProblem(.unavailable)
        default: return SignUpProblem(.other)
        }
    }
}
