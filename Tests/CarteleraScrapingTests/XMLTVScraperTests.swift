import CarteleraModel
import CarteleraScraping
import CarteleraTesting
import Foundation
import Testing

@Suite struct XMLTVScraperTests {
    let definition = """
        kind: xmltv
        timezone: Europe/Madrid
        request:
          url: "https://xmltv.example/guide.xml"

        """

    static let samples: [String] = {
        guard let folder = RepositoryPaths.shared("xmltv/samples") else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".xml") }.sorted().map { "\(folder)/\($0)" }
    }()

    @Test(.enabled(if: !samples.isEmpty, "needs ../shared/xmltv"), arguments: samples)
    func everyXMLTVProjectSampleIngestsWithoutError(file: String) async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://xmltv.example/guide.xml", "", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        let outcome = try await harness.scrape(definition, days: ["2001-08-29"])
        #expect(outcome.failures.isEmpty, "\(file): \(outcome.failures)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
        let declared = text.components(separatedBy: "<programme").count - 1
        #expect(outcome.extraction.programmes.count + outcome.warnings.count == declared)
    }

    @Test func fieldsAndOffsetsAreRead() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://xmltv.example/guide.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <tv><channel id="la1"><display-name>La 1</display-name><icon src="https://img.example/la1.png"/></channel>
            <programme start="20261120210000 +0100" stop="20261120223000 +0100" channel="la1">
              <title lang="es">Cine: Mar adentro</title><sub-title>Versión restaurada</sub-title><desc>Drama.</desc>
              <category>Película</category><category>Drama</category><date>2004</date>
              <episode-num system="xmltv_ns">1.4.</episode-num><credits><director>A. Amenábar</director><actor>J. Bardem</actor></credits>
              <rating system="ES"><value>+12</value></rating><star-rating><value>8/10</value></star-rating>
            </programme></tv>
            """)
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        let programme = try #require(outcome.extraction.programmes.first)
        #expect(programme.start.iso8601 == "2026-11-20T20:00:00Z")
        #expect(programme.stop?.iso8601 == "2026-11-20T21:30:00Z")
        #expect(programme.channel == "la1")
        #expect(programme.subtitle == "Versión restaurada")
        #expect(programme.year == 2004)
        #expect(programme.season == 2 && programme.episode == 5)
        #expect(programme.directors == ["A. Amenábar"])
        #expect(programme.rating == Rating(system: "ES", value: "+12"))
        #expect(programme.score == 8)
        #expect(programme.categories == ["Película", "Drama"])
        #expect(outcome.extraction.channels.first?.logo == "https://img.example/la1.png")
    }

    @Test func badTimesAreReportedPerProgrammeAndAllBadIsAFailure() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://xmltv.example/guide.xml", """
            <tv><programme start="2026-11-20 21:00" channel="la1"><title>Uno</title></programme>
            <programme start="20261199210000 +0100" channel="la1"><title>Dos</title></programme></tv>
            """)
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        #expect(outcome.extraction.programmes.isEmpty)
        let failure = try #require(outcome.failures.first)
        #expect(failure.kind == .badTime)
        #expect(failure.description.contains("unreadable start \"2026-11-20 21:00\""))
    }

    @Test func episodeNumbersAndRatingsOutOfRangeAreDroppedAndTheProgrammeKept() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://xmltv.example/guide.xml", """
            <tv><programme start="20261120210000 +0100" channel="la1"><title>Serie</title>
              <episode-num system="xmltv_ns">9223372036854775807.99999999999999999999.</episode-num>
              <star-rating><value>150/10</value></star-rating></programme>
            <programme start="20261120220000 +0100" channel="la1"><title>Otra</title>
              <episode-num system="xmltv_ns">9223372036854775806 . 3/10 . 0/1</episode-num></programme></tv>
            """)
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        let programmes = outcome.extraction.programmes
        #expect(programmes.map(\.title) == ["Serie", "Otra"])
        #expect(programmes[0].season == nil && programmes[0].episode == nil && programmes[0].score == nil)
        #expect(programmes[1].season == 9_223_372_036_854_775_807 && programmes[1].episode == 4)
        let prefix = "test.example: https://xmltv.example/guide.xml: programme 1 (Serie)"
        #expect(outcome.warnings == [
            "\(prefix): episode-num season \"9223372036854775807\" is beyond the largest whole number: dropped",
            "\(prefix): episode-num episode \"99999999999999999999\" is beyond the largest whole number: dropped",
            "\(prefix): star-rating \"150/10\" is outside 0 to 10: dropped",
        ])
    }

    @Test func anExternalEntityIsNeverLoaded() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://xmltv.example/guide.xml", """
            <?xml version="1.0"?>
            <!DOCTYPE tv [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <tv><programme start="20261120210000 +0100" channel="la1"><title>Antes &secret; después</title></programme></tv>
            """)
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        for programme in outcome.extraction.programmes { #expect(!programme.title.contains("root:")) }
    }

    @Test func anEntityBombIsRefusedWithAClearError() async throws {
        var entities = "<!ENTITY a0 \"lol\">"
        for level in 1...10 { entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
        var harness = try ScrapeHarness()
        try harness.page("https://xmltv.example/guide.xml", "<?xml version=\"1.0\"?><!DOCTYPE tv [\(entities)]><tv><programme start=\"20261120210000\" channel=\"x\"><title>&a10;</title></programme></tv>")
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        let failure = try #require(outcome.failures.first)
        #expect(failure.kind == .markup)
        #expect(failure.description.contains("test.example"))
    }

    @Test func aFileThatIsNotXMLTVIsNamedAsSuch() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://xmltv.example/guide.xml", "<rss><channel/></rss>")
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        #expect(outcome.failures.first?.description.contains("not an XMLTV file") == true)
    }
}

@Suite struct XMLTVTimeTests {
    @Test(arguments: [
        ("20010829000500 BST", "2001-08-28T23:05:00Z"), ("19880523083000 +0300", "1988-05-23T05:30:00Z"),
        ("200209", "2002-09-01T00:00:00Z"), ("20261120210000", "2026-11-20T21:00:00Z"), ("20261120210000 -05:00", "2026-11-21T02:00:00Z"),
    ])
    func formsOfTheDTD(text: String, utc: String) {
        #expect(XMLTVTime.parse(text)?.iso8601 == utc)
    }

    @Test(arguments: ["", "202", "2026112", "20261332000000", "20261120210000 +01", "20261120210000 XYZ", "abcdefgh"])
    func malformedTimesAreRejected(text: String) {
        #expect(XMLTVTime.parse(text) == nil)
    }
}
