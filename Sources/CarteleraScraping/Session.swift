import CarteleraFetch
import CarteleraModel

/// A source's login or token requests, validated: each step's request and where each of its values is read.
struct CompiledSession: Sendable {
    /// Where one value of an answer is.
    enum ValueSource: Sendable {
        /// A JSONPath into the answer's JSON.
        case json(JSONPath)
        /// Every cookie the answer sets, as `name=value; name2=value2`.
        case cookies
        /// One cookie's value.
        case cookie(String)
        /// A response header's value.
        case header(String)
    }

    /// One request of the session and the values read from its answer.
    struct Step: Sendable {
        let spec: SessionSpec
        let values: [(name: String, source: ValueSource)]
    }

    let steps: [Step]

    /// Checks each step's templates (only `{date…}`, `{time…}` and earlier steps' values) and each value's source.
    static func compile(_ specs: [SessionSpec], fail: (String, String) -> DefinitionError) throws(DefinitionError) -> CompiledSession {
        guard !specs.isEmpty, specs.count <= 8 else { throw fail("session", "a session is one to eight requests") }
        var known = Set<String>()
        var steps: [Step] = []
        for (index, spec) in specs.enumerated() {
            let key = "session[\(index)]"
            let templates = [("\(key).url", spec.url), ("\(key).body", spec.body ?? "")]
                + (spec.form ?? [:]).sorted { $0.key < $1.key }.map { ("\(key).form.\($0.key)", $0.value) }
                + (spec.headers ?? [:]).sorted { $0.key < $1.key }.map { ("\(key).headers.\($0.key)", $0.value) }
            for (path, template) in templates {
                if let name = PlaceholderValues.names(in: template).first(where: { !$0.hasPrefix("date") && !$0.hasPrefix("time") && !$0.hasPrefix("session.") }) {
                    throw fail(path, "{\(name)} in a session request: it is made once, before any channel, so only {date…}, {time…} and earlier steps' {session.…} apply")
                }
                if let unknown = PlaceholderValues.unknownNames(in: template, fieldNames: [], sessionNames: known).first {
                    throw fail(path, "unknown placeholder {\(unknown)}" + (unknown.hasPrefix("session.") ? ": no earlier step reads that value" : ""))
                }
            }
            if !spec.url.hasPrefix("{"), let scheme = spec.url.split(separator: ":").first, !["http", "https", "file"].contains(scheme.lowercased()) {
                throw fail("\(key).url", "only http, https and file URLs are fetched, not \"\(scheme):\"")
            }
            guard !spec.values.isEmpty else { throw fail("\(key).values", "name at least one value to read from the answer, such as token: \"$.token\"") }
            var values: [(String, ValueSource)] = []
            for (name, text) in spec.values.sorted(by: { $0.key < $1.key }) {
                guard name.first?.isLetter == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                    throw fail("\(key).values.\(name)", "a value's name is letters, digits and _, used as {session.\(name)}")
                }
                if text == "cookies" {
                    values.append((name, .cookies))
                } else if text.hasPrefix("cookie:"), text.count > 7 {
                    values.append((name, .cookie(String(text.dropFirst(7)))))
                } else if text.hasPrefix("header:"), text.count > 7 {
                    values.append((name, .header(String(text.dropFirst(7)).lowercased())))
                } else if text.hasPrefix("$") {
                    do { values.append((name, .json(try JSONPath(text)))) } catch { throw fail("\(key).values.\(name)", error.description) }
                } else {
                    throw fail("\(key).values.\(name)", "expected a JSONPath starting with $, cookies, cookie:NAME or header:NAME, not \"\(text)\"")
                }
                known.insert(name)
            }
            steps.append(Step(spec: spec, values: values))
        }
        return CompiledSession(steps: steps)
    }

    /// Every value name the session reads, for checking `{session.NAME}` in requests.
    var names: Set<String> { Set(steps.flatMap { $0.values.map(\.name) }) }
}

