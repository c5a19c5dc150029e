extension CSSSelector {
    /// A recursive-descent parser over the selector's Unicode scalars; every failure is a `MarkupError` naming
    /// the selector and the offset (in Unicode scalars) where it went wrong.
    struct Parser {
        let source: String
        let scalars: [Unicode.Scalar]
        var index = 0
        /// How many `:not(` are open around the current position.
        private var negationDepth = 0

        /// `:not()` inside `:not()` deeper than this is refused; each level is a recursion here and in the XPath.
        static let maxNegationDepth = 32

        init(_ source: String) {
            self.source = source
            // CSS Syntax §3.3: a NUL in the input stands for U+FFFD.
            self.scalars = source.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : $0 }
        }

        mutating func parseSelectorList() throws(MarkupError) -> [Complex] {
            guard scalars.count <= CSSSelector.maxLength else {
                throw failure("longer than \(CSSSelector.maxLength) characters", at: CSSSelector.maxLength)
            }
            skipWhitespace()
            guard !isAtEnd else { throw failure("empty selector") }
            var list = [try parseComplex()]
            while true {
                skipWhitespace()
                guard consume(",") else { break }
                skipWhitespace()
                list.append(try parseComplex())
            }
            guard isAtEnd else { throw failure("unexpected \(current)") }
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
                    guard sawWhitespace else { throw failure("unexpected \(current)") }
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
                case ":":
                    let pseudo = try parsePseudo(element: compound.element ?? enclosingElement)
                    compound.conditions.append(.pseudo(pseudo))
                default: break conditions
                }
            }
            guard index > start else {
                throw failure(isAtEnd ? "expected a selector after a combinator or comma" : "unexpected \(current)")
            }
            let typeless = compound.element == nil && enclosingElement == nil
            let needsType = compound.conditions.contains { if case .pseudo(let p) = $0 { p.needsType } else { false } }
            if typeless, needsType {
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
                throw failure("unknown attribute operator \(symbol.quotedForMessage())", at: index - 2)
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
            if let pseudo = Self.simplePseudoClasses[name] { return pseudo }
            let functional = ["nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type", "not", "contains"]
            guard functional.contains(name) else {
                throw failure("unknown pseudo-class \(":\(name)".quotedForMessage())", at: start)
            }
            guard consume("(") else { throw failure("\":\(name)\" needs an argument in parentheses") }
            skipWhitespace()
            let pseudo: Pseudo
            switch name {
            case "not":
                pseudo = .not(try parseNegation(element: element, at: start))
            case "contains":
                if let quote = peek, quote == "\"" || quote == "'" {
                    pseudo = .contains(try parseQuoted())
                } else {
                    pseudo = .contains(try readUntilClosingParenthesis().trimmingCharacters(in: " "))
                }
            default:
                let argumentStart = index
                let argument = try readUntilClosingParenthesis()
                let nth: Nth
                switch Self.parseNth(argument) {
                case .valid(let value):
                    nth = value
                case .malformed:
                    throw failure("invalid an+b argument \(argument.quotedForMessage())", at: argumentStart)
                case .outOfRange:
                    throw failure(
                        "an+b argument \(argument.quotedForMessage()) is out of range (±\(Self.nthLimit))",
                        at: argumentStart)
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

        /// The compound selectors of a `:not(…)` whose opening parenthesis has been read.
        private mutating func parseNegation(element: String?, at start: Int) throws(MarkupError) -> [Compound] {
            negationDepth += 1
            defer { negationDepth -= 1 }
            guard negationDepth <= Self.maxNegationDepth else {
                throw failure("\":not()\" nested more than \(Self.maxNegationDepth) deep", at: start)
            }
            var compounds = [try parseCompound(enclosingElement: element)]
            while true {
                skipWhitespace()
                guard consume(",") else { break }
                skipWhitespace()
                compounds.append(try parseCompound(enclosingElement: element))
            }
            return compounds
        }

        private static let simplePseudoClasses: [String: Pseudo] = [
            "first-child": .firstChild, "last-child": .lastChild, "only-child": .onlyChild,
            "first-of-type": .firstOfType, "last-of-type": .lastOfType, "only-of-type": .onlyOfType,
            "empty": .empty, "root": .root,
        ]

        /// The largest `a` or `b` accepted: no document has more siblings, and larger numbers would only risk
        /// overflow in the arithmetic that turns them into XPath.
        static let nthLimit = Int(Int32.max)

        /// What an `an+b` argument reads as.
        enum NthArgument: Equatable {
            case valid(Nth)
            case malformed
            /// Well formed, but `a` or `b` is larger than `nthLimit`.
            case outOfRange
        }

        /// Parses `odd`, `even`, `n`, `3`, `-n+3`, `2n+1` and the like.
        static func parseNth(_ text: String) -> NthArgument {
            let compact = text.lowercased().filter { !$0.isWhitespace }
            switch compact {
            case "odd": return .valid(Nth(a: 2, b: 1))
            case "even": return .valid(Nth(a: 2, b: 0))
            default: break
            }
            guard let n = compact.firstIndex(of: "n") else { return nth(a: .value(0), b: integer(compact[...])) }
            let coefficient = compact[..<n]
            let offset = compact[compact.index(after: n)...]
            let a: NthNumber =
                switch coefficient {
                case "", "+": .value(1)
                case "-": .value(-1)
                default: integer(coefficient)
                }
            let b: NthNumber =
                if offset.isEmpty {
                    .value(0)
                } else if offset.first == "+" || offset.first == "-" {
                    integer(offset)
                } else {
                    .malformed
                }
            return nth(a: a, b: b)
        }

        /// One number of an `an+b` argument.
        enum NthNumber {
            case value(Int)
            case malformed
            case outOfRange
        }

        private static func nth(a: NthNumber, b: NthNumber) -> NthArgument {
            switch (a, b) {
            case (.value(let a), .value(let b)): .valid(Nth(a: a, b: b))
            case (.malformed, _), (_, .malformed): .malformed
            default: .outOfRange
            }
        }

        /// An optionally signed run of ASCII digits within ±`nthLimit`.
        private static func integer(_ text: Substring) -> NthNumber {
            let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : text
            guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return .malformed }
            guard let magnitude = Int32(digits) else { return .outOfRange }
            return .value(text.first == "-" ? -Int(magnitude) : Int(magnitude))
        }

        private mutating func parseName() throws(MarkupError) -> String {
            var name = String.UnicodeScalarView()
            while let next = peek {
                if next == "\\" {
                    let position = index
                    index += 1
                    name.append(try xmlCharacter(try parseEscape(), at: position))
                } else if Self.isNameCharacter(next) {
                    name.append(try xmlCharacter(next, at: index))
                    index += 1
                } else {
                    break
                }
            }
            guard !name.isEmpty else { throw failure(isAtEnd ? "expected a name" : "expected a name at \(current)") }
            return String(name)
        }

        private mutating func parseQuoted() throws(MarkupError) -> String {
            let start = index
            let quote = scalars[index]
            index += 1
            var value = String.UnicodeScalarView()
            while let next = peek {
                let position = index
                index += 1
                if next == quote { return String(value) }
                value.append(try xmlCharacter(next == "\\" ? try parseEscape() : next, at: position))
            }
            throw failure("unclosed string", at: start)
        }

        /// The character when XML 1.0 allows it in a document; the others can never match, and libxml2's XPath
        /// refuses them in literals.
        private func xmlCharacter(_ scalar: Unicode.Scalar, at position: Int) throws(MarkupError) -> Unicode.Scalar {
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return scalar
            default:
                let code = String(scalar.value, radix: 16, uppercase: true)
                throw failure("U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) is not a character XML text can hold, so nothing could match it", at: position)
            }
        }

        /// Decodes the escape after a backslash: up to six hex digits (plus one optional space), or the next
        /// character. Zero, surrogates and values past U+10FFFF stand for U+FFFD, as CSS Syntax §4.3.7 says.
        private mutating func parseEscape() throws(MarkupError) -> Unicode.Scalar {
            guard let next = peek else { throw failure("dangling backslash") }
            var hex = ""
            while hex.unicodeScalars.count < 6, let digit = peek, digit.properties.isASCIIHexDigit {
                hex.unicodeScalars.append(digit)
                index += 1
            }
            guard !hex.isEmpty else {
                index += 1
                return next
            }
            if let space = peek, Self.isWhitespace(space) { index += 1 }
            guard let value = UInt32(hex, radix: 16), value != 0, let scalar = Unicode.Scalar(value) else {
                return "\u{FFFD}"
            }
            return scalar
        }

        private mutating func readUntilClosingParenthesis() throws(MarkupError) -> String {
            var text = String.UnicodeScalarView()
            while let next = peek, next != ")" {
                text.append(try xmlCharacter(next, at: index))
                index += 1
            }
            return String(text)
        }

        @discardableResult
        private mutating func skipWhitespace() -> Bool {
            let start = index
            while let next = peek, Self.isWhitespace(next) { index += 1 }
            return index > start
        }

        private mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
            guard peek == scalar else { return false }
            index += 1
            return true
        }

        private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        private var isAtEnd: Bool { index >= scalars.count }
        /// The scalar at the current position, quoted for a message ("end of input" past the end).
        private var current: String { peek.map { String($0).quotedForMessage() } ?? "end of input" }

        /// CSS whitespace: space, tab, line feed, carriage return and form feed, nothing else.
        private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }

        private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\\" || (isNameCharacter(scalar) && !("0"..."9").contains(scalar))
        }

        private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "-" || scalar == "_" || scalar.value >= 0x80
        }

        private func failure(_ reason: String, at position: Int? = nil) -> MarkupError {
            MarkupError(
                kind: .invalidSelector,
                detail: "invalid selector \(source.quotedForMessage()) at offset \(position ?? index): \(reason)")
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        String(drop(while: { $0 == character }).reversed().drop(while: { $0 == character }).reversed())
    }
}
