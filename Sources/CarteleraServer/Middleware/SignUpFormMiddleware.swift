import CarteleraSite
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers the site's plain HTML forms (form-encoded POSTs to the guest-list routes) with the site's pages instead of
/// JSON: it reads the reader's language (the form's `lang` field, else `Accept-Language`) into the context, where the
/// routes find it for the page of a sign-up or cancellation done, and gives any refusal thrown inside (a field, the
/// list's state, the rate limit, the body) the page saying why, in that language, with the error's status and headers.
///
/// The refusal stays an `APIError` carrying its page, so `ErrorResponseMiddleware` logs it as any other.
struct SignUpFormMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let pages: SignUpFormPages
    let maximumBodyBytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard SignUpFormPages.isForm(request) else { return try await next(request, context) }
        var request = request
        var context = context
        var language = SignUpPageRenderer.language(formField: nil, acceptLanguage: request.headers[.acceptLanguage])
        do {
            // Read once here, for the language, and left in the request for the route to decode and check.
            if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maximumBodyBytes { throw APIError.bodyTooLarge(maximumBodyBytes) }
            let body: ByteBuffer
            do { body = try await request.collectBody(upTo: maximumBodyBytes) } catch { throw APIError.bodyTooLarge(maximumBodyBytes) }
            let fields = try? URLEncodedFormDecoder().decode([String: String].self, from: String(buffer: body))
            language = SignUpPageRenderer.language(formField: fields?["lang"], acceptLanguage: request.headers[.acceptLanguage])
            context.formLanguage = language
            return try await next(request, context)
        } catch {
            var refusal = (error as? APIError) ?? (error as? HTTPError).map(APIError.init) ?? .internalError(String(describing: error))
            let night = context.parameters.get("night")?.removingPercentEncoding
            refusal.page = pages.page(.refused(SignUpFormPages.problem(refusal)), night: night, language: language, request: request)
            throw refusal
        }
    }
}
