import CarteleraMarkup
import Testing

/// Bodies whose bytes do not fit the declared charset are re-detected, repaired or refused, and say so.
@Suite struct CharsetWarningTests {
    private let url = "https://guia.test/hoy"

    /// How many characters of `text` are outside ASCII: in windows-1252 each is one byte UTF-8 cannot read.
    private func nonASCIICount(_ text: String) -> Int {
        text.unicodeScalars.filter { $0.value >= 0x80 }.count
    }

    /// The 1-based line of a byte offset.
    private func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].filter { $0 == 0x0A }.count + 1
    }

    @Test func aUTF8HeaderOverWindows1252BytesIsRedetectedWithAWarning() throws {
        let page = Fixtures.spanishListing()
        let bytes = Fixtures.windows1252(page)
        let document = try Document.html(bytes, url: url, declaredCharset: "utf-8")
        #expect(document.encoding == DetectedCharset(name: "windows-1252", origin: .fallback))
        #expect(try Fixtures.titles(document) == Fixtures.spanishTitles)
        #expect(document.warnings.count == 1)
        let warning = try #require(document.warnings.first)
        let firstAccent = try #require(bytes.firstIndex { $0 >= 0x80 })
        #expect(warning.kind == .charsetMismatch)
        #expect(warning.count == nonASCIICount(page))
        #expect(warning.offset == firstAccent)
        #expect(warning.line == line(of: firstAccent, in: bytes))
        #expect(
            warning.description.hasPrefix(
                "https://guia.test/hoy: charsetMismatch (line 1): declared \"utf-8\" in the HTTP header but the bytes are windows-1252"))
        #expect(warning.description.hasSuffix("; decoded as windows-1252"))
    }

    @Test func aUTF8MetaOverWindows1252BytesIsRedetectedWithAWarning() throws {
        let page = Fixtures.spanishListing(head: #"<meta charset="UTF-8">"#)
        let document = try Document.html(Fixtures.windows1252(page), url: url)
        #expect(document.encoding == DetectedCharset(name: "windows-1252", origin: .fallback))
        #expect(try Fixtures.titles(document) == Fixtures.spanishTitles)
        #expect(document.warnings.map(\.kind) == [.charsetMismatch])
        #expect(document.warnings.first?.detail.hasPrefix(#"declared "UTF-8" in <meta> but the bytes are windows-1252"#) == true)
    }

    @Test func anISO88591HeaderOverUTF8BytesGivesWayToUTF8() throws {
        let document = try Document.html(Array(Fixtures.spanishListing().utf8), url: url, declaredCharset: "ISO-8859-1")
        #expect(document.encoding == DetectedCharset(name: "UTF-8", origin: .utf8Valid))
        #expect(try Fixtures.titles(document) == Fixtures.spanishTitles)
        #expect(document.warnings.map(\.description) == [
            #"https://guia.test/hoy: charsetMismatch: declared "ISO-8859-1" in the HTTP header but the bytes are UTF-8; decoded as UTF-8"#
        ])
    }

    @Test func aFewBrokenSequencesInUTF8AreReplacedAndCounted() throws {
        let marked = Fixtures.spanishListing()
            .replacing("edición", with: "edici\u{1}n").replacing("Quién", with: "Qui\u{1}n").replacing("túnel", with: "t\u{1}nel")
        var stray = [UInt8]([0xF3, 0xE9, 0xFA]).makeIterator()
        let bytes = marked.utf8.map { $0 == 0x01 ? stray.next() ?? 0x01 : $0 }
        let expected = Fixtures.spanishTitles.map {
            $0.replacing("edición", with: "edici\u{FFFD}n").replacing("Quién", with: "Qui\u{FFFD}n")
                .replacing("túnel", with: "t\u{FFFD}nel")
        }
        let firstBroken = try #require(bytes.firstIndex(of: 0xF3))
        for declared in ["utf-8", nil] {
            let document = try Document.html(bytes, url: url, declaredCharset: declared)
            #expect(document.encoding.name == "UTF-8")
            #expect(try Fixtures.titles(document) == expected)
            #expect(document.warnings.count == 1)
            let warning = try #require(document.warnings.first)
            #expect(warning.kind == .invalidBytesReplaced)
            #expect(warning.count == 3)
            #expect(warning.offset == firstBroken)
            #expect(warning.line == line(of: firstBroken, in: bytes))
            #expect(warning.detail == "3 invalid UTF-8 sequences replaced with U+FFFD")
        }
    }

    @Test func aUTF8HeaderGivesWayToAMetaThatFitsTheBytes() throws {
        // "Příští díl" in windows-1250.
        let bytes = Array(#"<meta charset="windows-1250"><table><tr><td>1</td><td>P"#.utf8)
            + [0xF8, 0xED, 0x9A, 0x74, 0xED, 0x20, 0x64, 0xED, 0x6C] + Array("</td></tr></table>".utf8)
        let document = try Document.html(bytes, url: url, declaredCharset: "utf-8")
        #expect(document.encoding == DetectedCharset(name: "windows-1250", origin: .metaTag))
        #expect(try Fixtures.titles(document) == ["Příští díl"])
        #expect(document.warnings.map(\.kind) == [.charsetMismatch])
        #expect(document.warnings.first?.detail.hasSuffix("decoded as windows-1250 as <meta> declares") == true)
    }

    @Test func invalidShiftJISSequencesAreReplacedAndTheRowsAfterThemKept() throws {
        let head = Array(#"<html><head><meta charset="Shift_JIS"><title>"#.utf8) + [0x94, 0xD4, 0x91, 0x67, 0x95, 0x5C]
        let news: [UInt8] = [0x83, 0x6A, 0x83, 0x85, 0x81, 0x5B, 0x83, 0x58]
        let weather: [UInt8] = [0x93, 0x56, 0x8B, 0x43, 0x97, 0x5C, 0x95, 0xF1]
        let drama: [UInt8] = [0x83, 0x68, 0x83, 0x89, 0x83, 0x7D]
        let rows = Array("</title></head><body><table>\n<tr><td>06:00</td><td>".utf8) + news
            + Array("</td></tr>\n<tr><td>07:00</td><td>".utf8) + weather + [0xFF]
            + Array("</td></tr>\n<tr><td>08:00</td><td>".utf8) + [0xFF] + drama
            + Array("</td></tr>\n</table></body></html>".utf8)
        let bytes = head + rows
        let document = try Document.html(bytes, url: url)
        #expect(document.encoding == DetectedCharset(name: "Shift_JIS", origin: .metaTag))
        #expect(try Fixtures.titles(document) == ["ニュース", "天気予報\u{FFFD}", "\u{FFFD}ドラマ"])
        #expect(try document.xpathString("string(//title)") == "番組表")
        let warning = try #require(document.warnings.first)
        #expect(document.warnings.count == 1)
        #expect(warning.kind == .invalidBytesReplaced)
        #expect(warning.count == 2)
        #expect(warning.offset == bytes.firstIndex(of: 0xFF))
        #expect(warning.line == 3)
        #expect(warning.detail == "2 invalid Shift_JIS sequences replaced with U+FFFD")
    }

    @Test func anEUCKRPageMostlyInvalidInEUCKRIsRefused() {
        // "편성표" and "뉴스" in EUC-KR, then cells of bytes no Korean charset has.
        let bytes = Array("<table><tr><td>".utf8) + [0xC6, 0xED, 0xBC, 0xBA, 0xC7, 0xA5]
            + Array("</td><td>".utf8) + [0xB4, 0xBA, 0xBD, 0xBA] + Array("</td></tr>\n<tr><td>".utf8)
            + [UInt8](repeating: 0x80, count: 6) + Array("</td></tr></table>".utf8)
        do {
            let document = try Document.html(bytes, url: url, declaredCharset: "euc-kr")
            Issue.record("expected a refusal, got \(document.warnings)")
        } catch {
            #expect(error.kind == .undecodable)
            #expect(error.line == 2)
            #expect(error.description.hasPrefix("https://guia.test/hoy: undecodable (line 2): 6 of 11 non-ASCII characters are invalid in EUC-KR"))
        }
    }

    @Test func undeclaredWindows1252BytesAreDecodedAsAGuessThatIsReported() throws {
        let page = Fixtures.spanishListing()
        let document = try Document.html(Fixtures.windows1252(page), url: url)
        #expect(document.encoding == DetectedCharset(name: "windows-1252", origin: .fallback))
        #expect(try Fixtures.titles(document) == Fixtures.spanishTitles)
        #expect(document.warnings.map(\.kind) == [.charsetGuessed])
        #expect(document.warnings.first?.count == nonASCIICount(page))
    }

    @Test func anUnknownHeaderLabelIsReportedAndIgnored() throws {
        let document = try Document.html(Array(Fixtures.spanishListing().utf8), url: url, declaredCharset: "x-klingon")
        #expect(document.encoding == DetectedCharset(name: "UTF-8", origin: .utf8Valid))
        #expect(document.warnings.map(\.description) == [
            #"https://guia.test/hoy: unknownCharset: unknown charset "x-klingon" in the HTTP header ignored"#
        ])
    }

    @Test func aBodyCutOffMidCharacterKeepsItsCharsetAndSaysSo() throws {
        let bytes = Array("<p>Acción ".utf8) + [0xE2, 0x82]
        let document = try Document.html(bytes, url: url, declaredCharset: "utf-8")
        #expect(document.encoding == DetectedCharset(name: "UTF-8", origin: .header))
        #expect(try document.select("p").first?.text == "Acción \u{FFFD}")
        #expect(document.warnings.map(\.detail) == ["the body ends in the middle of a UTF-8 character, replaced with U+FFFD"])
    }

    @Test(arguments: [
        ("utf-8", Array(Fixtures.spanishListing(head: #"<meta charset="utf-8">"#).utf8)),
        (nil, Array(Fixtures.spanishListing().utf8)),
        ("ISO-8859-1", Fixtures.windows1252(Fixtures.spanishListing())),
        ("Shift_JIS", Array("<p>ascii only</p>".utf8)),
    ] as [(String?, [UInt8])])
    func bodiesThatFitTheirCharsetHaveNoWarnings(_ declared: String?, _ bytes: [UInt8]) throws {
        let document = try Document.html(bytes, url: url, declaredCharset: declared)
        #expect(document.warnings.isEmpty)
        #expect(try document.xpath("//body").count == 1)
    }
}
