import CarteleraFetch
import CarteleraMarkup
import CarteleraModel
import Foundation

/// Fetches each distinct request once per scrape, however many channels or days ask for it.
actor PageLoader {
    private let fetcher: any Fetcher
    private let source: SourceID
    private var pending: [FetchRequest: Task<Result<FetchResponse, FetchError>, Never>] = [:]

    init(fetcher: any Fetcher, source: SourceID) {
        self.fetcher = fetcher
        self.source = source
    }

    /// The response to `request`, fetched on first use.
    func response(_ request: FetchRequest) async throws(ScrapeError) -> FetchResponse {
        let task: Task<Result<FetchResponse, FetchError>, Never>
        if let existing = pending[request] {
            task = existing
        } else {
            let fetcher = self.fetcher
            task = Task {
                do throws(FetchError) { return .success(try await fetcher.fetch(request)) } catch { return .failure(error) }
            }
            pending[request] = task
        }
        switch await task.value {
        case .success(let response): return response
        case .failure(let error): throw ScrapeError.fetch(error, source: source)
        }
    }
}

/// Builds requests from a definition's templates.
enum RequestBuilder {
    /// The request for one channel, day and page.
    static func request(_ template: RequestTemplate, values: PlaceholderValues, source: SourceID, label: String, policy: FetchPolicy) -> FetchRequest {
        // A line break in a rendered value would end the header and start another one: values keep one line.
        var headers = template.headers?.mapValues { Self.singleLine(values.render($0)) } ?? [:]
        var body: [UInt8]?
        if let form = template.form {
            let encoded = form.sorted { $0.key < $1.key }
                .map { "\(formEncode($0.key))=\(formEncode(values.render($0.value)))" }
                .joined(separator: "&")
            body = Array(encoded.utf8)
            if headers.keys.first(where: { $0.lowercased() == "content-type" }) == nil {
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            }
        } else if let raw = template.body {
            body = Array(values.render(raw).utf8)
        }
        return FetchRequest(url: values.render(template.url), method: template.method ?? (body == nil ? "GET" : "POST"),
                            headers: headers, body: body, source: source.rawValue, label: label, policy: policy)
    }

    /// The text with carriage returns and line feeds turned into spaces.
    static func singleLine(_ text: String) -> String {
        String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    }

    /// Detail requests reuse the listing's request shape.
    static func request(_ detail: DetailSpec, values: PlaceholderValues, baseURL: String, source: SourceID, policy: FetchPolicy) -> FetchRequest? {
        let template = RequestTemplate(url: values.render(detail.url), method: detail.method, form: detail.form, body: detail.body, headers: detail.headers, pages: nil, firstPage: nil)
        var request = Self.request(template, values: values, source: source, label: "detail", policy: policy)
        // A file: URL only from a page that is a file itself: a page's link must not make the engine read local files.
        guard let absolute = URL(string: request.url, relativeTo: URL(string: baseURL))?.absoluteURL.absoluteString,
              absolute.hasPrefix("http://") || absolute.hasPrefix("https://") || (absolute.hasPrefix("file:") && baseURL.hasPrefix("file:")) else { return nil }
        request.url = absolute
        return request
    }

    static func formEncode(_ text: String) -> String { FormEncoding.encode(text) }

    /// Refuses a request whose scheme came from a value (a session's answer naming the listing's URL) and is not
    /// http(s): an answer must not make the engine read a local file or speak another protocol.
    static func checkScheme(of request: FetchRequest, template: String) throws(ScrapeError) {
        guard template.hasPrefix("{") else { return }
        let head = request.url.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let colon = head.firstIndex(of: ":") else { return }
        let scheme = head[..<colon].lowercased()
        guard scheme != "http", scheme != "https" else { return }
        throw ScrapeError(kind: .fetch, source: SourceID(request.source ?? ""), url: request.url,
                          message: "the request's URL comes from a value and is \(scheme):, not http(s): not fetched")
    }
}

extension CompiledDefinition {
    /// Parses a response as HTML or XML, honouring the definition's forced encoding; what decoding had to repair
    /// (a wrong charset label, invalid or NUL bytes) is added to `warnings`, one line each naming the source and URL.
    func document(from response: FetchResponse, xml: Bool, warnings: inout [String]) throws(ScrapeError) -> Document {
        var response = response
        if !bodyReplacements.isEmpty { response.body = Self.replacing(response.body, bodyReplacements) }
        let document: Document
        do {
            document = xml ? try Document.xml(response.body, url: response.url)
                : try Document.html(response.body, url: response.url, declaredCharset: encoding ?? response.charset)
        } catch {
            throw ScrapeError.markup(error, source: source, url: response.url)
        }
        warnings += document.warnings.map { "\(source): \($0)" }
        return document
    }

    /// The body with each replacement applied; UTF-8 when valid, else Latin-1, so the bytes round-trip unchanged elsewhere.
    static func replacing(_ body: [UInt8], _ replacements: [(NSRegularExpression, String)]) -> [UInt8] {
        let utf8 = String(validating: body, as: UTF8.self)
        guard var text = utf8 ?? String(bytes: body, encoding: .isoLatin1) else { return body }
        for (pattern, template) in replacements {
            text = pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        if utf8 != nil { return Array(text.utf8) }
        return text.data(using: .isoLatin1).map { Array($0) } ?? body
    }
}

/// `application/x-www-form-urlencoded` values as the engine sends them.
public enum FormEncoding {
    /// The text with everything but ASCII letters, digits and `-._~` percent-encoded.
    public static func encode(_ text: String) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
