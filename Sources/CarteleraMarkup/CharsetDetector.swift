/// Detects the charset of a body: byte order mark, HTTP header charset, `<meta charset>`/`<meta http-equiv
/// content=...charset=>` in the first 4096 bytes, XML declaration, then "valid UTF-8", falling back to
/// windows-1252; a declared charset that does not fit the bytes is replaced by one that does.
///
/// A byte order mark wins over everything. A declared single-byte charset loses to UTF-8 when the bytes are
/// valid UTF-8 with multi-byte sequences: real pages declare windows-1250 and serve UTF-8, while genuine
/// legacy text practically never happens to form valid multi-byte UTF-8. A declared charset in which the bytes
/// are invalid loses to the next declaration that fits, then to UTF-8 when the bytes are valid UTF-8, then,
/// for declared UTF-8 whose invalid sequences outnumber its valid multi-byte ones, to windows-1252.
public enum CharsetDetector {
    /// Decides which charset to decode `bytes` with.
    public static func detect(_ bytes: [UInt8], headerCharset: String?, isXML: Bool) -> DetectedCharset {
        bytes.withUnsafeBufferPointer {
            BodyDecoder(bytes: $0, url: nil).decode(headerCharset: headerCharset, isXML: isXML).charset
        }
    }

    /// The charset a byte order mark at the start of the body names, and the mark's length.
    static func byteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, length: Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return ("UTF-8", 3) }
        if bytes.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", 2) }
        return nil
    }
}
