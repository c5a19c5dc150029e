/// Detects the charset of a body: HTTP header charset, BOM, `<meta charset>`/`<meta http-equiv content=...charset=>`
/// in the first 4096 bytes, XML declaration, then "valid UTF-8", falling back to windows-1252.
///
/// A byte order mark wins over everything. A declared single-byte charset loses to UTF-8 when the bytes are
/// valid UTF-8 with multi-byte sequences: real pages declare windows-1250 and serve UTF-8, while genuine
/// legacy text practically never happens to form valid multi-byte UTF-8.
public enum CharsetDetector {
    /// Decides which charset to decode `bytes` with.
    public static func detect(_ bytes: [UInt8], headerCharset: String?, isXML: Bool) -> DetectedCharset {
        bytes.withUnsafeBufferPointer { detect($0, headerCharset: headerCharset, isXML: isXML).charset }
    }

    /// The decision plus what the parser needs to act on it.
    struct Decision {
        var charset: DetectedCharset
        /// Bytes to skip at the start (a byte order mark).
        var skip: Int
        /// Whether the bytes are UTF-8 that needs U+FFFD repair before libxml2 sees it.
        var needsUTF8Repair: Bool
    }

    static func detect(_ bytes: UnsafeBufferPointer<UInt8>, headerCharset: String?, isXML: Bool) -> Decision {
        if let bom = byteOrderMark(bytes) {
            let validity = bom.name == "UTF-8" ? UTF8Validity(bytes) : nil
            return Decision(
                charset: DetectedCharset(name: bom.name, origin: .byteOrderMark), skip: bom.length,
                needsUTF8Repair: validity.map { !$0.isExact } ?? false)
        }
        let validity = UTF8Validity(bytes)
        let declared: DetectedCharset? =
            headerCharset.flatMap(DetectedCharset.canonicalName(forLabel:)).map { .init(name: $0, origin: .header) }
            ?? (isXML
                ? xmlDeclarationCharset(bytes).map { .init(name: $0, origin: .xmlDeclaration) }
                : metaCharset(bytes).map { .init(name: $0, origin: .metaTag) })
        if let declared {
            let mislabelled = DetectedCharset.isSingleByte(declared.name) && validity.isValid && validity.hasMultibyte
            if !mislabelled {
                let isUTF8 = declared.name == "UTF-8"
                return Decision(charset: declared, skip: 0, needsUTF8Repair: isUTF8 && !validity.isExact)
            }
        }
        if validity.isValid {
            return Decision(
                charset: DetectedCharset(name: "UTF-8", origin: .utf8Valid), skip: 0,
                needsUTF8Repair: !validity.isExact)
        }
        return Decision(charset: DetectedCharset(name: "windows-1252", origin: .fallback), skip: 0, needsUTF8Repair: false)
    }

    private static func byteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, length: Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return ("UTF-8", 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", 2) }
        return nil
    }
}

/// How well a byte sequence conforms to UTF-8.
struct UTF8Validity {
    /// Valid UTF-8, allowing one incomplete sequence at the very end (a body cut off mid-character).
    var isValid = true
    /// Strictly valid UTF-8, with nothing to repair.
    var isExact = true
    /// Whether any byte is outside ASCII.
    var hasMultibyte = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            hasMultibyte = true
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xED: length = 3; high = 0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0: length = 4; low = 0x90
            case 0xF4: length = 4; high = 0x8F
            case 0xF1...0xF3: length = 4
            default:
                (isValid, isExact) = (false, false)
                return
            }
            var offset = 1
            while offset < length {
                guard index + offset < count else {
                    // Cut off mid-character: the rest is valid, only the tail needs repair.
                    isExact = false
                    return
                }
                let byte = bytes[index + offset]
                let range = offset == 1 ? low...high : 0x80...0xBF
                guard range.contains(byte) else {
                    (isValid, isExact) = (false, false)
                    return
                }
                offset += 1
            }
            index += length
        }
    }
}
