@testable import CarteleraMarkup
import FuzzSupport

/// Charset detection, then parsing with the charset detected.
///
/// Input: the first byte's low bit asks for XML, its second bit for a header charset, which is the first
/// line after that byte; the rest is the body.
@_cdecl("LLVMFuzzerTestOneInput")
public func charsetHarness(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    guard let flags = input.bytes.first else { return 0 }
    let isXML = flags & 1 == 1
    let rest = FuzzInput(bytes: Array(input.bytes.dropFirst()))
    let (lines, body) = flags & 2 == 2 ? rest.lines(1) : ([""], rest.bytes)
    let header = flags & 2 == 2 ? lines[0] : nil

    if let header { _ = DetectedCharset.canonicalName(forLabel: header) }
    _ = CharsetDetector.detect(body, headerCharset: header, isXML: isXML)
    if isXML {
        _ = try? Document.xml(body, url: "https://guide.example/tv.xml")
    } else {
        _ = try? Document.html(body, url: "https://guide.example/", declaredCharset: header)
    }
    return 0
}

runLibFuzzer(charsetHarness)
