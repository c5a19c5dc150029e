/// A CSS selector compiled to XPath.
///
/// Supports type, universal, `#id` and `.class` selectors, attribute tests (`[a] [a=v] [a^=v] [a$=v] [a*=v]
/// [a~=v] [a|=v]`), the four combinators, selector groups and the pseudo-classes `:first-child :last-child
/// :only-child :nth-child() :nth-last-child() :first-of-type :last-of-type :only-of-type :nth-of-type()
/// :nth-last-of-type() :not() :empty :root :contains("text")`.
public struct CSSSelector: Sendable, Hashable {
    /// The selector as written.
    public let css: String
    /// The equivalent XPath, relative to a context node: it selects matching descendants (e.g. `descendant::li`).
    /// Element and attribute names are lowercased, as libxml2's HTML parser stores them.
    public let xpath: String
    /// The same XPath with names kept as written, for case-sensitive XML documents.
    let caseSensitiveXPath: String

    /// Parses a selector, failing with `.invalidSelector` naming the selector and the offending position.
    public init(_ css: String) throws(MarkupError) {
        var parser = Parser(css)
        let list = try parser.parseSelectorList()
        self.css = css
        self.xpath = Self.xpath(for: list, foldingCase: true)
        self.caseSensitiveXPath = Self.xpath(for: list, foldingCase: false)
    }

    /// The XPath to run on a document of the given kind.
    func xpath(forHTML isHTML: Bool) -> String {
        isHTML ? xpath : caseSensitiveXPath
    }

    // MARK: Syntax tree

    /// A chain of compound selectors joined by combinators; the first step's combinator is `.descendant`.
    struct Complex {
        var steps: [(combinator: Combinator, compound: Compound)]
    }

    enum Combinator {
        case descendant, child, adjacent, sibling
    }

    /// A type or universal selector with its conditions, such as `li.prog:first-child`.
    struct Compound {
        /// The element name, or nil for `*` or an omitted type.
        var element: String?
        var conditions: [Condition] = []
    }

    enum Condition {
        case id(String)
        case className(String)
        case attribute(name: String, match: (operator: AttributeOperator, value: String)?)
        case pseudo(Pseudo)
    }

    enum AttributeOperator: String {
        case equals = "=", prefix = "^=", suffix = "$=", substring = "*=", word = "~=", dashPrefix = "|="
    }

    enum Pseudo {
        case firstChild, lastChild, onlyChild, firstOfType, lastOfType, onlyOfType, empty, root
        case nthChild(Nth), nthLastChild(Nth), nthOfType(Nth), nthLastOfType(Nth)
        case not([Compound])
        case contains(String)

        var needsType: Bool {
            switch self {
            case .firstOfType, .lastOfType, .onlyOfType, .nthOfType, .nthLastOfType: true
            default: false
            }
        }
    }

    /// The `an+b` argument of the `:nth-*` pseudo-classes.
    struct Nth: Equatable {
        var a: Int
        var b: Int
    }
}

extension CSSSelector {
    /// A recursive-descent parser over the selector's Unicode scalars.
    struct Parser {
        let source: String
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ source: String) {
            self.source = source
            self.scalars = Array(source.unicodeScalars)
        }

        mutating func parseSelectorList() throws(MarkupError) -> [Complex] {
            skipWhitespace()
            guard !isAtEnd else { throw failure("empty selector") }
            var list = [try parseComplex()]
            while true {
                skipWhitespace()
                guard consume(",") else { break }
                skipWhitespace()
                list.append(try parseComplex())
            }
            guard isAtEnd else { throw failure("unexpected \"\(scalars[index])\"") }
            return list
        }

        private mutating func parseComplex() throws(MarkupError) -> Complex {
            var steps = [(Combinator.descendant, try parseCompound())]
            while true {
                let sawWhitespace = skipWhitespace()
                guard let next = peek, next != ",", next != ")" else { break }
                let combinator: Combinator
                switch next {
                case ">": combinator = .child
                case "+": combinator = .adjacent
                case "~": combinator = .sibling
                default:
                    guard sawWhitespace else { throw failure("unexpected \"\(next)\"") }
                    combinator = .descendant
                }
                if combinator != .descendant {
                    index += 1
                    skipWhitespace()
                }
                steps.append((combinator, try parseCompound()))
            }
            return Complex(steps: steps)
        }

