/// The bytes libFuzzer hands a harness, cut into the parts the harness reads.
///
/// Harnesses that need several values read them as leading lines, so seeds stay readable text files:
/// `lines(2)` of "dd/MM\n28/11 22:30" is `["dd/MM", "28/11 22:30"]` and no rest.
public struct FuzzInput: Sendable {
    /// The whole input.
    public let bytes: [UInt8]

    /// Copies libFuzzer's buffer.
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    }

    /// An input made of bytes already copied, such as the part after a harness's own header.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The whole input as text, invalid UTF-8 repaired with U+FFFD as a page reader would.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The first `count` lines as text (missing ones empty) and the bytes after them.
    public func lines(_ count: Int) -> (lines: [String], rest: [UInt8]) {
        var lines: [String] = []
        var start = 0
        while lines.count < count {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                lines.append(String(decoding: bytes[start...], as: UTF8.self))
                start = bytes.count
                break
            }
            lines.append(String(decoding: bytes[start..<newline], as: UTF8.self))
            start = newline + 1
        }
        while lines.count < count { lines.append("") }
        return (lines, Array(bytes[start...]))
    }
}
