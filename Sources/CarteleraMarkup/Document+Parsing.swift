import CLibxml2

extension Document {
    /// libxml2 options for HTML: tolerate anything, stay quiet, never touch the network, and decode with
    /// the charset this module detected instead of switching on a `<meta>` mid-parse.
    static let htmlOptions = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)

    /// libxml2 options for XML: no network, quiet, and deliberately without NOENT, DTDLOAD, DTDATTR and HUGE,
    /// so external entities are never fetched and entity expansion stays under libxml2's default caps.
    static let xmlOptions = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_COMPACT.rawValue | XML_PARSE_IGNORE_ENC.rawValue)

    /// Parses an HTML body, detecting its charset from `declaredCharset` (the HTTP header), a BOM, `<meta>`
    /// or the bytes themselves; broken markup is repaired the way libxml2's HTML parser does.
    public static func html(
        _ bytes: [UInt8], url: String? = nil, declaredCharset: String? = nil, limits: MarkupLimits = .default
    ) throws(MarkupError) -> Document {
        try parse(bytes, url: url, headerCharset: declaredCharset, limits: limits, isHTML: true)
    }

    /// Parses a well-formed XML body without loading external entities or DTDs; failures carry libxml2's
    /// first error message and line.
    public static func xml(_ bytes: [UInt8], url: String? = nil, limits: MarkupLimits = .default) throws(MarkupError)
        -> Document
    {
        try parse(bytes, url: url, headerCharset: nil, limits: limits, isHTML: false)
    }

    private static func parse(
        _ bytes: [UInt8], url: String?, headerCharset: String?, limits: MarkupLimits, isHTML: Bool
    ) throws(MarkupError) -> Document {
        guard bytes.count <= min(limits.maxBytes, Int(Int32.max)) else {
            throw MarkupError(
                kind: .tooLarge, detail: "body of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes)",
                url: url)
        }
        guard bytes.contains(where: { !isWhitespace($0) }) else {
            throw MarkupError(kind: .empty, detail: "body is empty", url: url)
        }
        LibXML.ensureInitialized()
        let decision = bytes.withUnsafeBufferPointer {
            CharsetDetector.detect($0, headerCharset: headerCharset, isXML: !isHTML)
        }
        // libxml2 switches to Latin-1 for the rest of the input at the first bad UTF-8 byte, which garbles
        // the whole tail; replacing bad sequences with U+FFFD keeps one broken character one character.
        let input = decision.needsUTF8Repair ? Array(String(decoding: bytes[decision.skip...], as: UTF8.self).utf8) : nil
        let skip = input == nil ? decision.skip : 0
        let result = (input ?? bytes).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                read(
                    UnsafeBufferPointer(rebasing: chars[skip...]), url: url,
                    encoding: decision.charset.name, isHTML: isHTML)
            }
        }
        switch result {
        case .success(let pointer):
            return Document(pointer: pointer, isHTML: isHTML, url: url, encoding: decision.charset)
        case .failure(let error):
            throw MarkupError(kind: error.kind, detail: error.message, url: url, line: error.line)
        }
    }

    /// The first error libxml2 reported for one parse.
    private struct ParseFailure: Error {
        var kind: MarkupError.Kind = .unparsable
        var message = "cannot parse"
        var line: Int?
    }

    /// Records the first error of a parse in the `ParseFailure` that the parser context's `_private` points to.
    private static let recordFirstError: xmlStructuredErrorFunc = { userData, error in
        guard let userData, let error else { return }
        let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let slot = context.pointee._private?.assumingMemoryBound(to: ParseFailure?.self), slot.pointee == nil
        else { return }
        var failure = ParseFailure(message: LibXML.message(error.pointee.message) ?? "cannot parse")
        failure.line = error.pointee.line > 0 ? Int(error.pointee.line) : nil
        if error.pointee.code == XML_ERR_ENTITY_LOOP.rawValue {
            failure.kind = .hostileMarkup
        }
        slot.pointee = failure
    }

    /// Runs libxml2 with a parser context of its own, so concurrent parses never share error state.
    private static func read(
        _ bytes: UnsafeBufferPointer<CChar>, url: String?, encoding: String, isHTML: Bool
    ) -> Result<xmlDocPtr, ParseFailure> {
        guard let context = isHTML ? htmlNewParserCtxt() : xmlNewParserCtxt() else {
            return .failure(ParseFailure(message: "cannot allocate a parser context"))
        }
        defer { isHTML ? htmlFreeParserCtxt(context) : xmlFreeParserCtxt(context) }
        var firstError: ParseFailure?
        let document = withUnsafeMutablePointer(to: &firstError) { slot in
            context.pointee._private = UnsafeMutableRawPointer(slot)
            if !isHTML { context.pointee.sax.pointee.serror = recordFirstError }
            return isHTML
                ? htmlCtxtReadMemory(context, bytes.baseAddress, Int32(bytes.count), url, encoding, htmlOptions)
                : xmlCtxtReadMemory(context, bytes.baseAddress, Int32(bytes.count), url, encoding, xmlOptions)
        }
        context.pointee._private = nil
        guard let document, isHTML || context.pointee.wellFormed != 0 else {
            if let document { xmlFreeDoc(document) }
            var failure = firstError ?? ParseFailure()
            if firstError == nil, let message = LibXML.message(context.pointee.lastError.message) {
                failure.message = message
                failure.line = context.pointee.lastError.line > 0 ? Int(context.pointee.lastError.line) : nil
            }
            return .failure(failure)
        }
        return .success(document)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
