import CarteleraFeeds
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import CarteleraTesting
import Foundation
import Testing

/// Builds from a small store: what is published, that real parsers and validators accept it, and that calendars
/// keep their events' identity across builds.
@Suite struct FeedPublisherTests {
    static let la1 = Channel(id: "La1.es", name: "La 1", logo: "https://img.example/la1.png", website: "https://www.rtve.es/la1")
    static let la2 = Channel(id: "La2.es", name: "La 2")
    static let films = """
        title: Cine
        language: es
        query: {kind: programmes, type: film, next: 7d, sort: time}
        formats: [json, ics, xmltv]
        """

    private func fixture() throws -> FeedFixture {
        let fixture = try FeedFixture()
        try fixture.commit([
            fixture.programme("La1.es", "2026-11-24 21:00", minutes: 100, "Cine: Amanece, que no es poco", description: "Un pueblo.",
                              url: "https://guide.example/p/1", image: "https://guide.example/i/1.jpg"),
            fixture.programme("La2.es", "2026-11-24 22:00", minutes: 90, "El espíritu de la colmena"),
            fixture.programme("La2.es", "2026-11-25 15:00", minutes: 30, "Telediario", type: .news),
        ], channels: [Self.la1, Self.la2])
        try fixture.feed("cine", Self.films)
        return fixture
    }

    @Test func aBuildPublishesTheGuideAndEachFormatAndALaterOneRewritesOnlyWhatNamesItsMoment() throws {
        let fixture = try fixture()
        let first = try fixture.build(at: "2026-11-24 12:00")
        #expect(first.feeds == ["cine"])
        #expect(Set(first.written).isSuperset(of: ["guide.xml", "guide.xml.gz", "feeds/cine.json", "feeds/cine.ics", "feeds/cine.xml", "feeds/cine.xml.gz"]))
        #expect(first.problems.isEmpty)
        let guide = try fixture.published("guide.xml")
        #expect(guide.components(separatedBy: "<programme ").count - 1 == 3)
        #expect(try fixture.published("feeds/cine.xml").components(separatedBy: "<programme ").count - 1 == 2)

        let modified = try FileManager.default.attributesOfItem(atPath: fixture.output + "/feeds/cine.ics")[.modificationDate] as? Date
        let second = try fixture.build(at: "2026-11-24 12:30")
        // Half an hour later only the answers that name their moment change; every feed and schedule keeps its bytes.
        #expect(second.written == ["api/now.json", "api/tonight.json"], "a build with nothing new rewrote \(second.written)")
        #expect(second.unchanged.count == first.written.count - 2)
        #expect(try FileManager.default.attributesOfItem(atPath: fixture.output + "/feeds/cine.ics")[.modificationDate] as? Date == modified)
    }

    @Test func theGuideIsValidXMLTVForXmllintAndTheXMLTVProjectsValidator() throws {
        let fixture = try fixture()
        _ = try fixture.build(at: "2026-11-24 12:00")
        let guide = fixture.output + "/guide.xml"
        let gzip = try ExternalTool.run("sh", ["-c", "gzip -dc '\(guide).gz' | cmp - '\(guide)'"])
        #expect(gzip.status == 0, "guide.xml.gz is not guide.xml compressed: \(gzip.output)\(gzip.errors)")
        // The XMLTV project's own DTD, installed with xmltv-util; the shared copy too when it is beside the checkout.
        var dtds = ["/usr/share/xmltv/xmltv.dtd"]
        if let shared = RepositoryPaths.shared("xmltv/xmltv.dtd") { dtds.append(shared) }
        for dtd in dtds {
            for file in [guide, fixture.output + "/feeds/cine.xml"] {
                let lint = try ExternalTool.run("xmllint", ["--noout", "--nonet", "--dtdvalid", dtd, file])
                #expect(lint.status == 0, "xmllint --dtdvalid \(dtd) \(file): \(lint.errors)")
            }
        }
        let validate = try ExternalTool.run("tv_validate_file", [guide], environment: ["XMLTV_SUPPLEMENT": "/usr/share/xmltv"])
        #expect(validate.status == 0, "tv_validate_file: \(validate.output)\(validate.errors) (make deps installs xmltv-util)")
        #expect(validate.output.contains("Validated ok"))

        let text = try fixture.published("guide.xml")
        #expect(text.contains(#"<programme start="20261124210000 +0100" stop="20261124224000 +0100" channel="La1.es">"#))
        #expect(text.contains(#"<title lang="es">Cine: Amanece, que no es poco</title>"#))
        #expect(text.contains(#"<star-rating>"#) && text.contains("<value>7.5/10</value>"))
    }