        /// Parses a compound selector; `enclosingElement` is the type of the compound a `:not()` sits in.
        private mutating func parseCompound(enclosingElement: String? = nil) throws(MarkupError) -> Compound {
            let start = index
            var compound = Compound()
            if consume("*") {
                compound.element = nil
            } else if let next = peek, Self.isNameStart(next) {
                compound.element = try parseName()
            }
            conditions: while let next = peek {
                switch next {
                case "#": index += 1; compound.conditions.append(.id(try parseName()))
                case ".": index += 1; compound.conditions.append(.className(try parseName()))
                case "[": compound.conditions.append(try parseAttribute())
                case ":": compound.conditions.append(.pseudo(try parsePseudo(element: compound.element ?? enclosingElement)))
                default: break conditions
                }
            }
            guard index > start else {
                throw failure(isAtEnd ? "expected a selector after a combinator or comma" : "unexpected \"\(scalars[index])\"")
            }
            let typeless = compound.element == nil && enclosingElement == nil
            if typeless, compound.conditions.contains(where: { if case .pseudo(let p) = $0 { p.needsType } else { false } }) {
                throw failure("*-of-type pseudo-classes need an element name in XPath 1.0", at: start)
            }
            return compound
        }

        private mutating func parseAttribute() throws(MarkupError) -> Condition {
            index += 1
            skipWhitespace()
            let name = try parseName()
            skipWhitespace()
            guard let next = peek else { throw failure("unclosed \"[\"") }
            if next == "]" {
                index += 1
                return .attribute(name: name, match: nil)
            }
            var symbol = String(next)
            if next != "=" {
                index += 1
                guard peek == "=" else { throw failure("expected an attribute operator") }
                symbol.append("=")
            }
            index += 1
            guard let op = AttributeOperator(rawValue: symbol) else {
                throw failure("unknown attribute operator \"\(symbol)\"", at: index - 2)
            }
            skipWhitespace()
            let value: String
            if let quote = peek, quote == "\"" || quote == "'" {
                value = try parseQuoted()
            } else {
                value = try parseName()
            }
            skipWhitespace()
            guard consume("]") else { throw failure(isAtEnd ? "unclosed \"[\"" : "expected \"]\"") }
            return .attribute(name: name, match: (op, value))
        }

        private mutating func parsePseudo(element: String?) throws(MarkupError) -> Pseudo {
            let start = index
            index += 1
            guard peek != ":" else { throw failure("pseudo-elements are not supported") }
            let name = try parseName().lowercased()
            let simple: [String: Pseudo] = [
                "first-child": .firstChild, "last-child": .lastChild, "only-child": .onlyChild,
                "first-of-type": .firstOfType, "last-of-type": .lastOfType, "only-of-type": .onlyOfType,
                "empty": .empty, "root": .root,
            ]
            if let pseudo = simple[name] { return pseudo }
            let functional = ["nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type", "not", "contains"]
            guard functional.contains(name) else { throw failure("unknown pseudo-class \":\(name)\"", at: start) }
            guard consume("(") else { throw failure("\":\(name)\" needs an argument in parentheses") }
            skipWhitespace()
            let pseudo: Pseudo
            switch name {
            case "not":
                var compounds = [try parseCompound(enclosingElement: element)]
                while true {
                    skipWhitespace()
                    guard consume(",") else { break }
                    skipWhitespace()
                    compounds.append(try parseCompound(enclosingElement: element))
                }
                pseudo = .not(compounds)
            case "contains":
                if let quote = peek, quote == "\"" || quote == "'" {
                    pseudo = .contains(try parseQuoted())
                } else {
                    pseudo = .contains(readUntilClosingParenthesis().trimmingCharacters(in: " "))
                }
            default:
                let argumentStart = index
                let argument = readUntilClosingParenthesis()
                guard let nth = Self.parseNth(argument) else {
                    throw failure("invalid an+b argument \"\(argument)\"", at: argumentStart)
                }
                switch name {
                case "nth-child": pseudo = .nthChild(nth)
                case "nth-last-child": pseudo = .nthLastChild(nth)
                case "nth-of-type": pseudo = .nthOfType(nth)
                default: pseudo = .nthLastOfType(nth)
                }
            }
            skipWhitespace()
            guard consume(")") else { throw failure(isAtEnd ? "unclosed \"(\"" : "expected \")\"") }
            return pseudo
        }

