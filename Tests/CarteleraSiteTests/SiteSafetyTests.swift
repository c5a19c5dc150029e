import CarteleraModel
import Foundation
import Testing

@testable import CarteleraSite

@Suite struct SiteSafetyTests {
    @Test func jsonInsideAScriptCannotEndItOrOpenMarkup() {
        let payload = "</script><script>alert(1)</script>&\u{2028}\u{2029}"
        let safe = SiteJSON.script([("@type", .text("Event")), ("name", .text(payload))])
        #expect(!safe.contains("<") && !safe.contains(">") && !safe.contains("&"))
        #expect(!safe.contains("\u{2028}") && !safe.contains("\u{2029}"))
        #expect(safe.contains("\\u003c/script\\u003e") && safe.contains("\\u2028"))
        let script = SiteJSON.script([("@type", .text("Event")), ("name", .text(SiteFixture.hostile))])
        let decoded = try? JSONSerialization.jsonObject(with: Data(script.utf8)) as? [String: Any]
        #expect(decoded?["name"] as? String == SiteFixture.hostile)
    }

    @Test func hostileStringsAreEscapedAndOnlyWebLinksAreEmitted() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let pages = fixture.publishedFiles().filter { $0.hasSuffix(".html") }
        #expect(pages.count > 50)
        var sawHostileText = false
        for path in pages {
            let html = fixture.text(path)
            #expect(!html.contains("<script>alert"), "\(path)")
            #expect(!html.contains("<img src=x"), "\(path)")
            #expect(!html.lowercased().contains("javascript:"), "\(path)")
            #expect(!html.contains("data:text"), "\(path)")
            #expect(!html.contains("<b>bold</b>"), "\(path)")
            #expect(html.range(of: #"<[^>]*\sonerror="#, options: .regularExpression) == nil, "\(path)")
            #expect(!html.contains("style="), "\(path): no inline style")
            #expect(html.range(of: #"<script(?![^>]*(src=|application/ld\+json))"#, options: .regularExpression) == nil, "\(path): no inline script")
            // Every script element's text is JSON-LD that ends where it should and parses.
            for block in html.components(separatedBy: "<script type=\"application/ld+json\">").dropFirst() {
                let json = block.components(separatedBy: "</script>")[0]
                #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "\(path)")
            }
            if html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") { sawHostileText = true }
        }
        #expect(sawHostileText, "the hostile title is shown as text")
        let night = fixture.text("night/madrid_sala-el-sol_2026-11-25_noche-indie/index.html")
        #expect(night.contains("method=\"post\" action=\"../../api/nights/madrid%2Fsala-el-sol%402026-11-25%23noche-indie/guestlist\""))
        #expect(night.contains("name=\"party_size\"") && night.contains("name=\"contact\"") && night.contains("name=\"name\""))
        #expect(night.contains("cartelera serve"))
        let tonight = fixture.text("tonight/index.html")
        #expect(tonight.contains("Promocionado") && tonight.contains("Patrocina:"))
        #expect(fixture.text("en/tonight/index.html").contains("Sponsored by:"))
    }
}
