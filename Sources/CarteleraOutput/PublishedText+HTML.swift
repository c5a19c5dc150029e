extension PublishedText {
    /// Text for HTML element content and for attribute values in double or single quotes: `<`, `>`, `&`, `"` and `'`
    /// as entities (`&#39;` for the apostrophe, which HTML 4 lacks a name for); text that needs none comes back as it is.
    public static func html(_ text: String) -> String {
        guard text.utf8.contains(where: isHTMLSpecial) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        var text = text
        text.withUTF8 { html($0, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// UTF-8 text escaped as `html(_:)` escapes it, appended to `output`; runs without a special byte are copied whole.
    public static func html(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var start = 0
        for (position, byte) in text.enumerated() {
            let entity: StaticString
            switch byte {
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x26: entity = "&amp;"
            case 0x22: entity = "&quot;"
            case 0x27: entity = "&#39;"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<position]))
            entity.withUTF8Buffer { output.append(contentsOf: $0) }
            start = position + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
    }

    private static func isHTMLSpecial(_ byte: UInt8) -> Bool {
        byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0x22 || byte == 0x27
    }
}
