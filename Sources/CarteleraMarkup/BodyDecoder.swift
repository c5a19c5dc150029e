/// Picks the charset a body is decoded with, following the rules `CharsetDetector` documents, and decodes it.
///
/// Every departure from the declared charset and every replaced sequence becomes a `MarkupWarning`; a body
/// that needs too many replacements in every charset that could apply is refused.
struct BodyDecoder {
    /// The whole body, byte order mark included, so that offsets count from its first byte.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The document's URL, for warnings and errors.
    let url: String?
    /// The body read as UTF-8, the yardstick for every decision.
    let scan: UTF8Scan

    /// A body with at least this many replacements, more than one in ten of its non-ASCII characters, is refused:
    /// a few are a damaged page worth reading, that many mean the text is not in that charset at all.
    static let refusalMinimum = 4

    init(bytes: UnsafeBufferPointer<UInt8>, url: String?) {
        self.bytes = bytes
        self.url = url
        self.scan = UTF8Scan(bytes)
    }

    /// How one candidate charset fits the body.
    private enum Attempt {
        /// The body is valid UTF-8 and can be read as it is.
        case asIs
        case converted(Transcoded)
        /// The system has no converter for the charset.
        case unsupported

        var isAcceptable: Bool {
            switch self {
            case .asIs: true
            case .converted(let text): text.isAcceptable
            case .unsupported: false
            }
        }
    }

    /// Whether the bytes are UTF-8 with characters outside ASCII: evidence no single-byte label outweighs.
    private var looksLikeUTF8: Bool {
        scan.multibyteSequences > 0 && (scan.isValid || scan.isCutOffMidCharacter)
    }

    /// A charset the header or the document declares, with the label as written there.
    private struct Declaration {
        let charset: DetectedCharset
        let label: String
    }

    func decode(headerCharset: String?, isXML: Bool) -> DecodedBody {
        if let mark = CharsetDetector.byteOrderMark(bytes) {
            let charset = DetectedCharset(name: mark.name, origin: .byteOrderMark)
            return accepting(charset, attempt(mark.name, skip: mark.length), skip: mark.length, warnings: [])
        }
        var warnings: [MarkupWarning] = []
        var declarations: [Declaration] = []
        if let headerCharset {
            if let name = DetectedCharset.canonicalName(forLabel: headerCharset) {
                let charset = DetectedCharset(name: name, origin: .header)
                declarations.append(Declaration(charset: charset, label: headerCharset))
            } else {
                let label = headerCharset.quotedForMessage()
                warnings.append(warning(.unknownCharset, "unknown charset \(label) in the HTTP header ignored"))
            }
        }
        let inDocument =
            isXML
            ? CharsetDetector.xmlDeclarationCharset(bytes).map {
                Declaration(charset: DetectedCharset(name: $0.name, origin: .xmlDeclaration), label: $0.label)
            }
            : CharsetDetector.metaCharset(bytes).map {
                Declaration(charset: DetectedCharset(name: $0.name, origin: .metaTag), label: $0.label)
            }
        if let inDocument { declarations.append(inDocument) }
        return decode(declarations, warnings: warnings)
    }

    /// Tries each declaration in turn, then falls back to what the bytes themselves say.
    private func decode(_ declarations: [Declaration], warnings: [MarkupWarning]) -> DecodedBody {
        var warnings = warnings
        var firstMisfit: (declaration: Declaration, text: Transcoded)?
        for declaration in declarations {
            let declared = declaration.charset
            if declared.name != "UTF-8", DetectedCharset.isSingleByte(declared.name), looksLikeUTF8 {
                warnings.append(mismatch(declaration, nil, "but the bytes are UTF-8; decoded as UTF-8"))
                return accepting(utf8(.utf8Valid), attempt("UTF-8"), warnings: warnings)
            }
            let result = attempt(declared.name)
            if case .unsupported = result {
                let place = declared.origin.phrase
                warnings.append(warning(.unknownCharset, "charset \(declared.name) in \(place) has no converter here; ignored"))
                continue
            }
            if result.isAcceptable {
                if let misfit = firstMisfit {
                    let reason = invalid(misfit.text, in: misfit.declaration.charset.name)
                    let rest = "but \(reason); decoded as \(declared.name) as \(declared.origin.phrase) declares"
                    warnings.append(mismatch(misfit.declaration, misfit.text, rest))
                }
                return accepting(declared, result, warnings: warnings)
            }
            if firstMisfit == nil, case .converted(let text) = result { firstMisfit = (declaration, text) }
        }
        guard let misfit = firstMisfit else { return undeclared(warnings: warnings) }
        let declared = misfit.declaration.charset
        if declared.name != "UTF-8", looksLikeUTF8 {
            warnings.append(mismatch(misfit.declaration, misfit.text, "but the bytes are UTF-8; decoded as UTF-8"))
            return accepting(utf8(.utf8Valid), attempt("UTF-8"), warnings: warnings)
        }
        if declared.name == "UTF-8", looksLikeLegacyText {
            let reason = invalid(misfit.text, in: "UTF-8")
            let rest = "but the bytes are windows-1252 (\(reason)); decoded as windows-1252"
            warnings.append(mismatch(misfit.declaration, misfit.text, rest))
            let windows1252 = DetectedCharset(name: "windows-1252", origin: .fallback)
            return accepting(windows1252, attempt("windows-1252"), warnings: warnings)
        }
        return accepting(declared, .converted(misfit.text), warnings: warnings)
    }

