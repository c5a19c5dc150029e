/// Percent-encoding of what a URL cannot hold as written, as a browser encodes a link written with spaces.
public enum PercentEncoding {
    /// `link` with each byte no URL may hold as written percent-encoded: spaces and other control characters,
    /// `"<>\^`{|}`, a `%` that starts no escape, and with `nonASCII` every byte of a character beyond ASCII. Escapes
    /// already there (`%20`) are kept, so encoding twice changes nothing.
    public static func encodingUnsafe(_ link: String, nonASCII: Bool = false) -> String {
        let bytes = Array(link.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let startsEscape = byte == UInt8(ascii: "%") && index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
            let unsafe = byte <= 0x20 || byte == 0x7F || (nonASCII && byte >= 0x80) || (byte == UInt8(ascii: "%") && !startsEscape)
                || unsafeASCII.contains(byte)
            if unsafe {
                result += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static let unsafeASCII: Set<UInt8> = Set("\"<>\\^`{|}".utf8)
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
