import CarteleraFetch
import CarteleraMarkup
import CarteleraModel

/// Where a page's JSON is: the whole response, the text of a script element, a script's `NAME = …;` assignment, or
/// the Next.js flight data its scripts push.
public enum JSONLocation: Codable, Sendable, Hashable, DefinitionKeys {
    /// The whole response is JSON (a site's API).
    case page
    /// The whole response is JSONP: JSON wrapped in a call, `callback({…});`.
    case jsonp
    /// The text of the first element a CSS selector matches (`script#__NEXT_DATA__`, `script[type="application/json"]`).
    case script(String)
    /// The value assigned to a name in any script: `var NAME = {…};`, `window.NAME = […]`, `x.NAME = {a: 'b'}`,
    /// `NAME = JSON.parse('…')`, or a string holding JSON; `NAME: {…}` is not one.
    case variable(String)
    /// The rows of the Next.js flight data that `self.__next_f.push([1, "…"])` calls carry, as one array in page order.
    case nextFlight

    /// Decodes `page`, `jsonp`, `next-flight`, `{script: CSS}` or `{variable: NAME}`.
    public init(from decoder: any Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            switch word {
            case "page": self = .page
            case "jsonp": self = .jsonp
            case "next-flight": self = .nextFlight
            default:
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected page, jsonp, next-flight, {script: CSS} or {variable: NAME}, not \"\(word)\""))
            }
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let name = try container.decodeIfPresent(String.self, forKey: .variable) {
            self = .variable(name)
        } else {
            self = .script(try container.decode(String.self, forKey: .script))
        }
    }

    /// Encodes as `page` or a one-key map.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .page:
            var container = encoder.singleValueContainer()
            try container.encode("page")
        case .jsonp:
            var container = encoder.singleValueContainer()
            try container.encode("jsonp")
        case .nextFlight:
            var container = encoder.singleValueContainer()
            try container.encode("next-flight")
        case .script(let css):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(css, forKey: .script)
        case .variable(let name):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .variable)
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case script, variable }

    static var acceptsScalar: Bool { true }
}

/// Finds and parses the JSON of a response, bounded in size (`maxBytes`) and nesting (100 levels).
enum JSONInput {
    /// JSON texts larger than this are refused unread: a listing's JSON runs to a few megabytes at most.
    static let maxBytes = 16 * 1024 * 1024

