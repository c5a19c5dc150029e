import CLibxml2
import Synchronization

/// A compiled XPath 1.0 expression: compile it once, then evaluate it on any number of documents, from any
/// number of tasks at once.
///
/// libxml2 does not allow one compiled expression (`xmlXPathCompExpr`) to be evaluated by two threads at the
/// same time: evaluation writes to it. The first time a function call such as `contains()` or
/// `normalize-space()` runs, `xmlXPathCompOpEval` (libxml2's `xpath.c`, the `XPATH_OP_FUNCTION` case) stores
/// the looked-up function in the step (`op->cache`, `op->cacheURI`); the libxml2 2.9.14 this module is built
/// against does so on the first evaluation. So each evaluation here borrows a compiled copy that no other
/// evaluation is using: idle copies wait in a pool, and when every copy is busy one more is compiled. Evaluations
/// never wait for each other, and the pool holds at most as many copies as evaluations ever ran at once.
public final class XPathExpression: Sendable {
    /// The expression as written.
    public let source: String
    /// Compiled copies not in use by any evaluation.
    private let idle: Mutex<[CompiledCopy]>

    /// At most this many `|` and `/` outside string literals: each nests libxml2's recursive evaluation one level
    /// deeper, and thousands of them overflow a 512 KiB thread stack (Darwin's default for secondary threads).
    static let maxPathOperators = 2000

    /// One compiled expression, owned by the pool and used by one evaluation at a time.
    private struct CompiledCopy: @unchecked Sendable {
        let pointer: xmlXPathCompExprPtr
    }

    /// Compiles an expression, failing with `.invalidXPath` and libxml2's message when it is malformed.
    public init(_ expression: String) throws(MarkupError) {
        guard !expression.utf8.contains(0) else {
            throw Self.invalid(expression, "contains a NUL character, which would cut it short")
        }
        let operators = Self.pathOperatorCount(expression)
        guard operators <= Self.maxPathOperators else {
            let reason = "has \(operators) \"|\" and \"/\" operators; at most \(Self.maxPathOperators) are allowed"
            throw Self.invalid(expression, reason)
        }
        let compiled = try Self.compile(expression)
        self.source = expression
        self.idle = Mutex([CompiledCopy(pointer: compiled)])
    }

    deinit {
        idle.withLock { copies in
            for copy in copies { xmlXPathFreeCompExpr(copy.pointer) }
        }
    }

    /// Runs the expression in a context whose document and node the caller has set; nil when evaluation fails,
    /// with libxml2's message left in the context.
    func evaluate(in context: xmlXPathContextPtr) -> xmlXPathObjectPtr? {
        let borrowed = idle.withLock { $0.popLast() } ?? (try? Self.compile(source)).map(CompiledCopy.init)
        guard let borrowed else { return nil }
        defer { idle.withLock { $0.append(borrowed) } }
        return xmlXPathCompiledEval(borrowed.pointer, context)
    }

    private static func compile(_ expression: String) throws(MarkupError) -> xmlXPathCompExprPtr {
        LibXML.ensureInitialized()
        // A document-less context gives errors a home other than libxml2's global handlers.
        guard let context = xmlXPathNewContext(nil) else {
            throw invalid(expression, "cannot allocate an XPath context")
        }
        defer { xmlXPathFreeContext(context) }
        context.pointee.error = LibXML.ignoreError
        guard let compiled = xmlXPathCtxtCompile(context, expression) else {
            // libxml2 refuses expressions nested too deeply without a message.
            let message = LibXML.message(context.pointee.lastError.message)
            throw invalid(expression, message ?? "cannot compile (nested too deeply?)")
        }
        return compiled
    }

    /// How many `|` and `/` stand outside string literals.
    private static func pathOperatorCount(_ expression: String) -> Int {
        var count = 0
        var quote: UInt8?
        for byte in expression.utf8 {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "|") || byte == UInt8(ascii: "/") {
                count += 1
            }
        }
        return count
    }

    private static func invalid(_ expression: String, _ reason: String) -> MarkupError {
        MarkupError(kind: .invalidXPath, detail: "\(reason) in \(expression.quotedForMessage())")
    }
}
