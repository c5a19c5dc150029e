import CarteleraMarkup
import Testing

@Suite struct NodeTests {
    @Test func textCollapsesNewlinesTabsAndNonBreakingSpaces() throws {
        let document = try Fixtures.html("<p>\n\t Cine:&nbsp;&nbsp;Acción \r\n  <b>estreno</b>\u{00A0}</p>")
        let paragraph = try #require(try document.select("p").first)
        #expect(paragraph.text == "Cine: Acción estreno")
        #expect(paragraph.rawText.contains("\u{00A0}\u{00A0}"))
    }

    @Test func attributesAreListedInOrderAndLookedUpByName() throws {
        let document = try Fixtures.html(#"<a href="/ficha?id=1&amp;d=2" title='Cine' data-x>t</a>"#)
        let link = try #require(try document.select("a").first)
        #expect(link.attribute("href") == "/ficha?id=1&d=2")
        #expect(link.attribute("missing") == nil)
        #expect(link.attributes.map(\.name) == ["href", "title", "data-x"])
        #expect(link.attributes.map(\.value) == ["/ficha?id=1&d=2", "Cine", ""])
    }

    @Test func childrenAreElementsOnlyAndParentsLeadBackUp() throws {
        let document = try Fixtures.html("<ul> text <li>a</li><!-- c --><li>b</li></ul>")
        let list = try #require(try document.select("ul").first)
        #expect(list.children.map(\.text) == ["a", "b"])
        #expect(list.children.first?.parent?.name == "ul")
        #expect(document.root?.parent == nil)
    }

    @Test func attributeNodesFromXPathCarryTheirValue() throws {
        let document = try Fixtures.html(#"<a href="/1">x</a><a href="/2">y</a>"#)
        let hrefs = try document.xpath("//a/@href")
        #expect(hrefs.map(\.name) == ["href", "href"])
        #expect(hrefs.map(\.text) == ["/1", "/2"])
        #expect(hrefs.first?.parent?.name == "a")
    }

    @Test func outerAndInnerMarkupUseHTMLSerialization() throws {
        let document = try Fixtures.html(#"<div class="a"><br><b>Acción</b></div>"#)
        let div = try #require(try document.select("div").first)
        #expect(div.outerMarkup == #"<div class="a"><br><b>Acción</b></div>"#)
        #expect(div.innerMarkup == "<br><b>Acción</b>")
    }

    @Test func xmlMarkupUsesXMLSerialization() throws {
        let document = try Fixtures.xml(#"<tv><programme start="1"><title lang="es">Acción</title><x/></programme></tv>"#)
        let programme = try #require(try document.select("programme").first)
        #expect(programme.innerMarkup == #"<title lang="es">Acción</title><x/>"#)
    }
}
