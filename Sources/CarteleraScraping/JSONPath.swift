/// A JSONPath subset for rows and fields read from JSON.
///
/// `$` is the document, `@` (or a path that starts with a name) the current row. Steps: `.name`, `['name']`,
/// `["name"]`, `[n]` (negative counts from the end), unions `['a','b']` and `[0,2]` (in the order listed), `[*]` and
/// `.*` (every element or member), `..name` and `..*` (at any depth), and filters `[?(@.key)]`, `[?(@.key == 'text')]`,
/// `[?(@.key != 3)]`, `[?(@.a == 1 && @.b)]`. A path yields every value it reaches in document order (an object's members as the document
/// writes them), at most `maxResults` of them.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path.
    enum Step: Hashable, Sendable {
        case member(String)
        case index(Int)
        case wildcard
        case descendant(String?)
        case filter(Filter)
        /// `['a','b']`, `[0,2]`: each listed member or element, in the order listed.
        case union([Step])
    }

    /// A `[?(…)]` test on an element.
    struct Filter: Hashable, Sendable {
        var path: [Step]
        var comparison: Comparison?
        /// Further tests joined with `&&`: all must hold.
        var and: [Filter] = []
    }

    /// What a filter compares the element's value with.
    struct Comparison: Hashable, Sendable {
        var equal: Bool
        var value: JSONValue
    }

    /// Paths reaching more values than this stop there: a row list of a real page has thousands at most.
    public static let maxResults = 200_000

    /// The path as written.
    public let text: String
    /// Whether the path starts at the document (`$`) rather than at the row.
    public let fromRoot: Bool
    let steps: [Step]

    /// Compiles a path; throws a message naming the position of the problem.
    public init(_ text: String) throws(ScrapeMessage) {
        self.text = text
        var scanner = Scanner(Array(text.unicodeScalars), text: text)
        scanner.skipSpaces()
        switch scanner.peek {
        case "$": fromRoot = true; scanner.advance()
        case "@": fromRoot = false; scanner.advance()
        default:
            fromRoot = false
            if scanner.peek != nil, scanner.peek != "." , scanner.peek != "[" {
                steps = try scanner.steps(leadingName: true)
                return
            }
        }
        steps = try scanner.steps(leadingName: false)
    }

    /// The path as written.
    public var description: String { text }

    /// Every value the path reaches from `row` (or from `root` for a `$` path).
    public func values(root: JSONValue, row: JSONValue) -> [JSONValue] {
        Self.apply(steps, to: [fromRoot ? root : row])
    }

    static func apply(_ steps: [Step], to start: [JSONValue]) -> [JSONValue] {
        var current = start
        for step in steps {
            var next: [JSONValue] = []
            for value in current {
                guard next.count < maxResults else { break }
                switch step {
                case .member(let name):
                    if let member = value[name] { next.append(member) }
                case .index(let index):
                    if let array = value.array {
                        let position = index < 0 ? array.count + index : index
                        if array.indices.contains(position) { next.append(array[position]) }
                    }
                case .wildcard:
                    next += children(of: value)
                case .descendant(let name):
                    descend(value, name: name, into: &next)
                case .filter(let filter):
                    next += children(of: value).filter { filter.accepts($0) }
                case .union(let steps):
                    for step in steps { next += apply([step], to: [value]) }
                }
            }
            current = Array(next.prefix(maxResults))
        }
        return current
    }

    static func children(of value: JSONValue) -> [JSONValue] {
        switch value {
        case .array(let elements): return elements
        case .object(let members): return members.values
        default: return []
        }
    }

    /// Every member named `name` (or every value, for nil) below `value`, in document order, without recursion.
    static func descend(_ value: JSONValue, name: String?, into result: inout [JSONValue]) {
        var pending: [JSONValue] = [value]
        while let next = pending.popLast(), result.count < maxResults {
            if case .object(let members) = next {
                if let name, let member = members[name] { result.append(member) }
            }
            let children = children(of: next)
            if name == nil { result += children }
            pending += children.reversed()
        }
    }
}

extension JSONPath.Filter {
    /// Whether the element passes the test.
    func accepts(_ element: JSONValue) -> Bool {
        holds(for: element) && and.allSatisfy { $0.holds(for: element) }
    }

    private func holds(for element: JSONValue) -> Bool {
        let found = JSONPath.apply(path, to: [element])
        guard let comparison else { return !found.isEmpty && found.contains { !$0.isNull } }
        let matches = found.contains { value in
            if let left = value.string, let right = comparison.value.string {
                if case .number(let l) = value, case .number(let r) = comparison.value { return l == r }
                if case .number(let r) = comparison.value, let l = Double(left) { return l == r }
                return left == right
            }
            return value == comparison.value
        }
        return comparison.equal ? matches : !matches
    }
}

extension JSONPath {
    /// Reads a path's text step by step.
    struct Scanner {
        let scalars: [Unicode.Scalar]
        let text: String
        var index = 0