extension CompiledSession.Step {
    /// The step's request, its templates rendered with `values` (the first day asked for, earlier steps' values).
    func request(values: PlaceholderValues, source: SourceID, label: String, policy: FetchPolicy) -> FetchRequest {
        let template = RequestTemplate(url: spec.url, method: spec.method, form: spec.form, body: spec.body, headers: spec.headers, pages: nil, firstPage: nil)
        return RequestBuilder.request(template, values: values, source: source, label: label, policy: policy)
    }

    /// The values read from the step's answer; a value the answer lacks is an error naming it.
    func read(_ response: FetchResponse, source: SourceID) throws(ScrapeError) -> [String: String] {
        func fail(_ message: String) -> ScrapeError { ScrapeError(kind: .json, source: source, url: response.url, message: "session: \(message)") }
        var json: JSONValue?
        let cookies = CompiledSession.cookies(response.headers["set-cookie"] ?? "")
        var result: [String: String] = [:]
        for (name, source) in values {
            let value: String?
            switch source {
            case .json(let path):
                if json == nil {
                    var bytes = response.body[...]
                    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
                    guard bytes.count <= JSONInput.maxBytes else { throw fail("the answer is over the \(JSONInput.maxBytes / 1_048_576) MB limit: not read") }
                    do throws(JSONLDParser.Failure) { json = try JSONLDParser.parse(Array(bytes)) } catch { throw fail("the answer is not JSON: \(error.message)") }
                }
                value = json.flatMap { path.values(root: $0, row: $0).lazy.flatMap(JSONInput.texts).first }
            case .cookies:
                value = cookies.isEmpty ? nil : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
            case .cookie(let wanted):
                value = cookies.first { $0.name == wanted }?.value
            case .header(let header):
                value = response.headers[header]
            }
            guard let value, !value.isEmpty else { throw fail("the answer has no \(name) (\(spec.values[name] ?? ""))") }
            result[name] = RequestBuilder.singleLine(value)
        }
        return result
    }
}

extension CompiledSession {
    /// The name and value of each cookie in `Set-Cookie` headers joined with ", " (attributes dropped; the comma in
    /// an `Expires` date does not start a cookie, since a cookie starts with `name=`).
    static func cookies(_ header: String) -> [(name: String, value: String)] {
        var cookies: [(String, String)] = []
        for part in header.components(separatedBy: ", ") {
            let pair = part.prefix { $0 != ";" }
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]).trimmingWhitespace()
            let token = !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0)) }
            guard token else { continue }
            cookies.append((name, String(pair[pair.index(after: equals)...]).trimmingWhitespace()))
        }
        return cookies
    }
}

extension CompiledDefinition {
    /// Whether the source makes a login or token request before its listings.
    public var hasSession: Bool { session != nil }

    /// The definition without its session request (its `{session.…}` values empty), for checking captured listings
    /// whose session answer was not captured.
    public func withoutSession() -> CompiledDefinition {
        var copy = self
        copy.session = nil
        return copy
    }

    /// The definition with only `channel` (one language of a channel listed once per language), for checking one case.
    public func restricted(to channel: ChannelEntry) -> CompiledDefinition {
        var copy = self
        copy.channels = [channel]
        return copy
    }

    /// Makes the session's requests in order, when the source has any, and reads their values for `{session.NAME}`.
    func openSession(loader: PageLoader, today: Day?) async throws(ScrapeError) -> [String: String] {
        guard let session else { return [:] }
        var values: [String: String] = [:]
        for (index, step) in session.steps.enumerated() {
            let request = step.request(values: placeholders(day: today, channel: nil, page: nil, today: today, session: values), source: source,
                                       label: index == 0 ? "session" : "session-\(index + 1)", policy: fetchPolicy)
            let response = try await loader.response(request)
            values.merge(try step.read(response, source: source)) { _, new in new }
        }
        return values
    }
}
