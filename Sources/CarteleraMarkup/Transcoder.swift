#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Converts bodies to the UTF-8 that libxml2 is given, counting and replacing what does not convert.
///
/// libxml2 cannot be trusted with bytes that are invalid in the charset it is told: with UTF-8 it switches
/// to Latin-1 for the rest of the input, and with iconv-backed charsets such as Shift_JIS it stops reading at
/// the first bad sequence and keeps the truncated tree. Converting first keeps the whole page and says what
/// was replaced.
enum Transcoder {
    /// Converts `bytes` from a canonical charset name to UTF-8, or returns nil when the system cannot.
    static func utf8(from bytes: UnsafeBufferPointer<UInt8>, charset: String) -> Transcoded? {
        switch charset {
        case "UTF-8": repairingUTF8(bytes)
        case "windows-1252": windows1252(bytes)
        default: converted(bytes, from: charset)
        }
    }

    /// UTF-8 with each invalid sequence (a maximal subpart) replaced by one U+FFFD.
    static func repairingUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Transcoded {
        var result = Transcoded()
        result.utf8.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                result.utf8.append(byte)
                index += 1
                continue
            }
            let sequence = UTF8Scan.sequence(in: bytes, at: index)
            if sequence.isValid {
                result.utf8.append(contentsOf: bytes[index..<(index + sequence.length)])
            } else {
                result.replace(sourceOffset: index, atEnd: index + sequence.length == bytes.count && byte >= 0xC2)
            }
            index += sequence.length
        }
        return result
    }

    /// windows-1252 as the WHATWG Encoding Standard defines it: every byte is a character, so nothing is replaced.
    static func windows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> Transcoded {
        var result = Transcoded()
        result.utf8.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            let scalar: UInt32 =
                switch byte {
                case 0x80...0x9F: UInt32(windows1252C1[Int(byte) - 0x80])
                default: UInt32(byte)
                }
            appendUTF8(scalar, to: &result.utf8)
        }
        return result
    }

    /// What windows-1252 maps 0x80...0x9F to; the five bytes it leaves undefined map to the C1 controls.
    private static let windows1252C1: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    private static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            output.append(0xC0 | UInt8(truncatingIfNeeded: scalar >> 6))
            output.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
        default:
            output.append(0xE0 | UInt8(truncatingIfNeeded: scalar >> 12))
            output.append(0x80 | UInt8(truncatingIfNeeded: (scalar >> 6) & 0x3F))
            output.append(0x80 | UInt8(truncatingIfNeeded: scalar & 0x3F))
        }
    }

    /// The name iconv knows a canonical charset by: the WHATWG charsets are supersets of the IANA ones.
    private static func iconvName(_ charset: String) -> String {
        switch charset {
        case "Shift_JIS": "CP932"
        case "EUC-KR": "CP949"
        case "GBK": "GB18030"
        case "Big5": "BIG5-HKSCS"
        default: charset
        }
    }

    /// Converts with iconv, replacing each sequence it rejects; nil when iconv does not know the charset.
    private static func converted(_ bytes: UnsafeBufferPointer<UInt8>, from charset: String) -> Transcoded? {
        // iconv_t is optional on Glibc and not on Darwin; failure is (iconv_t)-1 on both.
        let opened: iconv_t? = iconv_open("UTF-8", iconvName(charset))
        guard let converter = opened, Int(bitPattern: converter) != -1 else { return nil }
        defer { iconv_close(converter) }
        // A rejected sequence is skipped one code unit at a time, so what follows it is read again.
        let unit = charset.hasPrefix("UTF-16") ? 2 : 1
        var result = Transcoded()
        result.utf8.reserveCapacity(bytes.count * 3 / 2 + 16)
        guard let base = bytes.baseAddress else { return result }
        var input: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base)
            .assumingMemoryBound(to: CChar.self)
        var inputLeft = bytes.count
        var chunk = [CChar](repeating: 0, count: 1 << 16)
        chunk.withUnsafeMutableBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            while true {
                var output: UnsafeMutablePointer<CChar>? = start
                var outputLeft = buffer.count
                let finished = inputLeft == 0
                // With no input left, one more call flushes what a stateful charset (ISO-2022-JP) holds back.
                let status =
                    finished
                    ? iconv(converter, nil, nil, &output, &outputLeft)
                    : iconv(converter, &input, &inputLeft, &output, &outputLeft)
                let failure = status == -1 ? errno : 0
                let written = UnsafeRawBufferPointer(start: start, count: buffer.count - outputLeft)
                result.utf8.append(contentsOf: written)
                if finished { return }
                if failure == 0 || failure == E2BIG { continue }
                // An incomplete character can only be at the end (EINVAL): it is one replacement, like WHATWG's.
                let skipped = failure == EINVAL ? inputLeft : min(unit, inputLeft)
                result.replace(sourceOffset: bytes.count - inputLeft, atEnd: failure == EINVAL)
                input = input.map { $0 + skipped }
                inputLeft -= skipped
            }
        }
        return result
    }
}
