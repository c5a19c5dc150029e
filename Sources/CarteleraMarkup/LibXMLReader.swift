import CLibxml2

/// Runs libxml2's HTML or XML parser over UTF-8 text with a parser context of its own, so concurrent parses
/// never share error state.
enum LibXMLReader {
    /// libxml2 options for HTML: tolerate anything, stay quiet, never touch the network, and decode as told
    /// instead of switching on a `<meta>` mid-parse.
    static let htmlOptions = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)

    /// libxml2 options for XML: no network, quiet, and deliberately without NOENT, DTDLOAD, DTDATTR and HUGE,
    /// so external entities are never fetched and entity expansion stays under libxml2's default caps.
    static let xmlOptions = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_COMPACT.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

    /// What one parse records besides the tree; the callbacks reach it through the parser context's `_private`.
    private struct ParseState {
        /// The first error libxml2 reported (XML only: HTML reports every repair it makes).
        var firstError: (message: String, line: Int?, code: Int32)?
    }

    /// Parses UTF-8 text; the caller owns the returned tree.
    static func read(
        _ text: UnsafeBufferPointer<UInt8>, url: String?, isHTML: Bool
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
        var state = ParseState()
        let chars = UnsafeRawPointer(text.baseAddress)?.assumingMemoryBound(to: CChar.self)
        let document = withUnsafeMutablePointer(to: &state) { slot in
            context.pointee._private = UnsafeMutableRawPointer(slot)
            if !isHTML { handlers.pointee.serror = recordFirstError }
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
        let last = context.pointee.lastError
        let lastError = LibXML.message(last.message).map { ($0, last.line > 0 ? Int(last.line) : nil, last.code) }
        if !isHTML, context.pointee.wellFormed == 0 || !hasDocument {
            let (message, line, code) = state.firstError ?? lastError ?? ("cannot parse", nil, 0)
            return classified(message, line: line, code: code, url: url)
        }
        return nil
    }

    /// An error for libxml2's message: entity loops get a kind of their own.
    private static func classified(_ message: String, line: Int?, code: Int32, url: String?) -> MarkupError {
        let kind: MarkupError.Kind = UInt32(bitPattern: code) == XML_ERR_ENTITY_LOOP.rawValue ? .hostileMarkup : .unparsable
        return MarkupError(kind: kind, detail: message, url: url, line: line)
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
