import CarteleraMarkup
import Testing

@Suite struct HTMLParsingTests {
    @Test func aSimplePageParsesWithImpliedHtmlAndBody() throws {
        let document = try Fixtures.html("<p>Hola</p>")
        #expect(document.root?.name == "html")
        #expect(try document.xpath("/html/body/p").map(\.text) == ["Hola"])
    }

    @Test func elementAndAttributeNamesAreLowercased() throws {
        let document = try Fixtures.html(#"<DIV CLASS="Prog" Data-Id="7">x</DIV>"#)
        let div = try #require(try document.select("DIV").first)
        #expect(div.name == "div")
        #expect(div.attribute("class") == "Prog")
        #expect(div.attribute("DATA-ID") == "7")
    }

    @Test func brokenMarkupIsRepaired() throws {
        let document = try Fixtures.html("<div><p>uno<p>dos</span><b>tres</div><div>cuatro")
        #expect(try document.select("p").map(\.text) == ["uno", "dostres"])
        #expect(try document.select("div").count == 2)
    }

    @Test func aPageTruncatedMidTagStillYieldsItsContent() throws {
        let document = try Fixtures.html("<ul><li>06:00 Telediario</li><li>07:00 Cine</li><li cla")
        #expect(try document.select("li").prefix(2).map(\.text) == ["06:00 Telediario", "07:00 Cine"])
    }

    @Test func unclosedTablesStillYieldRows() throws {
        let document = try Fixtures.html("<table><tr><td>06:00<td>Noticias<tr><td>07:00<td>Cine")
        let rows = try document.xpath("//tr")
        #expect(rows.count == 2)
        #expect(try rows[1].xpathString("normalize-space(td[2])") == "Cine")
    }

    @Test func anEmptyBodyIsAnEmptyError() {
        #expect(throws: MarkupError.self) { try Document.html([]) }
        do {
            _ = try Document.html(Array(" \n\t ".utf8), url: "https://x.test/")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .empty)
            #expect(error.description.contains("https://x.test/"))
        }
    }

    @Test func aBodyOverTheLimitIsRefusedBeforeParsing() {
        do {
            _ = try Document.html(Array(repeating: UInt8(ascii: "a"), count: 101), limits: MarkupLimits(maxBytes: 100))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .tooLarge)
        }
    }

    @Test func theDefaultLimitRefusesABodyOneByteOver32MiB() {
        // Spaces would be an empty body; the size check comes first, so this never reaches libxml2.
        let body = [UInt8](repeating: UInt8(ascii: " "), count: 32 * 1024 * 1024 + 1)
        do {
            _ = try Document.html(body, url: "https://x.test/grande")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.description == "https://x.test/grande: tooLarge: body of 33554433 bytes exceeds the limit of 33554432")
        }
    }

    @Test func documentsParseConcurrentlyInSeparateTasks() async throws {
        let pages = (0..<16).map { "<ul>" + String(repeating: "<li>item \($0)</li>", count: 200) + "</ul>" }
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for page in pages {
                group.addTask { try Fixtures.html(page).select("li").count }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 200, count: 16))
    }

    @Test func nodesKeepTheirDocumentAlive() throws {
        let item = try #require(try Fixtures.html("<ul><li>vivo</li></ul>").select("li").first)
        #expect(item.text == "vivo")
        #expect(item.parent?.name == "ul")
    }
}
