import CarteleraModel
@testable import CarteleraScraping
import Testing

/// A kind of source is one type in the registry: its keys, its section and its scraper.
@Suite struct SourceKindRegistryTests {
    func message(_ text: String) -> String? {
        do {
            _ = try DefinitionLoader.parse(text, source: "t.example", directory: "/tmp", file: "t.example/source.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    let schedule = """
        kind: tv-schedule
        timezone: UTC
        request: {url: "https://tv.example/{channel}"}
        channels: [{id: A, name: A}]
        schedule: {rows: li, fields: {start: b, title: i}}

        """

    @Test func everyKindIsRegisteredOnceByName() {
        #expect(SourceKinds.names == ["tv-schedule", "xmltv", "tv-audience", "club-listing", "jsonld"])
        #expect(Set(SourceKinds.names).count == SourceKinds.registered.count)
        for name in SourceKinds.names { #expect(SourceKinds.named(name)?.kind.rawValue == name) }
        #expect(SourceKinds.named("tv-guide") == nil)
    }

    @Test func anUnknownKindNamesTheKnownOnes() throws {
        let description = try #require(message(schedule.replacingOccurrences(of: "kind: tv-schedule", with: "kind: tv-guide")))
        #expect(description == "t.example: source.yaml kind: unknown kind \"tv-guide\" (one of tv-schedule, xmltv, tv-audience, club-listing, jsonld)")
        let missing = try #require(message(schedule.replacingOccurrences(of: "kind: tv-schedule\n", with: "")))
        #expect(missing.contains("kind: missing required key \"kind\""))
    }

    @Test func anotherKindsKeyIsRefusedNotIgnored() throws {
        // `venues` belongs to club listings: in a tv-schedule definition it would do nothing.
        let description = try #require(message(schedule + "venues: {rows: div, fields: {name: h2}}\n"))
        #expect(description.contains("venues: unknown key \"venues\""))
        #expect(description.contains("schedule") && !description.contains("known here: audiences"))
        // `city` is a key of two kinds, and each reads it as its own.
        #expect(message(schedule + "city: Madrid\n")?.contains("city: unknown key") == true)
        let jsonld = "kind: jsonld\ntimezone: UTC\nrequest: {url: \"https://v.example/\"}\ncity: Madrid\ncurrency: eur\n"
        #expect(message(jsonld) == nil)
    }

    @Test func theSchemaAcceptsEveryKeyTheWrittenTypesDecode() {
        // The schema is derived from the coding keys: a key added to a written type is accepted with nothing else to edit.
        guard case .scalarOrMap(let fieldKeys) = FieldSpec.schema else { Issue.record("a field may be a scalar or a map"); return }
        #expect(Set(fieldKeys.keys) == Set(FieldSpec.CodingKeys.allCases.map(\.stringValue)))
        guard case .map(let siteKeys) = DefinitionSchema.site(kind: ScheduleSection.self) else { Issue.record("a definition is a map"); return }
        #expect(Set(siteKeys.keys) == Set(SiteDefinition.CodingKeys.allCases.map(\.stringValue)).union(["schedule", "detail"]))
        guard case .map(let clubKeys) = DefinitionSchema.site(kind: ClubListingSection.self) else { Issue.record("a definition is a map"); return }
        #expect(clubKeys["venues"] != nil && clubKeys["schedule"] == nil)
    }

    @Test func eachKindGetsItsOwnSectionAndScraper() throws {
        let definition = try DefinitionLoader.parse(schedule, source: "t.example", directory: "/tmp", file: "t.example/source.yaml")
        #expect(definition.kind == .tvSchedule)
        #expect(definition.section is ScheduleSection)
        #expect(makeScraper(for: definition) is ScheduleScraper)
        let xmltv = try DefinitionLoader.parse("kind: xmltv\ntimezone: UTC\nrequest: {url: \"https://x.example/guide.xml\"}\n", source: "x", directory: "/tmp", file: "x/source.yaml")
        #expect(xmltv.kind == .xmltv && makeScraper(for: xmltv) is XMLTVScraper)
    }

    @Test func expressionsExpandInAnyKindsKeys() throws {
        let text = """
            kind: club-listing
            timezone: Europe/Madrid
            city: Madrid
            expressions: {club: "div.club"}
            request: {url: "https://noche.example/{date:yyyy-MM-dd}"}
            nights: {rows: "{expr.club}", fields: {title: h2, venue: "{expr.club} a"}}
            """
        #expect(message(text) == nil)
        #expect(message(text.replacingOccurrences(of: "{expr.club} a", with: "{expr.clubs} a")) == "t.example: source.yaml nights.fields.venue: unknown expression {expr.clubs} (defined: club)")
    }

    @Test func aNightlifeRunInTheSmallHoursStartsFromTheEveningOnNow() throws {
        let club = try DefinitionLoader.parse(
            "kind: club-listing\ntimezone: Europe/Madrid\ncity: Madrid\nrequest: {url: \"https://noche.example/{date:yyyy-MM-dd}\"}\nnights: {rows: div, fields: {title: h2, venue: a}}\n",
            source: "n.example", directory: "/tmp", file: "n.example/source.yaml")
        let tv = try DefinitionLoader.parse(schedule, source: "t.example", directory: "/tmp", file: "t.example/source.yaml")
        let madrid = try #require(ZoneConverter(identifier: "Europe/Madrid"))
        // 01:30 on Saturday in Madrid: Friday's nights are still on; the TV day is already Saturday.
        let smallHours = madrid.instant(LocalDateTime(day: try #require(Day("2026-11-28")), hour: 1, minute: 30))
        #expect(club.firstDay(at: smallHours) == Day("2026-11-27"))
        #expect(tv.firstDay(at: smallHours).description == tv.dayZone.local(smallHours).day.description)
        // From 06:00 the evening is the calendar day.
        let morning = madrid.instant(LocalDateTime(day: try #require(Day("2026-11-28")), hour: 6, minute: 0))
        #expect(club.firstDay(at: morning) == Day("2026-11-28"))
    }
}
