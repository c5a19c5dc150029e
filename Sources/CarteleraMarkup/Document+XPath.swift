import CLibxml2

extension Document {
    /// Evaluates a compiled expression and returns the raw libxml2 result, which the caller frees.
    func evaluate(_ expression: XPathExpression, context node: xmlNodePtr) throws(MarkupError) -> xmlXPathObjectPtr {
        let context = try reusableXPathContext()
        context.pointee.node = node
        xmlResetError(&context.pointee.lastError)
        guard let result = expression.evaluate(in: context) else {
            let message = LibXML.message(context.pointee.lastError.message) ?? "evaluation failed"
            throw MarkupError(
                kind: .invalidXPath, detail: "\(message) in \(expression.source.quotedForMessage())", url: url)
        }
        return result
    }

    /// The nodes an expression selects; an expression yielding a number, string or boolean is an error.
    func nodes(_ expression: XPathExpression, context node: xmlNodePtr) throws(MarkupError) -> [Node] {
        let result = try evaluate(expression, context: node)
        defer { xmlXPathFreeObject(result) }
        guard result.pointee.type == XPATH_NODESET else {
            throw MarkupError(
                kind: .invalidXPath,
                detail: "\(expression.source.quotedForMessage()) yields a value, not nodes; use xpathString", url: url)
        }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0 else { return [] }
        var nodes: [Node] = []
        nodes.reserveCapacity(Int(set.pointee.nodeNr))
        guard let table = set.pointee.nodeTab else { return [] }
        for index in 0..<Int(set.pointee.nodeNr) {
            // Namespace nodes in a node-set are copies the result owns, so they cannot outlive it.
            guard let pointer = table[index], pointer.pointee.type != XML_NAMESPACE_DECL else { continue }
            nodes.append(Node(document: self, pointer: pointer))
        }
        return nodes
    }

    /// The XPath `string()` of whatever an expression yields.
    func string(_ expression: XPathExpression, context node: xmlNodePtr) throws(MarkupError) -> String {
        let result = try evaluate(expression, context: node)
        defer { xmlXPathFreeObject(result) }
        return LibXML.consume(xmlXPathCastToString(result))
    }
}
