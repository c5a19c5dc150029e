import CarteleraOutput

/// The site's Mustache templates compiled a second time into trees rendered straight into bytes, looking names up in the
/// pages' plain contexts by exact type: swift-mustache resolves every name and value through runtime protocol casts, which
/// was half of a large site's build time.
///
/// Only a subset is compiled: text, `{{name}}`, `{{{name}}}`/`{{& name}}`, dotted names, `{{.}}`, sections, inverted
/// sections, comments, partials that are not indented, and the content-type pragma `WebFolder` puts in front. A folder
/// whose templates use anything else (transforms, lambdas, set delimiters, inheritance, indented partials) is rendered by
/// swift-mustache alone, and so is a page that prints a list or an object as a variable. Tests render every page of the
/// fixture site both ways and compare the bytes; `cartelera-bench build` does it for data set G.
struct CompiledTemplates: Sendable {
    /// One piece of a compiled template.
    indirect enum Node: Sendable {
        case text([UInt8])
        case variable(Name, escaped: Bool)
        case section(Name, [Node], inverted: Bool)
        case partial(String)
    }

    /// A tag's name: its dotted parts (none for `.`), and whether only the innermost context is searched (`.name`).
    struct Name: Sendable {
        let parts: [String]
        let innermostOnly: Bool
    }

    private let templates: [String: [Node]]

    /// The templates compiled, by name; nil when one of them steps outside the subset.
    init?(sources: [String: String], contentType: String) {
        var templates: [String: [Node]] = [:]
        for (name, source) in sources {
            var parser = TemplateParser(Array(source.utf8), contentType: contentType)
            guard let nodes = parser.parseAll() else { return nil }
            templates[name] = nodes
        }
        for nodes in templates.values where !Self.partialsExist(nodes, in: templates) { return nil }
        self.templates = templates
    }

    private static func partialsExist(_ nodes: [Node], in templates: [String: [Node]]) -> Bool {
        nodes.allSatisfy { node in
            switch node {
            case .partial(let name): templates[name] != nil
            case .section(_, let children, _): partialsExist(children, in: templates)
            case .text, .variable: true
            }
        }
    }

    /// The page rendered as UTF-8 from its value; nil when the template prints a list or an object, which is left to
    /// swift-mustache.
    func render(_ context: PageValue, template: String) -> [UInt8]? {
        guard let nodes = templates[template] else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(8_192)
        var stack: [PageValue] = [context]
        return render(nodes, stack: &stack, into: &output, depth: 0) ? output : nil
    }

    private func render(_ nodes: [Node], stack: inout [PageValue], into output: inout [UInt8], depth: Int) -> Bool {
        // A partial that includes itself, over data nested as deep: past 64 levels it is left to swift-mustache.
        guard depth < 64 else { return false }
        for node in nodes {
            switch node {
            case .text(let bytes):
                output += bytes
            case .variable(let name, let escaped):
                guard let value = lookUp(name, in: stack) else { continue }
                switch value {
                case .text(var text):
                    text.withUTF8 { escaped ? PublishedText.html($0, into: &output) : output.append(contentsOf: $0) }
                case .flag(let flag):
                    output.append(contentsOf: flag ? "true".utf8 : "false".utf8)
                case .integer(let number):
                    output.append(contentsOf: String(number).utf8)
                case .real(let number):
                    output += Array(String(describing: number).utf8)
                default:
                    return false
                }
            case .section(let name, let children, let inverted):
                let value = lookUp(name, in: stack)
                guard let value else {
                    if inverted, !render(children, stack: &stack, into: &output, depth: depth) { return false }
                    continue
                }
                let elements: [PageValue]?
                switch value {
                case .list(let list): elements = list
                case .flag(let flag):
                    if flag != inverted, !render(children, stack: &stack, into: &output, depth: depth) { return false }
                    continue
                default: elements = nil
                }
                if inverted {
                    guard elements?.isEmpty == true else { continue }
                    // swift-mustache renders an empty list's inverted section with the list as the innermost context.
                    stack.append(value)
                    let rendered = render(children, stack: &stack, into: &output, depth: depth)
                    stack.removeLast()
                    if !rendered { return false }
                    continue
                }
                for element in elements ?? [value] {
                    stack.append(element)
                    let rendered = render(children, stack: &stack, into: &output, depth: depth)
                    stack.removeLast()
                    if !rendered { return false }
                }
            case .partial(let name):
                guard let partial = templates[name], render(partial, stack: &stack, into: &output, depth: depth + 1) else { return false }
            }
        }
        return true
    }

