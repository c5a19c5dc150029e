import CarteleraMarkup
import Testing

@Suite struct CSSSelectorTests {
    private let document: Document

    init() throws {
        document = try Fixtures.html(Fixtures.listing)
    }

    /// The texts of the elements a selector matches, in document order.
    private func texts(_ css: String) throws -> [String] {
        try document.select(css).map(\.text)
    }

    /// The channels of the `li` elements a selector matches, in document order.
    private func channels(_ css: String) throws -> [String] {
        try document.select(css).map { $0.attribute("data-channel") ?? "-" }
    }

    @Test func typeUniversalIdAndClassSelectorsMatch() throws {
        #expect(try document.select("li").count == 5)
        #expect(try document.select("LI").count == 5)
        #expect(try document.select("ul > *").count == 5)
        #expect(try document.select("#main").map(\.name) == ["div"])
        #expect(try channels(".prog") == ["la1-hd", "la2", "cuatro", "-"])
        #expect(try channels("li.prog.live") == ["cuatro"])
        #expect(try document.select(".day").count == 1)
        #expect(try document.select(".schedule.day#main").count == 1)
    }

    @Test func attributeOperatorsMatchLikeBrowsers() throws {
        #expect(try document.select("[data-channel]").count == 4)
        #expect(try channels("[data-channel=la2]") == ["la2"])
        #expect(try channels(#"[data-channel="la2"]"#) == ["la2"])
        #expect(try channels("[data-channel^='la']") == ["la1-hd", "la2"])
        #expect(try channels("[data-channel$=hd]") == ["la1-hd"])
        #expect(try channels("[data-channel*=ua]") == ["cuatro"])
        #expect(try channels("[class~=first]") == ["la1-hd"])
        #expect(try channels("[lang|=es]") == ["la1-hd"])
        #expect(try channels("[data-channel^='']").isEmpty)
        #expect(try document.select("a[href^='https://']").count == 1)
    }

    @Test func combinatorsWalkDescendantsChildrenAndSiblings() throws {
        #expect(try document.select("div a").count == 3)
        #expect(try document.select("div > a").isEmpty)
        #expect(try texts("h1 + p") == ["Intro"])
        #expect(try texts("h1 ~ p") == ["Intro", "Fin", "Nota"])
        #expect(try texts("ul ~ p") == ["Fin", "Nota"])
        #expect(try texts("li.first + li a") == ["Cine: Acción"])
        #expect(try texts("ul>li>span.time") == ["06:00", "07:30", "09:00", "10:00"])
    }

    @Test func structuralPseudoClassesCountElementSiblings() throws {
        #expect(try channels("li:first-child") == ["la1-hd"])
        #expect(try channels("li:last-child") == ["-"])
        #expect(try texts("a:only-child").isEmpty)
        #expect(try texts("title:only-child") == ["Guía"])
        #expect(try texts("em:only-of-type") == ["Resumen"])
        #expect(try channels("li:nth-child(2)") == ["la2"])
        #expect(try channels("li:nth-child(odd)") == ["la1-hd", "cuatro", "-"])
        #expect(try channels("li:nth-child(even)") == ["la2", "tele5"])
        #expect(try channels("li:nth-child(n)").count == 5)
        #expect(try channels("li:nth-child(-n+2)") == ["la1-hd", "la2"])
        #expect(try channels("li:nth-child(3n+2)") == ["la2", "-"])
        #expect(try channels("li:nth-child(-3n+4)") == ["la1-hd", "tele5"])
        #expect(try channels("li:nth-last-child(1)") == ["-"])
        #expect(try texts("p:first-of-type") == ["Intro"])
        #expect(try texts("p:last-of-type") == ["Nota"])
        #expect(try texts("p:nth-of-type(2)") == ["Fin"])
        #expect(try texts("td:nth-of-type(2)") == ["B", "D"])
    }

    @Test func negationEmptinessAndContainsFilterElements() throws {
        #expect(try channels("li:not(.live)") == ["la1-hd", "la2", "tele5", "-"])
        #expect(try channels("li:not(.prog)") == ["tele5"])
        #expect(try channels("li:not([data-channel^=la], :last-child)") == ["cuatro", "tele5"])
        #expect(try texts("p:not(:first-of-type)") == ["Fin", "Nota"])
        #expect(try channels("li:empty") == ["-"])
        #expect(try channels(#"li:contains("Acción")"#) == ["la2"])
        #expect(try channels("li:contains(Noticias)") == ["cuatro"])
        #expect(try document.select(":root").map(\.name) == ["html"])
    }

