import CarteleraMarkup
import Testing

/// Selectors from outside (a definition file, a command line) fail with a `MarkupError` naming the selector
/// and the position, never a trap, and in time that grows with their length only.
@Suite struct CSSSelectorHostileInputTests {
    /// The error a selector fails with, or nil (with an issue recorded) when it compiles.
    private func failure(_ css: String) -> MarkupError? {
        do {
            let selector = try CSSSelector(css)
            Issue.record("expected an error for \(css.prefix(80)), got \(selector.xpath.prefix(80))")
            return nil
        } catch {
            #expect(error.kind == .invalidSelector)
            #expect(!error.description.contains("\n"))
            return error
        }
    }

    @Test(arguments: [
        ("li:nth-child(99999999999999999999n+1)", 13), ("li:nth-child(-n+99999999999999999999)", 13),
        ("li:nth-of-type(9223372036854775807)", 15), ("li:nth-last-of-type(-9223372036854775808n)", 20),
        ("li:nth-child(2147483648)", 13),
        // Int.min was accepted as a coefficient and trapped when negated for the XPath.
        ("li:nth-child(-9223372036854775808n+1)", 13),
    ])
    func nthArgumentsBeyondAnyRealSiblingCountAreOutOfRange(_ css: String, _ offset: Int) {
        #expect(failure(css)?.detail.contains("at offset \(offset): an+b argument") == true)
        #expect(failure(css)?.detail.contains("is out of range") == true)
    }

    @Test func nthArgumentsAtTheLimitStillCompileAndMatchNothing() throws {
        let document = try Fixtures.html(Fixtures.listing)
        #expect(try document.select("li:nth-child(2147483647n+2147483647)").isEmpty)
        let second = try document.select("li:nth-child(-2147483647n+2)")
        #expect(second.map { $0.attribute("data-channel") ?? "-" } == ["la2"])
    }

    @Test(arguments: [
        (#"a[title="x"#, 8), (#"a:contains("x"#, 11), ("a:not(.b", 8), ("a[", 2), ("a:nth-child(", 12), ("a:not(", 6),
        (#"a[title='x\"#, 11), ("a\\", 2),
    ])
    func unterminatedStringsAndBracketsNameThePosition(_ css: String, _ offset: Int) {
        #expect(failure(css)?.detail.contains("at offset \(offset):") == true)
    }

    @Test func negationsNestedBeyondTheLimitAreRefusedWithoutDeepRecursion() throws {
        let allowed = String(repeating: "li:not(", count: 32) + ".x" + String(repeating: ")", count: 32)
        #expect(try CSSSelector(allowed).xpath.hasPrefix("descendant::li[not(self::li[not("))
        let nested = String(repeating: ":not(", count: 40) + "a" + String(repeating: ")", count: 40)
        #expect(failure("li" + nested)?.detail.contains("nested more than 32 deep") == true)
        let hostile = String(repeating: ":not(", count: 20_000)
        #expect(failure("li" + hostile)?.detail.contains("longer than 1024 characters") == true)
    }

    @Test(arguments: [
        String(repeating: "a", count: 100_000), String(repeating: "a, ", count: 33_334),
        String(repeating: "div > ", count: 16_667) + "a", String(repeating: ".x", count: 50_000),
    ])
    func selectorsOfAHundredThousandCharactersAreRefusedAtTheLimit(_ css: String) throws {
        let error = try #require(failure(css))
        #expect(error.detail.contains("at offset 1024: longer than 1024 characters"))
        #expect(error.detail.count < 300)
    }

    @Test func theLongestAcceptedGroupCompilesAndRuns() throws {
        let group = Array(repeating: "li", count: 256).joined(separator: ", ")
        #expect(group.count <= CSSSelector.maxLength)
        #expect(try Fixtures.html(Fixtures.listing).select(group).count == 5)
    }

    @Test(arguments: [
        "名前", "li.ünïcödé", "💥", "עברית > a", "e\u{301}", "\u{FEFF}li", "li\u{2003}a", "[data-x=\"\u{0}\"]",
        "\\0", "\\D800", "\\110000", "\\31 23", "li[title=\"\u{2028}\"]", "a\u{0}b",
    ])
    func oddUnicodeCompilesOrFailsCleanly(_ css: String) throws {
        let document = try Fixtures.html(Fixtures.listing)
        do {
            let selector = try CSSSelector(css)
            #expect(!selector.xpath.contains("\u{0}"))
            _ = try document.select(selector)
        } catch {
            #expect(error.kind == .invalidSelector)
            #expect(!error.description.contains("\n"))
            #expect(!error.description.contains("\u{2028}"))
        }
    }

    @Test func nonASCIINamesMatchThroughLocalName() throws {
        let document = try Fixtures.xml("<guía><programa título=\"sí\">Cine</programa></guía>")
        #expect(try document.select("programa[título=sí]").map(\.text) == ["Cine"])
        #expect(try document.select("guía > programa").count == 1)
    }

    @Test func aNULInASelectorStandsForAReplacementCharacter() throws {
        #expect(try CSSSelector("[title=\"a\u{0}b\"]").xpath == "descendant::*[@title='a\u{FFFD}b']")
        #expect(try CSSSelector("[title=\"a\\0 b\"]").xpath == "descendant::*[@title='a\u{FFFD}b']")
    }

    @Test(arguments: [
        (#"a[title="\1b"]"#, 9, "U+001B"), ("p[title=\"x\u{1}\"]", 10, "U+0001"), (#"\1b"#, 0, "U+001B"),
        ("li\u{FFFF}", 2, "U+FFFF"), ("li:contains(a\u{8})", 13, "U+0008"), (#"li:contains("\fffe")"#, 13, "U+FFFE"),
    ])
    func charactersXMLNeverHoldsAreRefusedByName(_ css: String, _ offset: Int, _ character: String) {
        // These compiled to XPath that libxml2 refused with "nested too deeply?", which misled (found by fuzzing).
        let detail = failure(css)?.detail ?? ""
        #expect(detail.contains("at offset \(offset): \(character) is not a character XML text can hold"))
    }

    /// Inputs the selector fuzzer once reported (Fuzz/Sources/fuzz-selectors): each compiles and runs on both
    /// kinds of document, in a row as from the top.
    @Test(arguments: [
        ("div[class^='div_epis" + String(repeating: "#", count: 78) + "(" + String(repeating: "#", count: 15) + "ode_'] strong",
         "descendant::div[starts-with(@class, 'div_epis" + String(repeating: "#", count: 78) + "(" + String(repeating: "#", count: 15) + "ode_')]/descendant::strong"),
        ("\u{3D7}\u{457}2.u.h.hr",
         "descendant::*[local-name()='\u{3D7}\u{457}2'][contains(concat(' ', normalize-space(@class), ' '), ' u ')]"
            + "[contains(concat(' ', normalize-space(@class), ' '), ' h ')][contains(concat(' ', normalize-space(@class), ' '), ' hr ')]"),
    ])
    func selectorsTheFuzzerFoundRunOnEveryDocument(_ css: String, _ xpath: String) throws {
        let selector = try CSSSelector(css)
        #expect(selector.xpath == xpath)
        let html = try Fixtures.html(Fixtures.listing)
        #expect(try html.select(selector).isEmpty)
        let row = try #require(try html.select("li").first)
        #expect(try row.select(selector).isEmpty)
        #expect(try Fixtures.xml("<tv><div class='div_epis'><strong>x</strong></div></tv>").select(selector).isEmpty)
    }
}