    /// The JSON value at `location` in the response; every failure names the source, the URL and the place looked at.
    ///
    /// A page without the script or assignment is a page with nothing listed (nil, with a warning), as a listing's
    /// empty day often is; JSON that is there but broken, too big or too deep is an error.
    static func read(_ location: JSONLocation, response: FetchResponse, definition: CompiledDefinition, warnings: inout [String]) throws(ScrapeError) -> JSONValue? {
        let source = definition.source
        func fail(_ message: String) -> ScrapeError { ScrapeError(kind: .json, source: source, url: response.url, message: message) }
        switch location {
        case .page:
            var bytes = response.body[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            return try parse(Array(bytes), what: "the response", fail: fail)
        case .jsonp:
            guard let open = response.body.firstIndex(of: UInt8(ascii: "(")), let close = response.body.lastIndex(of: UInt8(ascii: ")")), open < close else {
                throw fail("the response is not JSONP: no callback(…) around the JSON")
            }
            let name = response.body[..<open].drop { JSONInput.isSpace($0) }
            guard name.allSatisfy({ isIdentifier($0) || $0 == UInt8(ascii: ".") }) else {
                throw fail("the response is not JSONP: it does not start with a callback name")
            }
            return try parse(Array(response.body[(open + 1)..<close]), what: "the JSON of the JSONP response", fail: fail)
        case .script(let css):
            let document = try definition.document(from: response, xml: false, warnings: &warnings)
            let nodes: [Node]
            do { nodes = try document.select(TemplateCache.shared.selector(css)) } catch { throw ScrapeError.markup(error, source: source, url: response.url) }
            guard let script = nodes.first else {
                warnings.append("\(source): \(response.url): no element matches \(css): read as a page listing nothing")
                return nil
            }
            return try parse(Array(script.rawText.utf8), what: "the JSON in \(css)", fail: fail)
        case .variable(let name):
            let document = try definition.document(from: response, xml: false, warnings: &warnings)
            let scripts: [Node]
            do { scripts = try document.xpath("//script") } catch { throw ScrapeError.markup(error, source: source, url: response.url) }
            for script in scripts {
                let bytes = Array(script.rawText.utf8)
                for start in assignments(of: name, in: bytes) {
                    guard bytes.count - start <= maxBytes else { throw fail("the value of \(name) is over the \(maxBytes / 1_048_576) MB limit: not read") }
                    return try assignedValue(Array(bytes[start...]), name: name, fail: fail)
                }
            }
            warnings.append("\(source): \(response.url): no script assigns a value to \(name): read as a page listing nothing")
            return nil
        case .nextFlight:
            let document = try definition.document(from: response, xml: false, warnings: &warnings)
            let scripts: [Node]
            do { scripts = try document.xpath("//script") } catch { throw ScrapeError.markup(error, source: source, url: response.url) }
            guard let rows = try NextFlight.rows(scripts.map { Array($0.rawText.utf8) }, maxBytes: maxBytes, fail: fail) else {
                warnings.append("\(source): \(response.url): no script pushes Next.js flight data (self.__next_f.push): read as a page listing nothing")
                return nil
            }
            return rows
        }
    }

    /// The value an assignment gives: a JavaScript literal, `JSON.parse('…')` of a string, or JSON inside a string,
    /// each string decoded once.
    private static func assignedValue(_ bytes: [UInt8], name: String, fail: (String) -> ScrapeError) throws(ScrapeError) -> JSONValue {
        let call = Array("JSON.parse(".utf8)
        let isCall = bytes.starts(with: call)
        let value: JSONValue
        do throws(JSONLDParser.Failure) {
            value = try JSONLDParser.parsePrefix(bytes, from: isCall ? call.count : 0, javaScript: true).value
        } catch {
            throw fail("the value assigned to \(name) is not JSON or a JavaScript literal: \(error.message)")
        }
        guard case .string(let text) = value else {
            if isCall { throw fail("JSON.parse of \(name) is given no string") }
            return value
        }
        // A string: JSON.parse's argument, or a string holding an object or array.
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard isCall || trimmed.hasPrefix("{") || trimmed.hasPrefix("[") else { return value }
        do throws(JSONLDParser.Failure) {
            return try JSONLDParser.parse(Array(text.utf8))
        } catch {
            throw fail("the string \(isCall ? "JSON.parse reads for" : "assigned to") \(name) is not JSON: \(error.message)")
        }
    }

    private static func parse(_ bytes: [UInt8], what: String, fail: (String) -> ScrapeError) throws(ScrapeError) -> JSONValue {
        guard bytes.count <= maxBytes else { throw fail("\(what) is over the \(maxBytes / 1_048_576) MB limit: not read") }
        do throws(JSONLDParser.Failure) {
            return try JSONLDParser.parse(bytes)
        } catch {
            throw fail("\(what) is not JSON: \(error.message)")
        }
    }

    /// Offsets just past `name =` (not `==`) where an object, array, string or `JSON.parse(` follows, `name` standing alone or after a dot.
    static func assignments(of name: String, in bytes: [UInt8]) -> [Int] {
        let needle = Array(name.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        var result: [Int] = []
        var index = 0
        while index + needle.count <= bytes.count {
            defer { index += 1 }
            guard bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) else { continue }
            if index > 0, isIdentifier(bytes[index - 1]) { continue }
            var cursor = index + needle.count
            if cursor < bytes.count, isIdentifier(bytes[cursor]) { continue }
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "="), cursor + 1 < bytes.count, bytes[cursor + 1] != UInt8(ascii: "=") else { continue }
            cursor += 1
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count else { continue }
            guard [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "'")].contains(bytes[cursor]) || bytes[cursor...].starts(with: Array("JSON.parse(".utf8)) else { continue }
            result.append(cursor)
        }
        return result
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }

    /// A JSON value as field texts: strings as written, numbers without `.0`, booleans as words; arrays give their scalar elements.
    static func texts(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .number: return value.string.map { [$0] } ?? []
        case .bool(let flag): return [flag ? "true" : "false"]
        case .null, .object: return []
        case .array(let elements): return elements.flatMap { element -> [String] in
            if case .array = element { return [] }
            return texts(element)
        }
        }
    }
}
