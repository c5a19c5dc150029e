#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension BodyDecoder {
    /// Replaces every NUL in the decoded text with U+FFFD, with a warning giving their number and where the first was.
    ///
    /// libxml2 takes a NUL between tags, inside a tag or inside an attribute value for the end of the input, so
    /// everything after it would be missing from the tree without a word.
    func replaceNULs(in body: inout DecodedBody) {
        let found =
            if let converted = body.converted {
                converted.utf8.withUnsafeBufferPointer { Self.replacingNULs(in: $0, from: 0) }
            } else {
                Self.replacingNULs(in: bytes, from: body.skip)
            }
        guard let found else { return }
        // Read as is, the text is the body itself; converted, a NUL is the body's first zero code unit.
        let width = body.charset.name.hasPrefix("UTF-16") ? 2 : 1
        let offset = body.converted == nil ? found.first : firstZeroCodeUnit(width: width, from: body.skip)
        body.converted = Transcoded(utf8: found.text, replaced: body.converted?.replaced ?? 0)
        body.skip = 0
        body.warnings.append(
            MarkupWarning(
                kind: .nulBytesReplaced,
                detail: "\(plural(found.count, "NUL byte")) replaced with U+FFFD, the first at byte \(offset)",
                url: url, count: found.count, offset: offset, line: line(at: offset)))
    }

    /// The text from `start` with each NUL replaced, how many there were and the index of the first; nil without any.
    private static func replacingNULs(in text: UnsafeBufferPointer<UInt8>, from start: Int)
        -> (text: [UInt8], count: Int, first: Int)?
    {
        guard let base = text.baseAddress, start < text.count,
            let found = memchr(base + start, 0, text.count - start)
        else { return nil }
        let first = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        var replaced: [UInt8] = []
        replaced.reserveCapacity(text.count - start + 64)
        replaced.append(contentsOf: text[start..<first])
        var count = 0
        for byte in text[first...] {
            if byte == 0 {
                count += 1
                replaced.append(contentsOf: Transcoded.replacementCharacter)
            } else {
                replaced.append(byte)
            }
        }
        return (replaced, count, first)
    }

    /// The offset of the first code unit of `width` zero bytes at or after `start`, or the body's end.
    private func firstZeroCodeUnit(width: Int, from start: Int) -> Int {
        var index = start
        while index + width <= bytes.count {
            if bytes[index..<(index + width)].allSatisfy({ $0 == 0 }) { return index }
            index += width
        }
        return bytes.count
    }
}