        /// Parses `odd`, `even`, `n`, `3`, `-n+3`, `2n+1` and the like.
        static func parseNth(_ text: String) -> Nth? {
            let compact = text.lowercased().filter { !$0.isWhitespace }
            switch compact {
            case "odd": return Nth(a: 2, b: 1)
            case "even": return Nth(a: 2, b: 0)
            default: break
            }
            guard let n = compact.firstIndex(of: "n") else { return Int(compact).map { Nth(a: 0, b: $0) } }
            let coefficient = compact[..<n]
            let offset = compact[compact.index(after: n)...]
            let a: Int?
            switch coefficient {
            case "", "+": a = 1
            case "-": a = -1
            default: a = coefficient.first == "+" ? Int(coefficient.dropFirst()) : Int(coefficient)
            }
            let b: Int?
            if offset.isEmpty {
                b = 0
            } else if let sign = offset.first, sign == "+" || sign == "-", let magnitude = Int(offset.dropFirst()),
                offset.dropFirst().allSatisfy(\.isNumber)
            {
                b = sign == "-" ? -magnitude : magnitude
            } else {
                b = nil
            }
            guard let a, let b else { return nil }
            return Nth(a: a, b: b)
        }

        private mutating func parseName() throws(MarkupError) -> String {
            var name = String.UnicodeScalarView()
            while let next = peek {
                if next == "\\" {
                    index += 1
                    name.append(try parseEscape())
                } else if Self.isNameCharacter(next) {
                    name.append(next)
                    index += 1
                } else {
                    break
                }
            }
            guard !name.isEmpty else { throw failure(isAtEnd ? "expected a name" : "expected a name at \"\(scalars[index])\"") }
            return String(name)
        }

        private mutating func parseQuoted() throws(MarkupError) -> String {
            let start = index
            let quote = scalars[index]
            index += 1
            var value = String.UnicodeScalarView()
            while let next = peek {
                index += 1
                if next == quote { return String(value) }
                value.append(next == "\\" ? try parseEscape() : next)
            }
            throw failure("unclosed string", at: start)
        }

        /// Decodes the escape after a backslash: up to six hex digits (plus one optional space), or the next character.
        private mutating func parseEscape() throws(MarkupError) -> Unicode.Scalar {
            guard let next = peek else { throw failure("dangling backslash") }
            var hex = ""
            while hex.count < 6, let digit = peek, digit.properties.isASCIIHexDigit {
                hex.unicodeScalars.append(digit)
                index += 1
            }
            guard !hex.isEmpty else {
                index += 1
                return next
            }
            if peek == " " { index += 1 }
            return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
        }

        private mutating func readUntilClosingParenthesis() -> String {
            var text = String.UnicodeScalarView()
            while let next = peek, next != ")" {
                text.append(next)
                index += 1
            }
            return String(text)
        }

        @discardableResult
        private mutating func skipWhitespace() -> Bool {
            let start = index
            while let next = peek, next.properties.isWhitespace { index += 1 }
            return index > start
        }

        private mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
            guard peek == scalar else { return false }
            index += 1
            return true
        }

        private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        private var isAtEnd: Bool { index >= scalars.count }

        private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\\" || (isNameCharacter(scalar) && !("0"..."9").contains(scalar))
        }

        private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
                || scalar.value >= 0x80
        }

        private func failure(_ reason: String, at position: Int? = nil) -> MarkupError {
            MarkupError(
                kind: .invalidSelector,
                detail: "invalid selector \"\(source)\" at offset \(position ?? index): \(reason)")
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop(while: { $0 == character }).reversed().drop(while: { $0 == character }).reversed())
    }
}
