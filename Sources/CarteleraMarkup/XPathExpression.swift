import CLibxml2
import Synchronization

/// A compiled XPath 1.0 expression, compiled once and reusable across documents and tasks.
///
/// libxml2 caches function lookups inside the compiled steps while evaluating, so evaluation does write
/// to the expression; a lock serializes evaluations to keep sharing between tasks safe.
public final class XPathExpression: Sendable {
    /// The expression as written.
    public let source: String
    /// Owned by this object and only touched under `lock` or in deinit.
    private nonisolated(unsafe) let compiled: xmlXPathCompExprPtr
    private let lock = Mutex<Void>(())

    /// Compiles an expression, failing with `.invalidXPath` and libxml2's message when it is malformed.
    public init(_ expression: String) throws(MarkupError) {
        LibXML.ensureInitialized()
        // A document-less context gives errors a home other than libxml2's global handlers.
        guard let context = xmlXPathNewContext(nil) else {
            throw MarkupError(kind: .invalidXPath, detail: "cannot allocate an XPath context for \"\(expression)\"")
        }
        defer { xmlXPathFreeContext(context) }
        context.pointee.error = LibXML.ignoreError
        guard let compiled = xmlXPathCtxtCompile(context, expression) else {
            let message = LibXML.message(context.pointee.lastError.message) ?? "cannot compile"
            throw MarkupError(kind: .invalidXPath, detail: "\(message) in \"\(expression)\"")
        }
        self.source = expression
        self.compiled = compiled
    }

    deinit {
        xmlXPathFreeCompExpr(compiled)
    }

    /// Runs the expression in a context whose document and node the caller has set.
    func evaluate(in context: xmlXPathContextPtr) -> xmlXPathObjectPtr? {
        var result: xmlXPathObjectPtr?
        lock.withLock { _ in result = xmlXPathCompiledEval(compiled, context) }
        return result
    }
}
