import CarteleraMarkup
import Testing

@Suite struct CharsetDetectorTests {
    /// "Acción" in windows-1252: 0xF3 is "ó" and makes the bytes invalid UTF-8.
    private let accionLatin: [UInt8] = [0x41, 0x63, 0x63, 0x69, 0xF3, 0x6E]

    private func page(head: String = "", body: String) -> [UInt8] {
        Array("<html><head>\(head)</head><body><p>".utf8) + Array(body.utf8) + Array("</p></body></html>".utf8)
    }

    @Test func theHeaderCharsetIsUsedWhenNothingStrongerDisagrees() throws {
        let bytes = Array("<p>Acci".utf8) + [0xF3] + Array("n</p>".utf8)
        let document = try Document.html(bytes, declaredCharset: "ISO-8859-1")
        #expect(document.encoding == DetectedCharset(name: "windows-1252", origin: .header))
        #expect(try document.select("p").first?.text == "Acción")
    }

    @Test func aByteOrderMarkWinsOverEverything() throws {
        let utf8 = [0xEF, 0xBB, 0xBF] + page(head: #"<meta charset="windows-1250">"#, body: "Acción")
        let document = try Document.html(utf8, declaredCharset: "windows-1252")
        #expect(document.encoding == DetectedCharset(name: "UTF-8", origin: .byteOrderMark))
        #expect(try document.select("p").first?.text == "Acción")
    }

    @Test func utf16WithAByteOrderMarkDecodes() throws {
        let littleEndian: [UInt8] = [0xFF, 0xFE] + "<p>Acción</p>".utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let document = try Document.html(littleEndian)
        #expect(document.encoding == DetectedCharset(name: "UTF-16LE", origin: .byteOrderMark))
        #expect(try document.select("p").first?.text == "Acción")
    }

    @Test func aMetaCharsetIsHonoured() throws {
        let bytes = Array(#"<html><head><meta charset="windows-1250"></head><body><p>"#.utf8) + [0x9A, 0xE8]
            + Array("</p></body></html>".utf8)
        let document = try Document.html(bytes)
        #expect(document.encoding == DetectedCharset(name: "windows-1250", origin: .metaTag))
        #expect(try document.select("p").first?.text == "šč")
    }

    @Test func anHttpEquivContentTypeIsHonoured() {
        let bytes = Array(#"<!-- <meta charset="utf-8"> --><META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=ISO-8859-2'>"#.utf8)
            + [0xB9]
        #expect(CharsetDetector.detect(bytes, headerCharset: nil, isXML: false) == DetectedCharset(name: "ISO-8859-2", origin: .metaTag))
    }

    @Test func anXMLDeclarationIsHonouredForXML() throws {
        let bytes = Array(#"<?xml version="1.0" encoding="ISO-8859-15"?><t>"#.utf8) + [0xA4] + Array("</t>".utf8)
        let document = try Document.xml(bytes)
        #expect(document.encoding == DetectedCharset(name: "ISO-8859-15", origin: .xmlDeclaration))
        #expect(document.root?.text == "€")
    }

    @Test func validUTF8WithoutDeclarationsIsUTF8() {
        #expect(CharsetDetector.detect(Array("Acción".utf8), headerCharset: nil, isXML: false)
            == DetectedCharset(name: "UTF-8", origin: .utf8Valid))
    }

    @Test func invalidUTF8FallsBackToWindows1252() throws {
        #expect(CharsetDetector.detect(accionLatin, headerCharset: nil, isXML: false)
            == DetectedCharset(name: "windows-1252", origin: .fallback))
        let document = try Document.html(Array("<p>".utf8) + accionLatin + Array("</p>".utf8))
        #expect(try document.select("p").first?.text == "Acción")
    }

    @Test func aSingleByteDeclarationOverUTF8BytesIsOverruled() throws {
        // The m.tv.sms.cz trap: the page says windows-1250, the bytes are UTF-8.
        let bytes = page(head: #"<meta http-equiv="Content-Type" content="text/html; charset=windows-1250" />"#, body: "Příští díl: Acción")
        let document = try Document.html(bytes)
        #expect(document.encoding == DetectedCharset(name: "UTF-8", origin: .utf8Valid))
        #expect(try document.select("p").first?.text == "Příští díl: Acción")
    }

    @Test func realWindows1250BytesKeepTheirDeclaration() throws {
        // "Příští" in windows-1250.
        let bytes = Array(#"<meta charset="windows-1250"><p>P"#.utf8) + [0xF8, 0xED, 0x9A, 0x74, 0xED] + Array("</p>".utf8)
        let document = try Document.html(bytes)
        #expect(document.encoding == DetectedCharset(name: "windows-1250", origin: .metaTag))
        #expect(try document.select("p").first?.text == "Příští")
    }

    @Test func anUnknownCharsetNameFallsBackWithoutFailing() throws {
        let document = try Document.html(accionLatin, declaredCharset: "x-klingon")
        #expect(document.encoding == DetectedCharset(name: "windows-1252", origin: .fallback))
        #expect(document.root?.text == "Acción")
    }

    @Test func declaredUTF8WithAStrayByteKeepsTheRestIntact() throws {
        let bytes = Array("<p>Acción ".utf8) + [0xFF] + Array(" Niño</p>".utf8)
        let document = try Document.html(bytes, declaredCharset: "utf-8")
        #expect(document.encoding == DetectedCharset(name: "UTF-8", origin: .header))
        #expect(try document.select("p").first?.text == "Acción \u{FFFD} Niño")
    }

    @Test(arguments: [
        ("latin1", "windows-1252"), ("ISO-8859-1", "windows-1252"), ("us-ascii", "windows-1252"),
        ("utf8", "UTF-8"), (" \"UTF-8\" ", "UTF-8"), ("cp1250", "windows-1250"), ("Shift_JIS", "Shift_JIS"),
        ("iso-8859-2", "ISO-8859-2"), ("iso-8859-9", "windows-1254"), ("gb2312", "GBK"),
    ])
    func headerLabelsMapToCanonicalNames(_ label: String, _ name: String) {
        #expect(CharsetDetector.detect(Array("<p>x</p>".utf8), headerCharset: label, isXML: false).name == name)
    }
}