    /// Mustache's lookup: the first part in the innermost context that has it, the other parts inside what it found.
    private func lookUp(_ name: Name, in stack: [PageValue]) -> PageValue? {
        guard let first = name.parts.first else { return stack.last }
        var found: PageValue?
        if name.innermostOnly {
            found = stack.last?.child(first)
        } else {
            for object in stack.reversed() {
                if let child = object.child(first) {
                    found = child
                    break
                }
            }
        }
        for part in name.parts.dropFirst() {
            guard let object = found else { return nil }
            found = object.child(part)
        }
        return found
    }
}

/// Reads one template the way swift-mustache's parser does (standalone lines included), for the subset
/// `CompiledTemplates` renders; nil at anything else.
private struct TemplateParser {
    private let bytes: [UInt8]
    private let contentType: String
    private var position = 0

    init(_ bytes: [UInt8], contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
    }

    mutating func parseAll() -> [CompiledTemplates.Node]? {
        // Newlines other than \n and \r\n end a standalone tag's line for swift-mustache (Character.isNewline): left to it.
        for (offset, byte) in bytes.enumerated() {
            if byte == 0x0B || byte == 0x0C || (byte == 0x0D && bytes[safe: offset + 1] != 0x0A) { return nil }
            if byte == 0xC2, bytes[safe: offset + 1] == 0x85 { return nil }
            if byte == 0xE2, bytes[safe: offset + 1] == 0x80, bytes[safe: offset + 2] == 0xA8 || bytes[safe: offset + 2] == 0xA9 { return nil }
        }
        guard let (nodes, closed) = parse(section: nil, newLine: true), closed == nil else { return nil }
        return nodes
    }

    private var atEnd: Bool { position >= bytes.count }

    private func starts(with text: String, at offset: Int) -> Bool {
        let pattern = Array(text.utf8)
        guard offset + pattern.count <= bytes.count else { return false }
        return Array(bytes[offset..<offset + pattern.count]) == pattern
    }

