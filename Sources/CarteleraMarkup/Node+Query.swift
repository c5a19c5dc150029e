import CLibxml2

extension Node {
    /// The descendant elements matching a CSS selector (this node itself excluded).
    public func select(_ css: String) throws(MarkupError) -> [Node] {
        try select(CSSSelector(css))
    }

    /// The descendant elements matching a compiled CSS selector (this node itself excluded).
    public func select(_ selector: CSSSelector) throws(MarkupError) -> [Node] {
        try document.nodes(selector.expression(forHTML: document.isHTML), context: pointer)
    }

    /// The nodes an XPath 1.0 expression selects with this node as context (`//` still starts at the document).
    public func xpath(_ expression: String) throws(MarkupError) -> [Node] {
        try document.nodes(XPathExpression(expression), context: pointer)
    }

    /// The nodes a compiled XPath 1.0 expression selects with this node as context.
    public func xpath(_ expression: XPathExpression) throws(MarkupError) -> [Node] {
        try document.nodes(expression, context: pointer)
    }

    /// `string(expression)` evaluated with this node as context, e.g. "string(@href)", "normalize-space(td[2])"
    /// or "count(li)".
    public func xpathString(_ expression: String) throws(MarkupError) -> String {
        try document.string(XPathExpression(expression), context: pointer)
    }

    /// `string(expression)` for a compiled expression, evaluated with this node as context.
    public func xpathString(_ expression: XPathExpression) throws(MarkupError) -> String {
        try document.string(expression, context: pointer)
    }
}
