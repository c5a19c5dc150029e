import CarteleraModel
import Foundation
import Testing

@testable import CarteleraSite

/// Tonight, the club lists and a club's page as readers see them: every card saying what it is about, nothing
/// dangling, nothing leading to an empty page, only clubs listed as clubs.
@Suite struct NightlifePagesTests {
    @Test func aClubsUpcomingNightsSayWhichEveningTheyAre() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let club = fixture.text("club/madrid_sala-el-sol/index.html")
        // On the club's own page a card does not name the club again.
        #expect(club.contains("<p class=\"meta\"><span class=\"when\">miércoles 25</span>&nbsp;· Apertura <time datetime=\"2026-11-25T23:30:00Z\">jueves 26 · 00:30</time>"
                              + "&nbsp;· Indie&nbsp;· 10 €</p>"), "\(club)")
        #expect(fixture.text("en/club/madrid_sala-el-sol/index.html").contains("<p class=\"meta\"><span class=\"when\">Wednesday 25</span>"))
    }

    @Test func tonightsCardsShowMusicPriceAndFreeEntryAndThePromotedOneItsClubAndWhen() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let tonight = fixture.text("tonight/index.html")
        #expect(tonight.contains("<time datetime=\"2026-11-25T23:30:00Z\">jueves 26 · 00:30</time>&nbsp;· Indie&nbsp;· 10 €</p>"), "\(tonight)")
        #expect(tonight.contains("jueves 26 · 00:30</time>&nbsp;· Techno&nbsp;· Entrada gratis</p>"))
        // The paid promotion is for Noche Indie at Sala El Sol, whose doors open at 00:30 on Thursday.
        let featured = try #require(tonight.components(separatedBy: "<section class=\"featured\">").last?.components(separatedBy: "</section>").first)
        #expect(featured.contains("<p class=\"meta\"><a href=\"../club/madrid_sala-el-sol/index.html\">Sala El Sol</a>&nbsp;· <time datetime=\"2026-11-25T23:30:00Z\">jueves 26 · 00:30</time></p>"),
                "\(featured)")
        #expect(fixture.text("en/tonight/index.html").contains("Sala El Sol</a>&nbsp;· <time datetime=\"2026-11-25T23:30:00Z\">Thursday 26 · 00:30</time></p>"))
    }

    @Test func aCityWithNoNightTonightIsNamedWithItsZeroButNotLinked() throws {
        let fixture = try SiteFixture(secondCity: true)
        try fixture.build()
        let tonight = fixture.text("tonight/index.html")
        #expect(tonight.contains("<li><span class=\"empty\">Valencia</span> <span class=\"count\">(0)</span></li>"), "\(tonight)")
        #expect(!tonight.contains("href=\"../tonight/valencia/index.html\""))
        #expect(tonight.contains("<a href=\"../tonight/bilbao/index.html\">Bilbao</a> <span class=\"count\">(1)</span>"))
        // Its own page still exists for a bookmark, and names itself as the current one.
        #expect(fixture.text("tonight/valencia/index.html").contains("<a href=\"../../tonight/valencia/index.html\" aria-current=\"page\">Valencia</a>"))
    }

    @Test func placesEventsOnlyNameAreNotListedAsClubsAndTheirNightsStillAre() throws {
        let fixture = try SiteFixture(places: true)
        try fixture.build()
        let files = fixture.publishedFiles()
        let clubs = fixture.text("clubs/index.html")
        for place in ["Plaza Mayor", "Calle Huertas 10", "Sala Dos, Madrid, ES", "Madrid, Comunidad de Madrid"] {
            #expect(!clubs.contains(place), "\(place) is listed as a club")
        }
        for id in ["madrid_plaza-mayor", "madrid_calle-huertas-10", "madrid_sala-dos-madrid-es", "madrid_madrid-comunidad-de-madrid"] {
            #expect(!files.contains("club/\(id)/index.html"), "\(id) has a club page")
        }
        #expect(clubs.contains(">Sala El Sol</a>") && clubs.contains(">Club Sin Música</a>"))
        let tonight = fixture.text("tonight/index.html")
        #expect(tonight.contains("<p class=\"meta\">Plaza Mayor</p>") && tonight.contains("<p class=\"meta\">Calle Huertas 10</p>"), "\(tonight)")
        #expect(tonight.contains("Concierto de gira") && tonight.contains("<p class=\"meta\">Sala Dos, Madrid, ES</p>"), "\(tonight)")
        let search = String(decoding: try #require(FileManager.default.contents(atPath: fixture.output + "/search-index.json")), as: UTF8.self)
        #expect(!search.contains("club/madrid_plaza-mayor") && search.contains("\"Teatro en la calle\""))
    }

    @Test func noSeparatorIsLeftDanglingWhereAFieldIsEmpty() throws {
        let fixture = try SiteFixture(places: true)
        try fixture.build()
        // A club without music: its city alone, no separator after it.
        #expect(fixture.text("clubs/index.html").contains(">Club Sin Música</a> <span class=\"meta\">Madrid</span></li>"))
        let dangling = try NSRegularExpression(pattern: #"<(p|span|dd|li)( [^>]*)?>\s*·|·\s*</(p|span|dd|li)>"#)
        for page in fixture.publishedFiles() where page.hasSuffix(".html") {
            let html = fixture.text(page)
            let match = dangling.firstMatch(in: html, range: NSRange(html.startIndex..., in: html))
            #expect(match == nil, "\(page): \(match.flatMap { Range($0.range, in: html).map { String(html[$0]) } } ?? "")")
        }
    }
}