    /// Nodes up to the close of `section` (or the end, for the top level); also whether the close was standalone.
    private mutating func parse(section: String?, newLine startsOnNewLine: Bool) -> ([CompiledTemplates.Node], Bool?)? {
        var nodes: [CompiledTemplates.Node] = []
        var newLine = startsOnNewLine
        var whitespace: [UInt8] = []
        while !atEnd {
            if newLine { whitespace = readSpacesAndTabs() }
            let text = readUntilTagOrNewline()
            if !atEnd, bytes[position] == 0x0A {
                nodes.append(.text(whitespace + text + [0x0A]))
                whitespace = []
                newLine = true
                position += 1
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(whitespace + text))
                whitespace = []
                newLine = false
            }
            if atEnd { break }
            // At a tag: readUntilTagOrNewline stopped after its "{{".
            var setNewLine = false
            let kind = bytes[position]
            switch kind {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                position += 1
                guard let name = readName() else { return nil }
                if isStandalone(newLine) {
                    setNewLine = true
                } else if !whitespace.isEmpty {
                    nodes.append(.text(whitespace))
                    whitespace = []
                }
                guard let (children, _) = parse(section: name, newLine: setNewLine && newLine) else { return nil }
                nodes.append(.section(Self.name(name), children, inverted: kind == UInt8(ascii: "^")))
            case UInt8(ascii: "/"):
                position += 1
                guard let name = readName(), name == section else { return nil }
                let standalone = isStandalone(newLine)
                if !standalone, !whitespace.isEmpty { nodes.append(.text(whitespace)) }
                return (nodes, standalone)
            case UInt8(ascii: "!"):
                guard let end = find("}}") else { return nil }
                position = end + 2
                setNewLine = isStandalone(newLine)
            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                if !whitespace.isEmpty {
                    nodes.append(.text(whitespace))
                    whitespace = []
                }
                position += 1
                guard let name = readName() else { return nil }
                if kind == UInt8(ascii: "{") {
                    guard !atEnd, bytes[position] == UInt8(ascii: "}") else { return nil }
                    position += 1
                }
                nodes.append(.variable(Self.name(name), escaped: false))
            case UInt8(ascii: ">"):
                position += 1
                skipWhitespace()
                let name = readWhile { Self.isNameByte($0) || $0 == UInt8(ascii: "/") }
                skipWhitespace()
                guard !name.isEmpty, !name.contains("*"), !name.contains("("), starts(with: "}}", at: position) else { return nil }
                position += 2
                // swift-mustache indents every line of a partial by the whitespace before a standalone one: left to it.
                guard whitespace.isEmpty else { return nil }
                setNewLine = isStandalone(newLine)
                nodes.append(.partial(name))
            case UInt8(ascii: "%"):
                guard let end = find("}}") else { return nil }
                let pragma = String(decoding: bytes[(position + 1)..<end], as: UTF8.self).filter { $0 != " " && $0 != "\t" }
                guard pragma == "CONTENT_TYPE:" + contentType else { return nil }
                position = end + 2
                setNewLine = isStandalone(newLine)
            case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: "$"):
                return nil
            default:
                if !whitespace.isEmpty {
                    nodes.append(.text(whitespace))
                    whitespace = []
                }
                guard let name = readName() else { return nil }
                nodes.append(.variable(Self.name(name), escaped: true))
            }
            newLine = setNewLine
        }
        return section == nil ? (nodes, nil) : nil
    }

    private static func name(_ text: String) -> CompiledTemplates.Name {
        if text == "." { return .init(parts: [], innermostOnly: false) }
        return .init(parts: text.split(separator: ".").map(String.init), innermostOnly: text.hasPrefix("."))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "("), UInt8(ascii: ")"): true
        default: false
        }
    }

    /// A tag's name up to and past its "}}"; nil for a transform (`f(name)`) or a tag that does not close.
    private mutating func readName() -> String? {
        skipWhitespace()
        let name = readWhile(Self.isNameByte)
        skipWhitespace()
        guard !name.contains("("), !name.contains(")"), starts(with: "}}", at: position) else { return nil }
        position += 2
        return name
    }

    private mutating func readWhile(_ accepts: (UInt8) -> Bool) -> String {
        let start = position
        while !atEnd, accepts(bytes[position]) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skipWhitespace() {
        while !atEnd, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func readSpacesAndTabs() -> [UInt8] {
        let start = position
        while !atEnd, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        return Array(bytes[start..<position])
    }

    /// Text up to a newline (left unread) or past the next "{{".
    private mutating func readUntilTagOrNewline() -> [UInt8] {
        let start = position
        while !atEnd {
            if bytes[position] == 0x0A { return Array(bytes[start..<position]) }
            if bytes[position] == 0x0D, bytes[safe: position + 1] == 0x0A {
                // "\r\n" is one newline; the text node keeps both bytes.
                let text = Array(bytes[start..<position]) + [0x0D]
                position += 1
                return text
            }
            if starts(with: "{{", at: position) {
                let text = Array(bytes[start..<position])
                position += 2
                return text
            }
            position += 1
        }
        return Array(bytes[start..<position])
    }

    private func find(_ text: String) -> Int? {
        var offset = position
        while offset < bytes.count {
            if starts(with: text, at: offset) { return offset }
            offset += 1
        }
        return nil
    }

    /// Whether the tag just read stands alone on its line; if so, the rest of the line (spaces and the newline) is read.
    private mutating func isStandalone(_ newLine: Bool) -> Bool {
        guard newLine else { return false }
        if atEnd { return true }
        var offset = position
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
        if offset < bytes.count, bytes[offset] == 0x0A {
            position = offset + 1
            return true
        }
        if offset + 1 < bytes.count, bytes[offset] == 0x0D, bytes[offset + 1] == 0x0A {
            position = offset + 2
            return true
        }
        return false
    }
}

private extension Array where Element == UInt8 {
    subscript(safe offset: Int) -> UInt8? { offset >= 0 && offset < count ? self[offset] : nil }
}
