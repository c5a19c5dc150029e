import CarteleraFetch
import Testing

@Suite("RobotsRules")
struct RobotsRulesTests {
    private let agent = "Cartelera/0.1 (+https://github.com/cartelera/cartelera; listings aggregator)"

    @Test("the longest matching rule wins, and Allow wins a tie")
    func longestMatch() {
        let rules = RobotsRules(parsing: """
            User-agent: *
            Disallow: /programacion/
            Allow: /programacion/hoy
            Disallow: /tie
            Allow: /tie
            """)
        #expect(!rules.isAllowed("/programacion/manana", userAgent: agent))
        #expect(rules.isAllowed("/programacion/hoy.html", userAgent: agent))
        #expect(rules.isAllowed("/tie", userAgent: agent))
        #expect(rules.isAllowed("/otra", userAgent: agent))
    }

    @Test("* matches any run of characters and $ anchors the end")
    func wildcards() {
        let rules = RobotsRules(parsing: """
            User-agent: *
            Disallow: /*.pdf$
            Disallow: /buscar*q=
            Disallow: /exacto$
            """)
        #expect(!rules.isAllowed("/docs/parrilla.pdf", userAgent: agent))
        #expect(rules.isAllowed("/docs/parrilla.pdf?v=2", userAgent: agent))
        #expect(!rules.isAllowed("/buscar?canal=1&q=cine", userAgent: agent))
        #expect(rules.isAllowed("/buscar?canal=1", userAgent: agent))
        #expect(!rules.isAllowed("/exacto", userAgent: agent))
        #expect(rules.isAllowed("/exacto/no", userAgent: agent))
    }

    @Test("the group naming our product token beats the * group")
    func specificGroup() {
        let rules = RobotsRules(parsing: """
            User-agent: *
            Disallow: /

            User-agent: OtherBot
            User-agent: cartelera
            Disallow: /privado
            Crawl-delay: 2.5
            """)
        #expect(rules.isAllowed("/guia", userAgent: agent))
        #expect(!rules.isAllowed("/privado", userAgent: agent))
        #expect(!rules.isAllowed("/guia", userAgent: "SomeoneElse/1.0"))
        #expect(rules.crawlDelay(userAgent: agent) == 2.5)
        #expect(rules.crawlDelay(userAgent: "SomeoneElse/1.0") == nil)
    }

    @Test("comments, blank Disallow and unknown lines are ignored; robots.txt itself is always allowed")
    func leniency() {
        let rules = RobotsRules(parsing: "# hola\r\nUser-agent: * # todos\r\nDisallow:\r\nSitemap: https://x/s.xml\r\nNoise\r\n")
        #expect(rules.isAllowed("/anything", userAgent: agent))
        #expect(RobotsRules(parsing: "User-agent: *\nDisallow: /").isAllowed("/robots.txt", userAgent: agent))
        #expect(RobotsRules.allowAll.isAllowed("/", userAgent: agent))
    }

    @Test("a Crawl-delay that is not a plain decimal is ignored, and a huge one is held to a day", arguments: [
        ("2.5", 2.5), ("0", 0), (".5", 0.5), ("99999999999999999999", 86_400), (String(repeating: "9", count: 400), 86_400),
        ("1e400", nil), ("nan", nil), ("NaN", nil), ("inf", nil), ("-5", nil), ("+5", nil), ("0x10", nil), ("1.2.3", nil),
        (".", nil), ("", nil), ("٣", nil), ("5 s", nil),
    ] as [(String, Double?)])
    func hostileCrawlDelay(value: String, seconds: Double?) {
        let rules = RobotsRules(parsing: "User-agent: *\nCrawl-delay: \(value)\n")
        #expect(rules.crawlDelay(userAgent: agent) == seconds)
    }

    @Test("hostile robots.txt text is read without trapping, and what it says still counts", arguments: [
        ("\0\0\0:\0", "/x", true),
        (":::::\n:\n::", "/x", true),
        ("Disallow: /x", "/x", true),
        ("User-agent: *\nDisallow: *", "/x", false),
        ("User-agent: *\nDisallow: $", "/", true),
        ("User-agent: *\nDisallow: /*$", "/a", false),
        ("User-agent: *\nDisallow: " + String(repeating: "*", count: 5000) + "a", "/ba", false),
        ("User-agent: *\nDisallow: /é*ñ$", "/éxñ", false),
        ("User-agent: *\r\r\n\n\rDisallow: /x", "/x", false),
        ("User-agent: *\n" + String(repeating: "#", count: 600 * 1024) + "\nDisallow: /", "/x", true),
        ("User-agent: " + String(repeating: "c", count: 10_000) + "\nDisallow: /", "/x", true),
    ] as [(String, String, Bool)])
    func hostileText(text: String, path: String, allowed: Bool) {
        #expect(RobotsRules(parsing: text).isAllowed(path, userAgent: agent) == allowed)
    }

    @Test("robots.txt bytes that are not UTF-8 are read without trapping")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("User-agent: *\nDisallow: /a".utf8) + [0xff, 0xfe, 0xc3] + Array("\nDisallow: /b\n".utf8)
        let rules = RobotsRules(parsing: String(decoding: bytes, as: UTF8.self))
        #expect(!rules.isAllowed("/b", userAgent: agent))
        #expect(rules.isAllowed("/c", userAgent: agent))
    }
}
