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
}