    @Test func calendarsReadTheSameInPythonAndLibicalAndAMovedProgrammeKeepsItsUID() throws {
        let fixture = try fixture()
        _ = try fixture.build(at: "2026-11-24 12:00")
        let ics = fixture.output + "/feeds/cine.ics"
        let before = try #require(try ExternalTool.checkFeeds([ics])[ics] as? [String: Any])["events"] as? [[String: Any]]
        let amanece = try #require(before?.first { ($0["summary"] as? String) == "Cine: Amanece, que no es poco" })
        #expect(amanece["sequence"] as? Int == 0)
        #expect(amanece["start"] as? String == "2026-11-24T20:00:00+00:00")
        #expect(amanece["alarms"] as? [String] == ["-PT5M"])
        #expect(try ExternalTool.libical(ics).count == 2)

        // The source moves the film half an hour later: a new programme id, the same channel and title.
        try fixture.commit([
            fixture.programme("La1.es", "2026-11-24 21:30", minutes: 100, "Cine: Amanece, que no es poco"),
        ], emptying: [(Day("2026-11-24")!, "La1.es")], channels: [Self.la1, Self.la2])
        _ = try fixture.build(at: "2026-11-24 13:00")
        let after = try #require(try ExternalTool.checkFeeds([ics])[ics] as? [String: Any])["events"] as? [[String: Any]]
        let moved = try #require(after?.first { ($0["summary"] as? String) == "Cine: Amanece, que no es poco" })
        #expect(moved["uid"] as? String == amanece["uid"] as? String)
        #expect(moved["sequence"] as? Int == 1)
        #expect(moved["start"] as? String == "2026-11-24T20:30:00+00:00")
        #expect(moved["status"] as? String == "CONFIRMED")
        #expect(after?.count == 2)
        let libical = try ExternalTool.libical(ics)
        #expect(libical.contains("\(amanece["uid"] as? String ?? "") 1 CONFIRMED 20261124T203000Z"))

        // A build with nothing new keeps the sequence.
        _ = try fixture.build(at: "2026-11-24 13:30")
        let again = try #require(try ExternalTool.checkFeeds([ics])[ics] as? [String: Any])["events"] as? [[String: Any]]
        #expect(again?.first { ($0["uid"] as? String) == amanece["uid"] as? String }?["sequence"] as? Int == 1)
    }

    @Test func aProgrammeGoneFromTheStoreIsPublishedAsCancelled() throws {
        let fixture = try fixture()
        _ = try fixture.build(at: "2026-11-24 12:00")
        try fixture.commit([], emptying: [(Day("2026-11-24")!, "La1.es")], channels: [Self.la1, Self.la2])
        _ = try fixture.build(at: "2026-11-24 13:00")
        let ics = fixture.output + "/feeds/cine.ics"
        let events = try #require(try ExternalTool.checkFeeds([ics])[ics] as? [String: Any])["events"] as? [[String: Any]]
        let cancelled = try #require(events?.first { ($0["summary"] as? String) == "Cine: Amanece, que no es poco" })
        #expect(cancelled["status"] as? String == "CANCELLED")
        #expect(cancelled["sequence"] as? Int == 1)
        #expect(try ExternalTool.libical(ics).contains { $0.contains(" 1 CANCELLED ") })
        // The JSON Feed lists what the store has now: no cancelled items.
        #expect(try !fixture.published("feeds/cine.json").contains("Amanece"))
    }

