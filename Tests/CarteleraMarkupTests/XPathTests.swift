import CarteleraMarkup
import Testing

@Suite struct XPathTests {
    @Test func expressionsEvaluateRelativeToTheContextNode() throws {
        let document = try Fixtures.html(Fixtures.listing)
        let list = try #require(try document.select("ul").first)
        #expect(try list.xpath("li").count == 5)
        #expect(try list.xpath("li/a").map(\.text) == ["Telediario", "Cine: Acción", "Noticias"])
        #expect(try list.xpath("//td").count == 4)
    }

    @Test func stringResultsCoverStringsNumbersAndBooleans() throws {
        let document = try Fixtures.html(Fixtures.listing)
        let item = try #require(try document.select("li").first)
        #expect(try item.xpathString("string(a/@href)") == "https://x.test/1")
        #expect(try item.xpathString("normalize-space(.)") == "06:00 Telediario")
        #expect(try item.xpathString("count(../li)") == "5")
        #expect(try item.xpathString("boolean(span)") == "true")
        #expect(try item.xpathString("a") == "Telediario")
        #expect(try document.xpathString("string(//title)") == "Guía")
    }

    @Test func aCompiledExpressionIsReusedAcrossDocuments() throws {
        let items = try XPathExpression("//li[@class]")
        #expect(items.source == "//li[@class]")
        let first = try Fixtures.html(#"<li class="a">1</li><li>2</li>"#)
        let second = try Fixtures.html(#"<li class="b">3</li><li class="c">4</li>"#)
        #expect(try first.xpath(items).map(\.text) == ["1"])
        #expect(try second.xpath(items).map(\.text) == ["3", "4"])
        #expect(try second.root?.xpath(items).count == 2)
    }

    @Test func aCompiledExpressionIsSharedSafelyBetweenTasks() async throws {
        let expression = try XPathExpression("//li[contains(@class, 'p')][starts-with(normalize-space(.), 'x')]")
        let page = "<ul>" + String(repeating: #"<li class="p"> x </li>"#, count: 100) + "</ul>"
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { try (0..<20).reduce(0) { total, _ in total + (try Fixtures.html(page).xpath(expression).count) } }
            }
            return try await group.reduce(0, +)
        }
        #expect(counts == 8 * 20 * 100)
    }

    @Test(arguments: ["//li[", "//*[@", "//li[@x='1'", "li]]", "", "//li/@@x"])
    func malformedExpressionsAreInvalidXPath(_ expression: String) {
        do {
            _ = try XPathExpression(expression)
            Issue.record("expected an error for \(expression)")
        } catch {
            #expect(error.kind == .invalidXPath)
            #expect(error.detail.contains("\"\(expression)\""))
        }
    }

    @Test func anExpressionYieldingAValueIsNotANodeSet() throws {
        let document = try Fixtures.html("<p>x</p>")
        do {
            _ = try document.xpath("count(//p)")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .invalidXPath)
            #expect(error.detail == #""count(//p)" yields a value, not nodes; use xpathString"#)
        }
    }

    @Test(arguments: [
        String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000),
        String(repeating: "not(", count: 1_000) + "1" + String(repeating: ")", count: 1_000),
        Array(repeating: "li", count: 5_000).joined(separator: "|"), String(repeating: "/a", count: 3_000),
        "//li[@x='a\u{0}b']", "//li[\n", "//li\u{2028}[",
    ])
    func hostileExpressionsAreInvalidXPathOnOneLine(_ expression: String) {
        do {
            _ = try XPathExpression(expression)
            Issue.record("expected an error for \(expression.prefix(60))")
        } catch {
            #expect(error.kind == .invalidXPath)
            #expect(!error.description.contains("\n"))
            #expect(error.description.count < 400)
        }
    }

    @Test func slashesAndBarsInsideStringLiteralsDoNotCountTowardsTheLimit() throws {
        let literal = String(repeating: "/|", count: 5_000)
        let document = try Fixtures.html("<p title='\(literal)'>x</p><p>y</p>")
        #expect(try document.xpath("//p[@title='\(literal)']").map(\.text) == ["x"])
    }
}
