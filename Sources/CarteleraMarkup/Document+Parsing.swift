import CLibxml2

extension Document {
    /// Parses an HTML body, detecting its charset from `declaredCharset` (the HTTP header), a BOM, `<meta>`
    /// or the bytes themselves; broken markup is repaired the way libxml2's HTML parser does.
    ///
    /// A charset that does not fit the bytes is re-detected, and bytes that still do not decode are replaced
    /// with U+FFFD; both show up in ``warnings``. A body that is not text in any charset fails with
    /// `.undecodable`, and one nested deeper than `limits.maxDepth` fails with `.tooDeep` rather than lose its tail.
    public static func html(
        _ bytes: [UInt8], url: String? = nil, declaredCharset: String? = nil, limits: MarkupLimits = .default
    ) throws(MarkupError) -> Document {
        try parse(bytes, url: url, headerCharset: declaredCharset, limits: limits, isHTML: true)
    }

    /// Parses a well-formed XML body without loading external entities or DTDs; failures carry libxml2's
    /// first error message and line. Charset problems are handled and reported as for HTML.
    public static func xml(_ bytes: [UInt8], url: String? = nil, limits: MarkupLimits = .default) throws(MarkupError)
        -> Document
    {
        try parse(bytes, url: url, headerCharset: nil, limits: limits, isHTML: false)
    }

    private static func parse(
        _ bytes: [UInt8], url: String?, headerCharset: String?, limits: MarkupLimits, isHTML: Bool
    ) throws(MarkupError) -> Document {
        guard bytes.count <= limits.maxBytes else {
            throw MarkupError(
                kind: .tooLarge, detail: "body of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes)",
                url: url)
        }
        guard bytes.contains(where: { !isWhitespace($0) }) else {
            throw MarkupError(kind: .empty, detail: "body is empty", url: url)
        }
        LibXML.ensureInitialized()
        let body = bytes.withUnsafeBufferPointer { buffer in
            let decoder = BodyDecoder(bytes: buffer, url: url)
            var body = decoder.decode(headerCharset: headerCharset, isXML: !isHTML)
            decoder.replaceNULs(in: &body)
            return body
        }
        if let refusal = body.refusal { throw refusal }
        let read = { (text: UnsafeBufferPointer<UInt8>) in
            LibXMLReader.read(text, url: url, isHTML: isHTML, maxDepth: limits.maxDepth)
        }
        let result =
            if let converted = body.converted {
                converted.utf8.withUnsafeBufferPointer(read)
            } else {
                bytes.withUnsafeBufferPointer { read(UnsafeBufferPointer(rebasing: $0[body.skip...])) }
            }
        let pointer = try result.get()
        return Document(pointer: pointer, isHTML: isHTML, url: url, encoding: body.charset, warnings: body.warnings)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