    @Test func groupsReturnTheUnionInDocumentOrder() throws {
        #expect(try texts("p.outro, h1, span.time:first-child") == ["Hoy", "06:00", "07:30", "09:00", "10:00", "Fin"])
    }

    @Test func selectingFromANodeSearchesItsDescendantsOnly() throws {
        let list = try #require(try document.select("ul.programmes").first)
        #expect(try list.select("li").count == 5)
        #expect(try list.select("ul").isEmpty)
        #expect(try list.select("p").isEmpty)
    }

    @Test func aCompiledSelectorIsReusedAcrossDocumentsAndNodes() throws {
        let selector = try CSSSelector("li.prog > a")
        let other = try Fixtures.html(#"<ul><li class="prog"><a>Otro</a></li></ul>"#)
        #expect(try document.select(selector).map(\.text) == ["Telediario", "Cine: Acción", "Noticias"])
        #expect(try other.select(selector).map(\.text) == ["Otro"])
        let list = try #require(try document.select("ul").first)
        #expect(try list.select(selector).count == 3)
        #expect(try CSSSelector("li.prog > a") == selector)
        #expect(try CSSSelector("li.prog>a") != selector)
    }

    @Test func aCompiledSelectorIsSharedSafelyBetweenTasks() async throws {
        let selector = try CSSSelector("li:nth-child(odd):not(.x) > span")
        let page = "<ul>" + String(repeating: "<li><span>x</span></li>", count: 100) + "</ul>"
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { try (0..<10).reduce(0) { total, _ in total + (try Fixtures.html(page).select(selector).count) } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 10 * 50, count: 8))
    }

    @Test func xmlSelectorsKeepTheCaseOfNames() throws {
        let document = try Fixtures.xml(#"<Guide><Item Kind="a">1</Item><item kind="b">2</item></Guide>"#)
        #expect(try document.select("Item[Kind=a]").map(\.text) == ["1"])
        #expect(try document.select("item").map(\.text) == ["2"])
    }

    @Test(arguments: [
        ("div", "descendant::div"),
        ("UL > li", "descendant::ul/li"),
        ("#main", "descendant::*[@id='main']"),
        (".prog", "descendant::*[contains(concat(' ', normalize-space(@class), ' '), ' prog ')]"),
        ("a[href^='http']", "descendant::a[starts-with(@href, 'http')]"),
        ("h1 + p", "descendant::h1/following-sibling::*[1]/self::p"),
        ("h1 ~ p", "descendant::h1/following-sibling::p"),
        ("li:first-child", "descendant::li[not(preceding-sibling::*)]"),
        ("li:nth-child(2n+1)", "descendant::li[(count(preceding-sibling::*) + 1 - 1) mod 2 = 0]"),
        ("li:nth-child(n+3)", "descendant::li[count(preceding-sibling::*) + 1 >= 3]"),
        ("li:not(.x)", "descendant::li[not(self::*[contains(concat(' ', normalize-space(@class), ' '), ' x ')])]"),
        (#"p:contains("it's")"#, #"descendant::p[contains(., "it's")]"#),
        ("a, b", "descendant::a | descendant::b"),
    ])
    func selectorsTranslateToTheExpectedXPath(_ css: String, _ xpath: String) throws {
        #expect(try CSSSelector(css).xpath == xpath)
    }

    @Test func literalsWithBothQuotesUseConcat() throws {
        let selector = try CSSSelector(#"[title="it's \"x\""]"#)
        #expect(selector.xpath == #"descendant::*[@title=concat('it', "'", 's "x"')]"#)
    }

    @Test(arguments: [
        ("", 0), ("   ", 3), ("div[", 4), ("div[a=", 6), ("div[a='x]", 6), ("li:bogus", 2), ("li:nth-child(x)", 13),
        ("li:nth-child(2", 14), ("a >", 3), ("a,", 2), (",a", 0), ("div::before", 4), ("a:not(.x", 8), (":first-of-type", 0),
        ("a ! b", 2), ("a[x%=1]", 3),
    ])
    func invalidSelectorsNameTheSelectorAndPosition(_ css: String, _ offset: Int) {
        do {
            _ = try CSSSelector(css)
            Issue.record("expected an error for \(css)")
        } catch {
            #expect(error.kind == .invalidSelector)
            #expect(error.detail.contains("\"\(css)\" at offset \(offset):"), "\(error.detail)")
        }
    }
}
