import CarteleraMarkup
import Testing

/// NUL bytes, which end libxml2's reading early, are replaced so that nothing after them is lost.
@Suite struct NULByteTests {
    private let url = "https://guia.test/nul"

    /// A table whose second and fourth rows carry a NUL at the given places.
    private func table(_ second: String, _ fourth: String) -> [UInt8] {
        let markup = "<html><body><table>\n<tr><td>06:00</td><td>Noticias</td></tr>\n\(second)\n"
            + "<tr><td>08:00</td><td>Cine</td></tr>\n\(fourth)\n<tr><td>10:00</td><td>Deportes</td></tr>\n</table></body></html>"
        return markup.utf8.map { $0 == UInt8(ascii: "@") ? 0 : $0 }
    }

    @Test(arguments: [
        // Between tags, in a tag name and in an attribute value, a NUL used to end the document there.
        ("@<tr><td>07:00</td><td>Telediario</td></tr>", "<tr><td>09:00</td><td>Magacín</td></tr>"),
        ("<tr><td>07:00</td><t@d>Telediario</td></tr>", "<tr><td>09:00</td><td>Magacín</td></tr>"),
        (#"<tr><td>07:00</td><td class="a@b">Telediario</td></tr>"#, "<tr><td>09:00</td><td>Magacín</td></tr>"),
    ])
    func everyRowAfterANULIsKept(_ second: String, _ fourth: String) throws {
        let bytes = table(second, fourth)
        let document = try Document.html(bytes, url: url)
        #expect(try document.xpath("//tr").count == 5)
        #expect(try Fixtures.titles(document).last == "Deportes")
        let warning = try #require(document.warnings.first)
        #expect(document.warnings.count == 1)
        #expect(warning.kind == .nulBytesReplaced)
        #expect(warning.count == 1)
        #expect(warning.offset == bytes.firstIndex(of: 0))
        #expect(warning.line == 3)
    }

    @Test func nulBytesInTheMiddleOfCellsAreCountedAndShownAsReplacementCharacters() throws {
        let bytes = table("<tr><td>07:00</td><td>Tele@diario@</td></tr>", "<tr><td>09:00</td><td>Maga@cín</td></tr>")
        let document = try Document.html(bytes, url: url, declaredCharset: "utf-8")
        #expect(try Fixtures.titles(document) == ["Noticias", "Tele\u{FFFD}diario\u{FFFD}", "Cine", "Maga\u{FFFD}cín", "Deportes"])
        #expect(document.warnings.map(\.description) == [
            "https://guia.test/nul: nulBytesReplaced (line 3): 3 NUL bytes replaced with U+FFFD, the first at byte \(bytes.firstIndex(of: 0) ?? -1)"
        ])
    }

    @Test func aNULInAWindows1252BodyIsFoundAtItsOwnOffset() throws {
        let bytes = Fixtures.windows1252("<p>Acción</p>\n<p>Niño\u{0}</p><p>fin</p>")
        let document = try Document.html(bytes, url: url, declaredCharset: "windows-1252")
        #expect(try document.select("p").map(\.text) == ["Acción", "Niño\u{FFFD}", "fin"])
        #expect(document.warnings.first?.offset == 21)
        #expect(document.warnings.first?.line == 2)
    }

    @Test func aNULInAUTF16BodyIsFoundAtItsOwnOffset() throws {
        let text = "<p>uno</p>\n<p>d\u{0}os</p><p>tres</p>"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        let document = try Document.html(bytes, url: url)
        #expect(try document.select("p").map(\.text) == ["uno", "d\u{FFFD}os", "tres"])
        #expect(document.warnings.first?.offset == 2 + 2 * 15)
        #expect(document.warnings.first?.line == 2)
    }

    @Test func aNULInAnXMLFeedNoLongerMakesItUnparsable() throws {
        let bytes = Array("<tv><programme><title>Cine</title><desc>a".utf8) + [0]
            + Array("b</desc></programme><programme><title>Tras</title></programme></tv>".utf8)
        let document = try Document.xml(bytes, url: url)
        #expect(try document.xpath("//programme").count == 2)
        #expect(document.warnings.map(\.kind) == [.nulBytesReplaced])
    }
}
