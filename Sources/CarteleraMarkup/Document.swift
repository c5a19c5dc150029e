import CLibxml2

/// A parsed HTML or XML document; owns the libxml2 tree (freed in deinit). Not Sendable: use within one task.
///
/// Create one with ``html(_:url:declaredCharset:limits:)`` or ``xml(_:url:limits:)``, then query it with
/// CSS (``select(_:)``) or XPath (``xpath(_:)``). Every ``Node`` holds the document alive.
public final class Document {
    let pointer: xmlDocPtr
    /// Whether the tree came from the HTML parser, which lowercases element and attribute names.
    let isHTML: Bool
    /// The URL the body came from, used in error messages.
    public let url: String?
    /// What was detected and used to decode the body.
    public let encoding: DetectedCharset
    /// What parsing got past that may have changed the text (a re-detected charset, replaced bytes), in order;
    /// empty for a clean page. Each one's description is one line naming the URL.
    public let warnings: [MarkupWarning]
    /// One XPath context reused by every query on this document, created on first use.
    private var xpathContext: xmlXPathContextPtr?

    init(pointer: xmlDocPtr, isHTML: Bool, url: String?, encoding: DetectedCharset, warnings: [MarkupWarning]) {
        self.pointer = pointer
        self.isHTML = isHTML
        self.url = url
        self.encoding = encoding
        self.warnings = warnings
    }

    deinit {
        if let xpathContext { xmlXPathFreeContext(xpathContext) }
        xmlFreeDoc(pointer)
    }

    /// The document element (`<html>` for HTML), or nil for a document without one.
    public var root: Node? {
        xmlDocGetRootElement(pointer).map { Node(document: self, pointer: $0) }
    }

    /// The document node itself, the context for document-level queries.
    var documentNode: xmlNodePtr {
        xmlNodePtr(OpaquePointer(pointer))
    }

    /// The elements matching a CSS selector, searched from the root (the root itself included).
    public func select(_ css: String) throws(MarkupError) -> [Node] {
        try select(CSSSelector(css))
    }

    /// The elements matching a compiled CSS selector, searched from the root (the root itself included).
    public func select(_ selector: CSSSelector) throws(MarkupError) -> [Node] {
        try nodes(selector.expression(forHTML: isHTML), context: documentNode)
    }

    /// The nodes an XPath 1.0 expression selects with the document node as context.
    public func xpath(_ expression: String) throws(MarkupError) -> [Node] {
        try nodes(XPathExpression(expression), context: documentNode)
    }

    /// The nodes a compiled XPath 1.0 expression selects with the document node as context.
    public func xpath(_ expression: XPathExpression) throws(MarkupError) -> [Node] {
        try nodes(expression, context: documentNode)
    }

    /// The XPath string value of an expression evaluated with the document node as context.
    public func xpathString(_ expression: String) throws(MarkupError) -> String {
        try string(XPathExpression(expression), context: documentNode)
    }

    /// The context for XPath evaluation, with errors kept in the context instead of printed.
    func reusableXPathContext() throws(MarkupError) -> xmlXPathContextPtr {
        if let xpathContext { return xpathContext }
        guard let context = xmlXPathNewContext(pointer) else {
            throw MarkupError(kind: .invalidXPath, detail: "cannot allocate an XPath context", url: url)
        }
        context.pointee.error = LibXML.ignoreError
        xpathContext = context
        return context
    }
}

@available(*, unavailable, message: "a Document owns a libxml2 tree that is not thread-safe; use it within one task")
extension Document: Sendable {}
