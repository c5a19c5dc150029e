extension CharsetDetector {
    /// How far into the body declarations are looked for; long `<head>`s push `<meta>` past WHATWG's 1024.
    static let prescanLength = 4096

    /// The charset named by a `<meta charset>` or `<meta http-equiv="content-type" content="...; charset=...">`,
    /// with the label as written; a `<meta>` with an unknown label is passed over, as browsers do.
    static func metaCharset(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, label: String)? {
        let end = min(bytes.count, prescanLength)
        var index = 0
        while index < end {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if matches(bytes, at: index, "<!--") {
                index = position(of: "-->", in: bytes, from: index + 4, end: end).map { $0 + 3 } ?? end
                continue
            }
            if matches(bytes, at: index, "<meta"), index + 5 < end, isSpaceOrSlash(bytes[index + 5]) {
                var attributes = AttributeScanner(bytes: bytes, index: index + 5, end: end)
                var charset: String?
                var httpEquiv: String?
                var content: String?
                while let (name, value) = attributes.next() {
                    switch name {
                    case "charset": charset = charset ?? value
                    case "http-equiv": httpEquiv = httpEquiv ?? value
                    case "content": content = content ?? value
                    default: break
                    }
                }
                index = attributes.index
                if let charset, let name = DetectedCharset.canonicalName(forLabel: charset) {
                    return (adjustedForMeta(name), charset)
                }
                if httpEquiv?.lowercased() == "content-type", let content,
                    let label = charsetParameter(content), let name = DetectedCharset.canonicalName(forLabel: label)
                {
                    return (adjustedForMeta(name), label)
                }
                continue
            }
            index += 1
        }
        return nil
    }

    /// The `encoding` pseudo-attribute of an XML declaration at the very start of the body, with the label as written.
    static func xmlDeclarationCharset(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, label: String)? {
        guard matches(bytes, at: 0, "<?xml") else { return nil }
        let end = min(bytes.count, prescanLength)
        guard let close = position(of: "?>", in: bytes, from: 5, end: end) else { return nil }
        var attributes = AttributeScanner(bytes: bytes, index: 5, end: close)
        while let (name, value) = attributes.next() {
            if name == "encoding" { return DetectedCharset.canonicalName(forLabel: value).map { ($0, value) } }
        }
        return nil
    }

    /// The value after `charset=` in a Content-Type value such as `text/html; charset=windows-1250`.
    static func charsetParameter(_ contentType: String) -> String? {
        let lowered = contentType.lowercased()
        guard let range = lowered.firstRange(of: "charset") else { return nil }
        let rest = lowered[range.upperBound...].drop(while: { $0 == " " })
        guard rest.first == "=" else { return nil }
        let value = rest.dropFirst().drop(while: { $0 == " " || $0 == "\"" || $0 == "'" })
        let label = value.prefix(while: { !";\"' \t".contains($0) })
        return label.isEmpty ? nil : String(label)
    }

    /// A page written in UTF-16 cannot contain an ASCII `<meta>`, so such a declaration means UTF-8 (WHATWG).
    private static func adjustedForMeta(_ name: String) -> String {
        name.hasPrefix("UTF-16") ? "UTF-8" : name
    }

    private static func isSpaceOrSlash(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == UInt8(ascii: "/")
    }

    /// Whether `literal` (lowercase ASCII) occurs at `index`, ignoring ASCII case.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where lowercased(bytes[index + offset]) != pointer[offset] {
            return false
        }
        return true
    }

    private static func position(
        of literal: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int
    ) -> Int? {
        var index = start
        while index + literal.utf8CodeUnitCount <= end {
            if matches(bytes, at: index, literal) { return index }
            index += 1
        }
        return nil
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }
}

/// Reads `name="value"` pairs up to the closing `>` (or `?>`) of a tag.
struct AttributeScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    let end: Int

    mutating func next() -> (name: String, value: String)? {
        skip { Self.isSpace($0) || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
        guard index < end, bytes[index] != UInt8(ascii: ">") else { return nil }
        let nameStart = index
        skip { !Self.isSpace($0) && $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "/") }
        let name = String(decoding: bytes[nameStart..<index].map(CharsetDetector.lowercased), as: UTF8.self)
        skip(while: Self.isSpace)
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return (name, "") }
        index += 1
        skip(while: Self.isSpace)
        guard index < end else { return (name, "") }
        let quote = bytes[index]
        let valueStart: Int
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            index += 1
            valueStart = index
            skip { $0 != quote }
        } else {
            valueStart = index
            skip { !Self.isSpace($0) && $0 != UInt8(ascii: ">") }
        }
        let value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
        if index < end, bytes[index] == quote { index += 1 }
        return (name, value)
    }

    private mutating func skip(while predicate: (UInt8) -> Bool) {
        while index < end, predicate(bytes[index]) { index += 1 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
