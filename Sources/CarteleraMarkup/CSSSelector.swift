/// A CSS selector compiled to XPath, and that XPath compiled by libxml2, once: reuse one value for every
/// row and every page.
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
    /// `xpath` compiled, for HTML documents.
    let htmlExpression: XPathExpression
    /// The XPath with names kept as written, compiled, for case-sensitive XML documents.
    let xmlExpression: XPathExpression

    /// Selectors longer than this many characters are refused: real ones stay under a few hundred, and the
    /// XPath of a longer one could nest deeper than libxml2 can evaluate on a small thread stack.
    public static let maxLength = 1024

    /// Parses a selector and compiles its XPath, failing with `.invalidSelector` naming the selector and the
    /// offending position.
    public init(_ css: String) throws(MarkupError) {
        var parser = Parser(css)
        let list = try parser.parseSelectorList()
        let xpath = Self.xpath(for: list, foldingCase: true)
        let caseSensitiveXPath = Self.xpath(for: list, foldingCase: false)
        self.css = css
        self.xpath = xpath
        self.htmlExpression = try Self.compile(xpath, css: css)
        self.xmlExpression = caseSensitiveXPath == xpath ? htmlExpression : try Self.compile(caseSensitiveXPath, css: css)
    }

    /// The compiled XPath to run on a document of the given kind.
    func expression(forHTML isHTML: Bool) -> XPathExpression {
        isHTML ? htmlExpression : xmlExpression
    }

    /// Two selectors are equal when they are written the same; everything else follows from the text.
    public static func == (lhs: CSSSelector, rhs: CSSSelector) -> Bool {
        lhs.css == rhs.css
    }

    /// Hashes the selector's text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(css)
    }

    private static func compile(_ xpath: String, css: String) throws(MarkupError) -> XPathExpression {
        do {
            return try XPathExpression(xpath)
        } catch {
            throw MarkupError(
                kind: .invalidSelector, detail: "invalid selector \(css.quotedForMessage()): its XPath \(error.detail)")
        }
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
    struct Compound: Sendable {
        /// The element name, or nil for `*` or an omitted type.
        var element: String?
        var conditions: [Condition] = []
    }

    enum Condition: Sendable {
        case id(String)
        case className(String)
        case attribute(name: String, match: (operator: AttributeOperator, value: String)?)
        case pseudo(Pseudo)
    }

    enum AttributeOperator: String, Sendable {
        case equals = "=", prefix = "^=", suffix = "$=", substring = "*=", word = "~=", dashPrefix = "|="
    }

    enum Pseudo: Sendable {
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
    struct Nth: Equatable, Sendable {
        var a: Int
        var b: Int
    }
}