        init(_ scalars: [Unicode.Scalar], text: String) {
            self.scalars = scalars
            self.text = text
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        mutating func advance() { index += 1 }
        mutating func skipSpaces() { while let c = peek, c == " " { advance() } }

        func fail(_ message: String) -> ScrapeMessage {
            ScrapeMessage("JSONPath \"\(text)\": \(message) at character \(index + 1)")
        }

        /// Steps until the end of the text, or until `)` inside a filter.
        mutating func steps(leadingName: Bool, inFilter: Bool = false) throws(ScrapeMessage) -> [Step] {
            var steps: [Step] = []
            if leadingName { steps.append(.member(try name())) }
            while let c = peek {
                if inFilter, c == " " || c == "=" || c == "!" || c == ")" { break }
                switch c {
                case ".":
                    advance()
                    if peek == "." {
                        advance()
                        if peek == "*" { advance(); steps.append(.descendant(nil)) } else { steps.append(.descendant(try name())) }
                    } else if peek == "*" {
                        advance()
                        steps.append(.wildcard)
                    } else {
                        steps.append(.member(try name()))
                    }
                case "[":
                    advance()
                    steps.append(try bracket())
                default:
                    throw fail("unexpected \"\(c)\"")
                }
                guard steps.count <= 64 else { throw fail("more than 64 steps") }
            }
            return steps
        }

        mutating func name() throws(ScrapeMessage) -> String {
            var result = ""
            while let c = peek, c != ".", c != "[", c != " ", c != "=", c != "!", c != ")" {
                result.unicodeScalars.append(c)
                advance()
            }
            guard !result.isEmpty else { throw fail("a member name is missing") }
            return result
        }

        mutating func bracket() throws(ScrapeMessage) -> Step {
            skipSpaces()
            let step: Step
            switch peek {
            case "*":
                advance()
                step = .wildcard
            case "'", "\"":
                step = try union(.member(try quoted()))
            case "?":
                advance()
                guard peek == "(" else { throw fail("expected \"(\" after \"?\"") }
                advance()
                step = .filter(try filter())
            default:
                var digits = ""
                if peek == "-" { digits = "-"; advance() }
                while let c = peek, ("0"..."9").contains(c) { digits.unicodeScalars.append(c); advance() }
                guard digits.count <= 9, let value = Int(digits) else { throw fail("expected a number, a quoted name, * or ?(…) inside brackets") }
                step = try union(.index(value))
            }
            skipSpaces()
            guard peek == "]" else { throw fail("expected \"]\"") }
            advance()
            return step
        }

        /// `first` alone, or with the further names or indexes after commas: `['a', 'b']`, `[0, -1]`.
        mutating func union(_ first: Step) throws(ScrapeMessage) -> Step {
            skipSpaces()
            guard peek == "," else { return first }
            var steps = [first]
            while peek == "," {
                advance()
                skipSpaces()
                if peek == "'" || peek == "\"" {
                    steps.append(.member(try quoted()))
                } else {
                    var digits = ""
                    if peek == "-" { digits = "-"; advance() }
                    while let c = peek, ("0"..."9").contains(c) { digits.unicodeScalars.append(c); advance() }
                    guard digits.count <= 9, let value = Int(digits) else { throw fail("expected a quoted name or a number after \",\" in a union") }
                    steps.append(.index(value))
                }
                skipSpaces()
                guard steps.count <= 64 else { throw fail("more than 64 names in a union") }
            }
            return .union(steps)
        }

        mutating func quoted() throws(ScrapeMessage) -> String {
            guard let quote = peek else { throw fail("expected a quoted text") }
            advance()
            var result = ""
            while let c = peek, c != quote {
                if c == "\\" { advance(); guard let escaped = peek else { break }; result.unicodeScalars.append(escaped) } else { result.unicodeScalars.append(c) }
                advance()
            }
            guard peek == quote else { throw fail("an unclosed quote") }
            advance()
            return result
        }

        mutating func filter() throws(ScrapeMessage) -> Filter {
            skipSpaces()
            guard peek == "@" else { throw fail("a filter tests the element, starting with @") }
            advance()
            let path = try steps(leadingName: false, inFilter: true)
            skipSpaces()
            var comparison: Comparison?
            if peek == "=" || peek == "!" {
                let equal = peek == "="
                advance()
                guard peek == "=" else { throw fail("expected == or !=") }
                advance()
                skipSpaces()
                comparison = Comparison(equal: equal, value: try literal())
                skipSpaces()
            }
            var filter = Filter(path: path, comparison: comparison)
            if peek == "&" {
                advance()
                guard peek == "&" else { throw fail("expected && between two tests") }
                advance()
                let next = try self.filter()
                filter.and = [Filter(path: next.path, comparison: next.comparison)] + next.and
                guard filter.and.count <= 16 else { throw fail("more than 16 tests joined with &&") }
                return filter
            }
            guard peek == ")" else { throw fail("expected \")\" (or && and another test) to end the filter") }
            advance()
            return filter
        }

        mutating func literal() throws(ScrapeMessage) -> JSONValue {
            if peek == "'" || peek == "\"" { return .string(try quoted()) }
            var word = ""
            while let c = peek, c != ")", c != " ", c != "&" { word.unicodeScalars.append(c); advance() }
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default:
                guard let number = Double(word), number.isFinite else { throw fail("expected a quoted text, a number, true, false or null") }
                return .number(number)
            }
        }
    }
}
