import CLibxml2

/// Runs libxml2's HTML or XML parser over UTF-8 text with a parser context of its own, so concurrent parses
/// never share error state, and turns every way a parse can end early into an error.
///
/// libxml2 keeps the partial tree when it stops early (nesting deeper than its limit, an oversized text node,
/// memory): returning that tree would store a page without its tail as if it were complete, so a stopped
/// parse is a failure here, never a shorter document.
enum LibXMLReader {
    /// libxml2 options for HTML: tolerate anything, stay quiet, never touch the network, decode as told instead
    /// of switching on a `<meta>` mid-parse, and HUGE, which lifts the nesting limit of 256 (enforced here
    /// instead, see `MarkupLimits.maxDepth`) and the 10 MB cap on one text node that would otherwise end the
    /// parse silently. HTML has no entity declarations, so HUGE opens no expansion attack here.
    static let htmlOptions = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
            | XML_PARSE_HUGE.rawValue)

    /// libxml2 options for XML: no network, quiet, and deliberately without NOENT, DTDLOAD, DTDATTR and HUGE,
    /// so external entities are never fetched and entity expansion stays under libxml2's default caps.
    static let xmlOptions = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_COMPACT.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

    /// What one parse records besides the tree; the callbacks reach it through the parser context's `_private`.
    private struct ParseState {
        /// The deepest an HTML element may be nested.
        let maxDepth: Int
        /// libxml2's own start-of-element handler, called for every element within the limit.
        var startElement: startElementSAXFunc?
        /// The first error libxml2 reported (XML only: HTML reports every repair it makes).
        var firstError: (message: String, line: Int?, code: Int32)?
        /// The line of the element that went past `maxDepth`, when one did.
        var depthExceededAtLine: Int?
    }

    /// Parses UTF-8 text; the caller owns the returned tree.
    static func read(
        _ text: UnsafeBufferPointer<UInt8>, url: String?, isHTML: Bool, maxDepth: Int
    ) -> Result<xmlDocPtr, MarkupError> {
        guard let length = Int32(exactly: text.count) else {
            let detail = "decoded text of \(text.count) bytes is more than libxml2 reads"
            return .failure(MarkupError(kind: .tooLarge, detail: detail, url: url))
        }
        guard let context = isHTML ? htmlNewParserCtxt() : xmlNewParserCtxt() else {
            return .failure(MarkupError(kind: .unparsable, detail: "cannot allocate a parser context", url: url))
        }
        defer { isHTML ? htmlFreeParserCtxt(context) : xmlFreeParserCtxt(context) }
        // The context owns a copy of the SAX handlers, so changing them affects this parse only.
        guard let handlers = context.pointee.sax else {
            return .failure(MarkupError(kind: .unparsable, detail: "parser context without SAX handlers", url: url))
        }
        var state = ParseState(maxDepth: maxDepth)
        let chars = UnsafeRawPointer(text.baseAddress)?.assumingMemoryBound(to: CChar.self)
        let document = withUnsafeMutablePointer(to: &state) { slot in
            context.pointee._private = UnsafeMutableRawPointer(slot)
            if isHTML {
                slot.pointee.startElement = handlers.pointee.startElement
                handlers.pointee.startElement = startElementWithinDepth
            } else {
                handlers.pointee.serror = recordFirstError
            }
            return isHTML
                ? htmlCtxtReadMemory(context, chars, length, url, "UTF-8", htmlOptions)
                : xmlCtxtReadMemory(context, chars, length, url, "UTF-8", xmlOptions)
        }
        context.pointee._private = nil
        if let failure = failure(of: context, state: state, hasDocument: document != nil, isHTML: isHTML, url: url) {
            if let document { xmlFreeDoc(document) }
            return .failure(failure)
        }
        guard let document else {
            return .failure(MarkupError(kind: .unparsable, detail: "cannot parse", url: url))
        }
        return .success(document)
    }

    /// Why a finished parse cannot be used, or nil when it can.
    private static func failure(
        of context: xmlParserCtxtPtr, state: ParseState, hasDocument: Bool, isHTML: Bool, url: String?
    ) -> MarkupError? {
        if let line = state.depthExceededAtLine {
            return MarkupError(
                kind: .tooDeep,
                detail: "elements nested more than \(state.maxDepth) levels deep; parsing stopped there, "
                    + "so the rest of the page would be missing",
                url: url, line: line)
        }
        let last = context.pointee.lastError
        let lastError = LibXML.message(last.message).map { ($0, last.line > 0 ? Int(last.line) : nil, last.code) }
        if !isHTML, context.pointee.wellFormed == 0 || !hasDocument {
            let (message, line, code) = state.firstError ?? lastError ?? ("cannot parse", nil, 0)
            return classified(message, line: line, code: code, url: url, stopped: false)
        }
        // A halted parser (depth, an oversized text node, memory) sets disableSAX; ordinary HTML repairs do not.
        if context.pointee.disableSAX != 0 {
            let (message, line, code) = lastError ?? ("parsing stopped early", nil, 0)
            return classified(message, line: line, code: code, url: url, stopped: true)
        }
        return nil
    }

    /// An error for libxml2's message: its depth limit and entity loops get kinds of their own.
    private static func classified(_ message: String, line: Int?, code: Int32, url: String?, stopped: Bool) -> MarkupError {
        if message.hasPrefix("Excessive depth") {
            let limit = message.split(whereSeparator: { !$0.isNumber }).first.map { "\($0) levels" } ?? "its limit"
            return MarkupError(
                kind: .tooDeep,
                detail: "elements nested deeper than libxml2 allows (\(limit)); it stopped reading there, "
                    + "so the rest of the page would be missing",
                url: url, line: line)
        }
        if UInt32(bitPattern: code) == XML_ERR_ENTITY_LOOP.rawValue {
            return MarkupError(kind: .hostileMarkup, detail: message, url: url, line: line)
        }
        let detail =
            stopped ? "libxml2 stopped reading early (\(message)), so the rest of the page would be missing" : message
        return MarkupError(kind: .unparsable, detail: detail, url: url, line: line)
    }

    /// Starts an element through libxml2's own handler, or stops the parser when the element would be nested
    /// deeper than the limit.
    private static let startElementWithinDepth: startElementSAXFunc = { userData, name, attributes in
        guard let userData else { return }
        // For a parser context of its own, libxml2 passes the context itself as the user data.
        let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let state = context.pointee._private?.assumingMemoryBound(to: ParseState.self) else { return }
        guard Int(context.pointee.nodeNr) < state.pointee.maxDepth else {
            state.pointee.depthExceededAtLine = context.pointee.input.map { Int($0.pointee.line) }
            xmlStopParser(context)
            return
        }
        state.pointee.startElement?(userData, name, attributes)
    }

    /// Records the first error of a parse in the `ParseState` that the parser context's `_private` points to.
    private static let recordFirstError: xmlStructuredErrorFunc = { userData, error in
        guard let userData, let error else { return }
        let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let state = context.pointee._private?.assumingMemoryBound(to: ParseState.self),
            state.pointee.firstError == nil
        else { return }
        let line = error.pointee.line > 0 ? Int(error.pointee.line) : nil
        state.pointee.firstError = (LibXML.message(error.pointee.message) ?? "cannot parse", line, error.pointee.code)
    }
}
