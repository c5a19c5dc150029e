import CarteleraMarkup
import Testing

@Suite struct XMLParsingTests {
    @Test func wellFormedXMLKeepsNamesAndText() throws {
        let document = try Fixtures.xml(#"<tv><programme start="20261123060000 +0100" channel="la1"><title>Telediario</title></programme></tv>"#)
        #expect(document.root?.name == "tv")
        let programme = try #require(try document.xpath("//programme").first)
        #expect(programme.attribute("start") == "20261123060000 +0100")
        #expect(try programme.xpathString("string(title)") == "Telediario")
    }

    @Test func garbageIsUnparsableWithLibxml2sMessage() {
        do {
            _ = try Document.xml(Array("this is not xml at all".utf8), url: "https://x.test/feed.xml")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unparsable)
            #expect(error.detail == "Start tag expected, '<' not found")
            #expect(error.line == 1)
            #expect(error.description == "https://x.test/feed.xml: unparsable (line 1): Start tag expected, '<' not found")
        }
    }

    @Test func aTruncatedFeedReportsItsFirstErrorAndLine() {
        do {
            _ = try Fixtures.xml("<tv>\n<programme>\n<title>Cine</title>\n<desc>Una pel")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unparsable)
            #expect(error.detail.contains("Premature end of data"))
            #expect(error.line == 4)
        }
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let markup = #"""
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <r><t>before&xxe;after</t></r>
            """#
        let document = try Fixtures.xml(markup)
        let text = try #require(try document.select("t").first).rawText
        #expect(!text.contains("root:"))
        #expect(text == "beforeafter")
    }

    @Test func theBillionLaughsAreRefused() {
        var declarations = #"<!ENTITY lol "lol">"#
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let markup = "<?xml version=\"1.0\"?><!DOCTYPE lolz [\(declarations)]><lolz>&lol9;</lolz>"
        do {
            let document = try Fixtures.xml(markup)
            // If libxml2 ever accepts it, the text must not be the expanded gigabyte.
            #expect((document.root?.rawText.utf8.count ?? 0) < 1_000_000)
        } catch {
            #expect(error.kind == .hostileMarkup || error.kind == .unparsable)
        }
    }

    @Test func aHundredMegabyteBodyIsRefusedBeforeParsing() {
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 100 * 1_000_000)
        do {
            _ = try Document.xml(body)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .tooLarge)
        }
    }

    @Test func anEmptyBodyIsEmptyForXMLToo() {
        do {
            _ = try Document.xml([])
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .empty)
        }
    }
}
