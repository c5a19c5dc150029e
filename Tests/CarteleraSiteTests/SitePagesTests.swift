import CarteleraFeeds
import CarteleraModel
import CarteleraQuery
import CarteleraTesting
import Foundation
import Testing

@testable import CarteleraSite

/// The home's subscriptions, images, the audience chart, the search index and the label files.
@Suite struct SitePagesTests {
    static let feeds = [
        ("cine.yaml", "title: Cine en las generalistas\nlanguage: es\nquery: {kind: programmes, type: film}\nformats: [json, ics, xmltv]\n"),
        ("films.yaml", "title: Films tonight\nlanguage: en\nquery: {kind: programmes, type: film}\nformats: [json]\n"),
    ]

    @Test func bothHomesListEveryFeedOnceWithALinkPerFormat() throws {
        let fixture = try SiteFixture()
        let feeds = try Self.feeds.map { try FeedDefinitionLoader.parse($0.1, file: $0.0) }
        _ = try SiteBuilder(snapshot: try fixture.store.snapshot(), web: fixture.web, output: fixture.output, context: QueryContext(now: fixture.now, guideZone: fixture.madrid),
                            feeds: feeds, options: SiteOptions(workers: 2)).build()
        let spanish = fixture.text("index.html"), english = fixture.text("en/index.html")
        #expect(spanish.components(separatedBy: "Cine en las generalistas").count == 1 + 3,
                "the title once in the list, and in the head's links to its JSON Feed and its calendar")
        #expect(spanish.contains("<a href=\"feeds/cine.json\">JSON Feed</a> · <a href=\"feeds/cine.ics\">Calendario</a> · <a href=\"feeds/cine.xml\">XMLTV</a></li>"))
        #expect(spanish.contains("<strong lang=\"en\">Films tonight</strong> <span class=\"format\">(en inglés)</span>"))
        #expect(english.contains("<h2>Subscriptions</h2>"))
        #expect(english.contains("<strong lang=\"es\">Cine en las generalistas</strong> <span class=\"format\">(in Spanish)</span>"))
        #expect(english.contains("<a href=\"../feeds/cine.json\">JSON Feed</a> · <a href=\"../feeds/cine.ics\">Calendar</a>"))
        #expect(english.contains("<strong>Films tonight</strong><br><a href=\"../feeds/films.json\">JSON Feed</a></li>"))
    }

    @Test func imagesAreSizedLazyAndDescribedAndAMissingOneLeavesNoImageBehind() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let day = SiteFixture.days[0]
        let show = "programme/La1.es_\(fixture.madrid.instant(LocalDateTime(day: day, hour: 22, minute: 0)).secondsSince1970).html"
        #expect(fixture.text(show).contains(
            "<img class=\"still\" src=\"https://img.example/noche.jpg\" alt=\"Imagen de La noche\" width=\"640\" height=\"360\" loading=\"lazy\" decoding=\"async\">"))
        #expect(fixture.text("en/" + show).contains("alt=\"Still from La noche\""))
        let news = "programme/La1.es_\(fixture.madrid.instant(LocalDateTime(day: day, hour: 7, minute: 0)).secondsSince1970).html"
        #expect(!fixture.text(news).contains("<img"), "a programme without an image has no image element")
        let night = fixture.text("night/madrid_sala-el-sol_2026-11-25_noche-indie/index.html")
        #expect(night.contains("<img class=\"flyer\" src=\"https://img.example/indie.jpg\" alt=\"Cartel de Noche Indie\" width=\"400\" height=\"500\" loading=\"lazy\""))
        #expect(fixture.text("tonight/index.html").contains("alt=\"Cartel de Noche Indie\""))
        // Every image of the site is lazy, sized and described.
        for page in fixture.publishedFiles() where page.hasSuffix(".html") {
            for tag in TVGridTests.matches(#"(<img [^>]*>)"#, in: fixture.text(page)) {
                #expect(tag.contains(" loading=\"lazy\"") && tag.contains(" width=\"") && tag.contains(" height=\"") && !tag.contains("alt=\"\""),
                        "\(page): \(tag)")
            }
        }
    }

    @Test func theShareChartDrawsEachBarAsLongAsItsShareAgainstTheLargest() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let html = fixture.text("audiences/2026-11-24/index.html")
        #expect(html.contains("<ol class=\"bars\">"))
        #expect(TVGridTests.matches(#"<rect x="0" y="0" width="([0-9.]+)" height="10">"#, in: html) == ["100.0", "31.6"])
        #expect(html.contains("<span class=\"value\">9,8 %</span>") && fixture.text("en/audiences/2026-11-24/index.html").contains("<span class=\"value\">9.8 %</span>"))
    }

    @Test func theSearchIndexGivesInstantsForTheScriptAndEveryNightAsItsOwnRow() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let data = try #require(FileManager.default.contents(atPath: fixture.output + "/search-index.json"))
        let index = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [[Any]]])
        let film = try #require(index["programmes"]?.first { $0.first as? String == "Cine: Acción en Alcalá" })
        let start = fixture.madrid.instant(LocalDateTime(day: SiteFixture.days[0], hour: 18, minute: 0)).secondsSince1970
        #expect(film.count == 7 && film[4] as? String == "La 1" && film[5] as? Int == Int(start) && film[6] as? Int == Int(start + 4 * 3600))
        let nights = try #require(index["nights"])
        #expect(nights.count == 2 && nights.allSatisfy { $0.count == 6 && ($0[1] as? String)?.hasPrefix("night/") == true })
        #expect(nights.contains { $0.first as? String == "Noche Indie" && $0[4] as? String == "Sala El Sol" && $0[5] as? String == "2026-11-25" })
    }

    @Test func bothLabelFilesHaveTheSameKeys() throws {
        func keys(_ language: String) throws -> Set<String> {
            let data = try #require(FileManager.default.contents(atPath: "\(fixtureWeb)/labels/\(language).json"))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return Set(object.flatMap { key, value in [key] + ((value as? [String: Any])?.keys.map { "\(key).\($0)" } ?? []) })
        }
        let spanish = try keys("es"), english = try keys("en")
        #expect(spanish == english, "only in es: \(spanish.subtracting(english).sorted()); only in en: \(english.subtracting(spanish).sorted())")
        #expect(Set(SignUpProblem.Reason.allCases.map { "signUpProblems.\($0.rawValue)" }).isSubset(of: spanish))
    }

    @Test func theMapLinkFillsEveryPlaceholderAsFoundationsReplacementDoes() throws {
        let services = [
            "https://www.openstreetmap.org/?mlat={lat}&mlon={lon}#map=17/{lat}/{lon}", "geo:{lat},{lon}", "{lon}{lat}{lat}", "none", "{la{lat}t}/{lon",
            "https://maps.example/\u{1}{lat}", "ñ{lat}é{lon}",
        ]
        for service in services {
            let json = try JSONSerialization.data(withJSONObject: [
                "weekdays": ["l", "m", "x", "j", "v", "s", "d"], "months": (1...12).map(String.init), "dateFormat": "{day}", "shortDateFormat": "{day}",
                "mapService": service, "languageName": "es",
            ] as [String: Any])
            let labels = try SiteLabels(json: json, file: "labels.json")
            let expected = service.replacingOccurrences(of: "{lat}", with: "40.416800").replacingOccurrences(of: "{lon}", with: "-3.703800")
            #expect(labels.mapHref(lat: "40.416800", lon: "-3.703800") == expected, "\(service.debugDescription)")
        }
    }

    private var fixtureWeb: String { RepositoryPaths.packageRoot() + "/Web" }
}
