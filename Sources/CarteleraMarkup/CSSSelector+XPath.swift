extension CSSSelector {
    /// Joins the XPath of each selector in a group with `|`, which keeps matches in document order.
    static func xpath(for list: [Complex], foldingCase: Bool) -> String {
        list.map { xpath(for: $0, foldingCase: foldingCase) }.joined(separator: " | ")
    }

    private static func xpath(for complex: Complex, foldingCase: Bool) -> String {
        var path = ""
        for (position, step) in complex.steps.enumerated() {
            let test = nameTest(step.compound.element, foldingCase: foldingCase)
            let predicates = predicates(for: step.compound, element: step.compound.element, foldingCase: foldingCase)
            switch step.combinator {
            case .descendant: path += (position == 0 ? "" : "/") + "descendant::" + test + predicates
            case .child: path += "/" + test + predicates
            case .adjacent: path += "/following-sibling::*[1]/self::" + test + predicates
            case .sibling: path += "/following-sibling::" + test + predicates
            }
        }
        return path
    }

    /// One bracketed predicate per condition; none of them uses position(), so `[p][q]` means `p and q`.
    private static func predicates(for compound: Compound, element: String?, foldingCase: Bool) -> String {
        compound.conditions.map { "[" + condition($0, element: element, foldingCase: foldingCase) + "]" }.joined()
    }

    private static func condition(_ condition: Condition, element: String?, foldingCase: Bool) -> String {
        switch condition {
        case .id(let id):
            return "@id=\(literal(id))"
        case .className(let name):
            return tokenMatch("@class", name)
        case .attribute(let name, let match):
            let attribute = attributeTest(name, foldingCase: foldingCase)
            guard let (op, value) = match else { return attribute }
            return attributeCondition(attribute, op, value)
        case .pseudo(let pseudo):
            return pseudoCondition(pseudo, element: element, foldingCase: foldingCase)
        }
    }

    private static func attributeCondition(_ attribute: String, _ op: AttributeOperator, _ value: String) -> String {
        let quoted = literal(value)
        switch op {
        case .equals:
            return "\(attribute)=\(quoted)"
        case .prefix:
            return value.isEmpty ? "false()" : "starts-with(\(attribute), \(quoted))"
        case .suffix:
            // XPath counts characters as Unicode scalars, as `unicodeScalars` does (a `Character` may hold several).
            return value.isEmpty
                ? "false()"
                : "substring(\(attribute), string-length(\(attribute)) - \(value.unicodeScalars.count) + 1) = \(quoted)"
        case .substring:
            return value.isEmpty ? "false()" : "contains(\(attribute), \(quoted))"
        case .word:
            return value.isEmpty || value.contains(where: \.isWhitespace) ? "false()" : tokenMatch(attribute, value)
        case .dashPrefix:
            return "(\(attribute)=\(quoted) or starts-with(\(attribute), \(literal(value + "-"))))"
        }
    }

    private static func pseudoCondition(_ pseudo: Pseudo, element: String?, foldingCase: Bool) -> String {
        // Of-type pseudo-classes were rejected while parsing when no element name is known.
        let type = nameTest(element, foldingCase: foldingCase)
        switch pseudo {
        case .firstChild: return "not(preceding-sibling::*)"
        case .lastChild: return "not(following-sibling::*)"
        case .onlyChild: return "not(preceding-sibling::*) and not(following-sibling::*)"
        case .firstOfType: return "not(preceding-sibling::\(type))"
        case .lastOfType: return "not(following-sibling::\(type))"
        case .onlyOfType: return "not(preceding-sibling::\(type)) and not(following-sibling::\(type))"
        case .empty: return "not(*) and not(text())"
        case .root: return "not(parent::*)"
        case .nthChild(let nth): return nthCondition(nth, position: "count(preceding-sibling::*) + 1")
        case .nthLastChild(let nth): return nthCondition(nth, position: "count(following-sibling::*) + 1")
        case .nthOfType(let nth): return nthCondition(nth, position: "count(preceding-sibling::\(type)) + 1")
        case .nthLastOfType(let nth): return nthCondition(nth, position: "count(following-sibling::\(type)) + 1")
        case .contains(let text): return "contains(., \(literal(text)))"
        case .not(let compounds):
            let alternatives = compounds.map { compound in
                "self::" + nameTest(compound.element, foldingCase: foldingCase)
                    + predicates(for: compound, element: compound.element ?? element, foldingCase: foldingCase)
            }
            return "not(" + alternatives.joined(separator: " | ") + ")"
        }
    }

    /// Whether a 1-based position `p` equals `a·n + b` for some n ≥ 0.
    static func nthCondition(_ nth: Nth, position p: String) -> String {
        let (a, b) = (nth.a, nth.b)
        if a == 0 { return b >= 1 ? "\(p) = \(b)" : "false()" }
        if a > 0 {
            if a == 1 { return b <= 1 ? "true()" : "\(p) >= \(b)" }
            let divisible = "(\(p) - \(b)) mod \(a) = 0"
            return b <= 1 ? divisible : "\(p) >= \(b) and \(divisible)"
        }
        guard b >= 1 else { return "false()" }
        if a == -1 { return "\(p) <= \(b)" }
        return "\(p) <= \(b) and (\(b) - (\(p))) mod \(-a) = 0"
    }

    /// `contains(concat(' ', normalize-space(x), ' '), ' token ')`: whitespace-separated token match.
    private static func tokenMatch(_ subject: String, _ token: String) -> String {
        "contains(concat(' ', normalize-space(\(subject)), ' '), \(literal(" " + token + " ")))"
    }

    private static func nameTest(_ element: String?, foldingCase: Bool) -> String {
        guard let element else { return "*" }
        let name = foldingCase ? element.asciiLowercased() : element
        return isXPathName(name) ? name : "*[local-name()=\(literal(name))]"
    }

    private static func attributeTest(_ name: String, foldingCase: Bool) -> String {
        let name = foldingCase ? name.asciiLowercased() : name
        return isXPathName(name) ? "@" + name : "@*[local-name()=\(literal(name))]"
    }

    /// Whether a name can appear bare in XPath: an ASCII NCName. Other names go through `local-name()`, since
    /// libxml2 accepts only the XML 1.0 letters of 2000 as name characters, not all that Unicode calls letters.
    private static func isXPathName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isASCIILetter(first) || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy {
            isASCIILetter($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "."
        }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// A string literal for XPath 1.0, which has no escapes: mixed quotes need `concat()`.
    static func literal(_ value: String) -> String {
        if !value.contains("'") { return "'\(value)'" }
        if !value.contains("\"") { return "\"\(value)\"" }
        let pieces = value.split(separator: "'", omittingEmptySubsequences: false).map { "'\($0)'" }
        return "concat(" + pieces.joined(separator: ", \"'\", ") + ")"
    }
}

extension String {
    /// The text with only A-Z lowercased, as libxml2's HTML parser lowercases element and attribute names.
    fileprivate func asciiLowercased() -> String {
        let lowered = unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32) ?? $0 : $0 }
        return String(String.UnicodeScalarView(lowered))
    }
}