    /// Nothing usable was declared: UTF-8 when the bytes are mostly UTF-8, else windows-1252.
    private func undeclared(warnings: [MarkupWarning]) -> DecodedBody {
        guard looksLikeLegacyText else { return accepting(utf8(.utf8Valid), attempt("UTF-8"), warnings: warnings) }
        let reason = invalid(scan.invalidSequences, first: scan.firstInvalidOffset, in: "UTF-8")
        let guess = warning(
            .charsetGuessed, "no charset declared and \(reason); decoded as windows-1252",
            count: scan.invalidSequences, offset: scan.firstInvalidOffset)
        let windows1252 = DetectedCharset(name: "windows-1252", origin: .fallback)
        return accepting(windows1252, attempt("windows-1252"), warnings: warnings + [guess])
    }

    /// Whether the bytes' invalid UTF-8 sequences outnumber their valid multi-byte ones, as in legacy text where
    /// every accented letter is one byte that UTF-8 cannot read.
    private var looksLikeLegacyText: Bool {
        scan.invalidSequences > scan.multibyteSequences && !scan.isCutOffMidCharacter
    }

    private func utf8(_ origin: DetectedCharset.Origin) -> DetectedCharset {
        DetectedCharset(name: "UTF-8", origin: origin)
    }

    /// Decodes the body (after `skip` bytes) in `charset`.
    private func attempt(_ charset: String, skip: Int = 0) -> Attempt {
        if charset == "UTF-8", scan.isValid { return .asIs }
        let body = UnsafeBufferPointer(rebasing: bytes[skip...])
        guard var text = Transcoder.utf8(from: body, charset: charset) else { return .unsupported }
        text.firstReplacedOffset = text.firstReplacedOffset.map { $0 + skip }
        return .converted(text)
    }

    /// The decoded body, with a warning for any replacement and a refusal when there are too many.
    private func accepting(_ charset: DetectedCharset, _ result: Attempt, skip: Int = 0, warnings: [MarkupWarning])
        -> DecodedBody
    {
        var body = DecodedBody(charset: charset, skip: skip, warnings: warnings)
        guard case .converted(let text) = result else {
            if case .unsupported = result {
                body.refusal = MarkupError(
                    kind: .unsupportedEncoding, detail: "charset \(charset.name) has no converter on this system", url: url)
            }
            return body
        }
        body.converted = text
        guard text.replaced > 0 else { return body }
        let detail =
            text.isCutOffMidCharacter
            ? "the body ends in the middle of a \(charset.name) character, replaced with U+FFFD"
            : "\(plural(text.replaced, "invalid \(charset.name) sequence")) replaced with U+FFFD"
        body.warnings.append(
            warning(.invalidBytesReplaced, detail, count: text.replaced, offset: text.firstReplacedOffset))
        if text.replaced >= Self.refusalMinimum, text.replaced * 10 > text.nonASCIICharacters {
            let first = text.firstReplacedOffset ?? 0
            body.refusal = MarkupError(
                kind: .undecodable,
                detail: "\(text.replaced) of \(text.nonASCIICharacters) non-ASCII characters are invalid in \(charset.name), "
                    + "the first at byte \(first), and no other charset fits the bytes",
                url: url, line: line(at: first))
        }
        return body
    }

    // MARK: Messages

    /// "declared X in <where> " followed by `rest`; the count and offset are those of the bytes that did not fit.
    private func mismatch(_ declaration: Declaration, _ misfit: Transcoded?, _ rest: String) -> MarkupWarning {
        let place = declaration.charset.origin.phrase
        return warning(
            .charsetMismatch, "declared \(declaration.label.quotedForMessage(limit: 40)) in \(place) \(rest)",
            count: misfit?.replaced, offset: misfit?.firstReplacedOffset)
    }

    private func invalid(_ text: Transcoded, in charset: String) -> String {
        invalid(text.replaced, first: text.firstReplacedOffset, in: charset)
    }

    /// "N sequences are invalid in <charset>, the first at byte M".
    private func invalid(_ count: Int, first offset: Int?, in charset: String) -> String {
        let first = offset.map { ", the first at byte \($0)" } ?? ""
        return "\(plural(count, "sequence")) \(count == 1 ? "is" : "are") invalid in \(charset)\(first)"
    }

    private func warning(
        _ kind: MarkupWarning.Kind, _ detail: String, count: Int? = nil, offset: Int? = nil
    ) -> MarkupWarning {
        MarkupWarning(kind: kind, detail: detail, url: url, count: count, offset: offset, line: offset.map(line(at:)))
    }

    /// The 1-based line of a byte offset, counting line feeds (as UTF-16 code units in UTF-16 bodies).
    func line(at offset: Int) -> Int {
        let end = min(offset, bytes.count)
        guard let mark = CharsetDetector.byteOrderMark(bytes), mark.name.hasPrefix("UTF-16") else {
            return bytes[..<end].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        let lineFeed: (UInt8, UInt8) = mark.name == "UTF-16LE" ? (0x0A, 0) : (0, 0x0A)
        var lines = 1
        var index = mark.length
        while index + 2 <= end {
            if (bytes[index], bytes[index + 1]) == lineFeed { lines += 1 }
            index += 2
        }
        return lines
    }
}

/// "1 sequence", "3 sequences".
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

extension DetectedCharset.Origin {
    /// Where the charset was declared, as a message says it: "declared UTF-8 in the HTTP header".
    var phrase: String {
        switch self {
        case .header: "the HTTP header"
        case .byteOrderMark: "the byte order mark"
        case .metaTag: "<meta>"
        case .xmlDeclaration: "the XML declaration"
        case .utf8Valid: "the bytes"
        case .fallback: "the fallback"
        }
    }
}
