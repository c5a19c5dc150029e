import CarteleraMarkup
import Testing

/// A page that libxml2 would stop reading part-way fails loudly instead of yielding its first rows only.
@Suite struct NestingDepthTests {
    private let url = "https://guia.test/profundo"

    /// Table rows `06:00 Programa 0` … with `middle` as its own line between the first and the last three.
    private func listing(middle: String) -> String {
        let rows = (0..<6).map { "<tr><td>0\($0):00</td><td>Programa \($0)</td></tr>" }
        return "<html><body><table>\n" + rows[..<3].joined(separator: "\n") + "\n" + middle + "\n"
            + rows[3...].joined(separator: "\n") + "\n</table></body></html>"
    }

    @Test func aRowNestedTenThousandDeepFailsNamingTheURLLineAndLimit() {
        let deep = "<tr><td>" + String(repeating: "<div>", count: 10_000) + "hondo"
            + String(repeating: "</div>", count: 10_000) + "</td></tr>"
        do {
            let document = try Document.html(Array(listing(middle: deep).utf8), url: url)
            Issue.record("expected .tooDeep, got \(try document.xpath("//tr").count) rows")
        } catch {
            #expect(error.kind == .tooDeep)
            #expect(error.line == 5)
            #expect(error.url == url)
            #expect(error.description.hasPrefix("https://guia.test/profundo: tooDeep (line 5): elements nested more than 2048 levels deep"))
        }
    }

    @Test func legacyRowsThatNeverCloseTheirTagsStillAllParse() throws {
        // An unclosed <li><a> per row nests two levels per row: 1 200 levels for 600 rows, past libxml2's
        // default limit of 256 and within ours.
        let rows = (0..<600).map { "<li><a href=/p\($0)>\($0 % 24):00 Programa \($0)" }
        let document = try Document.html(Array(("<ul>" + rows.joined(separator: "\n")).utf8), url: url)
        #expect(try document.xpath("//a").count == 600)
        #expect(try document.xpathString("normalize-space((//a)[last()]/text())") == "23:00 Programa 599")
        #expect(document.warnings.isEmpty)
    }

    @Test func theDepthLimitIsConfigurable() throws {
        let nested = String(repeating: "<div>", count: 60) + "x" + String(repeating: "</div>", count: 60)
        let bytes = Array(listing(middle: "<tr><td>\(nested)</td></tr>").utf8)
        #expect(try Fixtures.titles(Document.html(bytes)).count == 7)
        do {
            _ = try Document.html(bytes, limits: MarkupLimits(maxBytes: 1 << 20, maxDepth: 50))
            Issue.record("expected .tooDeep")
        } catch {
            #expect(error.kind == .tooDeep)
            #expect(error.detail.hasPrefix("elements nested more than 50 levels deep"))
        }
    }

    @Test func xmlNestedPastLibxml2sLimitFailsAsTooDeep() {
        let markup = "<tv>\n" + String(repeating: "<x>", count: 300) + String(repeating: "</x>", count: 300) + "</tv>"
        do {
            _ = try Fixtures.xml(markup)
            Issue.record("expected .tooDeep")
        } catch {
            #expect(error.kind == .tooDeep)
            #expect(error.line == 2)
            #expect(error.detail.contains("256 levels"))
        }
    }

    @Test func anHTMLTextNodeOverTenMegabytesDoesNotEndTheParse() throws {
        let script = "<tr><td><script>" + String(repeating: "x", count: 11_000_000) + "</script></td></tr>"
        let document = try Document.html(Array(listing(middle: script).utf8), url: url)
        #expect(try Fixtures.titles(document) == ["Programa 0", "Programa 1", "Programa 2", "", "Programa 3", "Programa 4", "Programa 5"])
    }

    @Test func anXMLTextNodeOverTenMegabytesFailsInsteadOfYieldingTheProgrammesBeforeIt() {
        let markup = "<tv><programme><desc>" + String(repeating: "x", count: 11_000_000) + "</desc></programme>"
            + "<programme><title>Tras</title></programme></tv>"
        do {
            let document = try Document.xml(Array(markup.utf8), url: url)
            Issue.record("expected an error, got \(try document.xpath("//programme").count) programmes")
        } catch {
            #expect(error.kind == .unparsable)
            #expect(error.url == url)
        }
    }
}