    @Test func theJSONFeedIsValidJSONFeed11WithTheStructuredFields() throws {
        let fixture = try fixture()
        _ = try fixture.build(at: "2026-11-24 12:00")
        let json = fixture.output + "/feeds/cine.json"
        let feed = try #require(try ExternalTool.checkFeeds([json])[json] as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.count == 2)
        let first = try #require(items.first)
        #expect(first["url"] as? String == "https://guide.example/p/1")
        let fields = try #require(first["_cartelera"] as? [String: Any])
        #expect(fields["channel"] as? String == "La1.es")
        #expect(fields["start"] as? String == "2026-11-24T20:00:00Z")
        #expect(fields["promoted"] as? Bool == false)
    }

    @Test func theStaticAPIHasChannelsSchedulesByLocalDayAndNowWithASchemaVersion() throws {
        let fixture = try fixture()
        let report = try fixture.build(at: "2026-11-24 21:30")
        func json(_ relative: String) throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(try fixture.published(relative).utf8)) as? [String: Any]
            #expect(object?["schema_version"] as? Int == 1, "\(relative)")
            return object ?? [:]
        }
        let channels = try #require(try json("api/channels.json")["channels"] as? [[String: Any]])
        #expect(channels.map { ($0["channel"] as? [String: Any])?["id"] as? String } == ["La1.es", "La2.es"])
        #expect(channels.last?["days"] as? [String] == ["2026-11-24", "2026-11-25"])
        let schedule = try json("api/schedule/La2.es/2026-11-24.json")
        #expect(schedule["zone"] as? String == "Europe/Madrid")
        #expect((schedule["programmes"] as? [[String: Any]])?.map { $0["title"] as? String } == ["El espíritu de la colmena"])
        let now = try #require(try json("api/now.json")["channels"] as? [[String: Any]])
        #expect((now.first { $0["channel"] as? String == "La1.es" }?["now"] as? [String: Any])?["title"] as? String == "Cine: Amanece, que no es poco")
        #expect((now.first { $0["channel"] as? String == "La2.es" }?["next"] as? [String: Any])?["title"] as? String == "El espíritu de la colmena")
        #expect(report.written.contains("api/promotions.json") && report.written.contains("api/tonight.json"))
        // The same store at the same moment: not one file rewritten, the API included.
        #expect(try fixture.build(at: "2026-11-24 21:30").written.isEmpty)
    }

    @Test(arguments: ["America/New_York", "Europe/Madrid", "Pacific/Kiritimati"])
    func eachScheduleHoldsExactlyItsLocalDaysProgrammesWhateverTheZonesOffset(zoneName: String) throws {
        // Programmes every three hours over four UTC days, so every local day but the first and last gathers programmes
        // from two UTC days, in a zone behind UTC, one just ahead and one fourteen hours ahead.
        let zone = try #require(ZoneConverter(identifier: zoneName))
        let fixture = try FeedFixture()
        let first = try #require(Day("2026-11-23")).startUTC
        let programmes = (0..<32).map { index in
            let start = first.adding(seconds: Int64(index) * 3 * 3600)
            return Programme(channel: "La1.es", start: start, stop: start.adding(seconds: 3600), timeZone: zoneName, title: "P\(index)",
                             provenance: [Provenance(source: "guide.example")])
        }
        try fixture.commit(programmes, channels: [Self.la1])
        let context = QueryContext(now: first, guideZone: zone)
        let report = try FeedPublisher(engine: try QueryEngine.open(fixture.store), feeds: fixture.feeds, output: fixture.output, context: context).build()
        let expected = Dictionary(grouping: programmes) { zone.local($0.start).day }
        let files = report.written.filter { $0.hasPrefix("api/schedule/") }.sorted()
        #expect(files == expected.keys.sorted().map { "api/schedule/La1.es/\($0).json" })
        for (day, local) in expected {
            let object = try JSONSerialization.jsonObject(with: Data(try fixture.published("api/schedule/La1.es/\(day).json").utf8)) as? [String: Any]
            #expect((object?["programmes"] as? [[String: Any]])?.map { $0["title"] as? String } == local.map(\.title), "\(zoneName) \(day)")
        }
    }

    @Test func hostileTitlesAndLinksAreEscapedInEveryFormat() throws {
        let fixture = try FeedFixture()
        let hostile = "A <b>&amp;</b> \"quoted\"; semi, comma\\back\nline\u{1}\u{7}\u{FFFE} ]]> END:VEVENT"
        try fixture.commit([
            fixture.programme("La1.es", "2026-11-24 21:00", minutes: 60, hostile, description: "BEGIN:VALARM\r\nDESC;x=1:y",
                              url: "javascript:alert(1)", image: "data:text/html,<script>"),
            fixture.programme("La1.es", "2026-11-24 22:00", minutes: 60, String(repeating: "ñ", count: 200), url: "https://x.example/a b"),
        ], channels: [Channel(id: "La1.es", name: "La <1> & \"Uno\"", website: "file:///etc/passwd")])
        try fixture.feed("cine", Self.films)
        _ = try fixture.build(at: "2026-11-24 12:00")
        let files = ["guide.xml", "feeds/cine.xml", "feeds/cine.json", "feeds/cine.ics", "api/schedule/La1.es/2026-11-24.json", "api/channels.json"]
            .map { fixture.output + "/" + $0 }
        for xml in files.prefix(2) {
            let lint = try ExternalTool.run("xmllint", ["--noout", "--nonet", "--dtdvalid", "/usr/share/xmltv/xmltv.dtd", xml])
            #expect(lint.status == 0, "\(xml): \(lint.errors)")
        }
        let read = try ExternalTool.checkFeeds([files[2], files[3]])
        let events = try #require(read[files[3]] as? [String: Any])["events"] as? [[String: Any]]
        #expect(events?.count == 2)
        // The text comes back whole, less the characters none of the formats can carry.
        #expect(events?.contains { ($0["summary"] as? String) == "A <b>&amp;</b> \"quoted\"; semi, comma\\back\nline ]]> END:VEVENT" } == true)
        // The script link is left out; the web link with a space is published percent-encoded.
        #expect(events?.compactMap { $0["url"] as? String }.filter { !$0.isEmpty } == ["https://x.example/a%20b"])
        #expect(try ExternalTool.libical(files[3]).count == 2)
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!text.contains("javascript:") && !text.contains("data:text") && !text.contains("file://"), "\(file) links to a non-web URL")
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && ![0x9, 0xA, 0xD].contains($0.value) }, "\(file) holds a control character")
        }
        let guide = try fixture.published("guide.xml")
        #expect(guide.contains("<display-name lang=\"es\">La &lt;1&gt; &amp; &quot;Uno&quot;</display-name>"))
    }

    @Test func theStaticAPIPublishesOnlyWebLinksOfNightlifeAndAudiencesProvenanceIncluded() throws {
        let fixture = try fixture()
        let hostile = [Provenance(source: "noche.example", url: "javascript:alert(1)"), Provenance(source: "otra.example", url: "https://otra.example/sol")]
        let venue = Venue(id: VenueID(name: "Sala El Sol", city: "Madrid"), name: "Sala El Sol", city: "Madrid", provenance: hostile)
        var night = Night(venue: venue.id, date: Day("2026-11-24")!, title: "Noche Indie",
                          doors: fixture.madrid("2026-11-24 23:30"), timeZone: "Europe/Madrid", provenance: hostile)
        night.performers = [Performer(name: "DJ Uno", url: "data:text/html,<script>")]
        night.otherURLs = ["file:///etc/passwd", "https://otra.example/noche"]
        let list = GuestList(venue: venue.id, night: night.id, date: night.date, declared: .open, provenance: hostile)
        let promotion = Promotion(id: "sol", venue: venue.id, night: night.id, title: "Indie", paid: true, provenance: hostile)
        let day = Day("2026-11-24")!
        let entry = AudienceEntry(channel: "La1.es", channelName: "La 1", title: "Telediario", start: fixture.madrid("2026-11-24 21:00"),
                                  durationMinutes: 60, viewers: 1, share: 1, day: day, rank: 1, provenance: Provenance(source: "a.example", url: "javascript:x()"))
        let share = ChannelShare(channel: "La1.es", channelName: "La 1", day: day, share: 1, change: nil, provenance: Provenance(source: "a.example", url: "vbscript:x"))
        try fixture.commit([
            .venues(city: "madrid"): .venues([venue]), .nights(day: day): .nights(NightsDay(nights: [night], guestLists: [list])),
            .promotions: .promotions([promotion]), .audiences(day: day): .audiences(AudienceDay(entries: [entry], shares: [share])),
        ])
        _ = try fixture.build(at: "2026-11-24 21:30")
        for file in ["api/venues/madrid.json", "api/tonight.json", "api/promotions.json", "api/audiences/2026-11-24.json"] {
            let text = try fixture.published(file)
            #expect(text.contains("sala-el-sol") || text.contains("Telediario"), "\(file) lost its items")
            for scheme in ["javascript:", "data:", "file:", "vbscript:"] {
                #expect(!text.contains(scheme), "\(file) publishes a \(scheme) link")
            }
        }
        #expect(try fixture.published("api/venues/madrid.json").contains("https://otra.example/sol"))
    }

    @Test func anInvalidFeedIsNamedWithItsKeyAndTheOthersAreStillWritten() throws {
        let fixture = try fixture()
        try fixture.feed("roto", "title: Roto\nquery: {kind: programmes, year: abc}\nformats: [json]\n")
        try fixture.feed("desconocido", "title: X\nquery: {kind: nights}\nformats: [xmltv]\n")
        let report = try fixture.build(at: "2026-11-24 12:00")
        #expect(report.feeds == ["cine"])
        #expect(report.problems.contains { $0.hasPrefix("roto.yaml: query.year: abc: ") })
        #expect(report.problems.contains { $0.hasPrefix("desconocido.yaml: formats: xmltv publishes programmes") })
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/feeds/cine.ics"))
    }

    @Test func aCorruptShardFailsABuildThatReadsItNamingItAndLeavesThePublishedFiles() throws {
        let fixture = try fixture()
        _ = try fixture.build(at: "2026-11-24 12:00")
        let guide = try fixture.published("guide.xml")
        let shard = fixture.store.root + "/" + ShardKey.programmes(day: Day("2026-11-24")!, channel: "La2.es").relativePath
        try Data("{\"channel\":\"La2.es\",\"items\":[{\"trunc".utf8).write(to: URL(fileURLWithPath: shard))
        // Without the record of what the last build read, the next one reads every shard again.
        try FileManager.default.removeItem(atPath: fixture.output + "/.cartelera/feeds.json")
        #expect {
            _ = try fixture.build(at: "2026-11-24 12:30")
        } throws: { error in
            (error as? BuildError)?.description.contains("tv/programmes/2026-11-24/La2.es.json") == true
        }
        #expect(try fixture.published("guide.xml") == guide)
    }

    @Test func aCalendarLedgerThatCannotBeReadIsReportedAndTheCalendarStillWritten() throws {
        let fixture = try fixture()
        _ = try fixture.build(at: "2026-11-24 12:00")
        let ledger = fixture.output + "/.cartelera/calendars/cine.json"
        try Data("{\"entries\": [".utf8).write(to: URL(fileURLWithPath: ledger))
        let report = try fixture.build(at: "2026-11-24 12:30")
        #expect(report.failures.count == 1)
        #expect(report.failures.first?.hasPrefix(ledger + ": cannot be read") == true)
        #expect(report.failures.first?.contains("cine.ics starts its events' sequences again") == true)
        let ics = fixture.output + "/feeds/cine.ics"
        let events = try #require(try ExternalTool.checkFeeds([ics])[ics] as? [String: Any])["events"] as? [[String: Any]]
        #expect(events?.count == 2)
        // The ledger is written afresh, so the next build reads it again.
        #expect(try fixture.build(at: "2026-11-24 12:45").failures.isEmpty)
    }

    @Test func aFeedNoLongerDefinedHasItsFilesRemovedAndOtherFilesAreLeftAlone() throws {
        let fixture = try fixture()
        _ = try fixture.build(at: "2026-11-24 12:00")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: fixture.output + "/feeds/notes.txt"))
        try FileManager.default.removeItem(atPath: fixture.feeds + "/cine.yaml")
        let report = try fixture.build(at: "2026-11-24 12:05")
        #expect(Set(report.removed) == ["feeds/cine.json", "feeds/cine.ics", "feeds/cine.xml", "feeds/cine.xml.gz", ".cartelera/calendars/cine.json"])
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/feeds/notes.txt"))
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/guide.xml"))
    }
}
