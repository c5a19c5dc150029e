import CarteleraModel
import CarteleraScraping
import CarteleraTesting
import Testing

@Suite struct DefinitionLoaderTests {
    let base = """
        kind: tv-schedule
        timezone: Europe/Madrid
        request:
          url: "https://tv.example/{channel}/{date:yyyy-MM-dd}"
        channels:
          - {id: La1.es, site_id: la1, name: La 1}
        schedule:
          rows: "li.programa"
          fields:
            start: {select: "span.hora", format: "HH:mm"}
            title: "h3"

        """

    func load(_ text: String) throws(DefinitionError) -> CompiledDefinition {
        try DefinitionLoader.parse(text, source: "tv.example", directory: "/tmp", file: "tv.example/source.yaml")
    }

    func message(_ text: String) -> String? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aValidDefinitionCompiles() throws {
        let definition = try load(base)
        #expect(definition.kind == .tvSchedule)
        #expect(definition.channelIDs == ["La1.es"])
        #expect(definition.listingRequests(channel: definition.channels[0], day: Day("2026-11-22")!).map(\.url) == ["https://tv.example/la1/2026-11-22"])
    }

    @Test func anInvalidSelectorNamesItsKeyPath() throws {
        let text = base.replacingOccurrences(of: "\"h3\"", with: "\"h3[title\"")
        let description = try #require(message(text))
        #expect(description.hasPrefix("tv.example: source.yaml schedule.fields.title.select:"))
    }

    @Test func anInvalidRegexNamesItsKeyPath() throws {
        let text = base + "    episode: {select: \"span\", regex: \"(\\\\d+\"}\n"
        let description = try #require(message(text))
        #expect(description.contains("schedule.fields.episode.regex: invalid pattern"))
    }

    @Test func aMisspeltKeyIsAnErrorNotIgnored() throws {
        let text = base.replacingOccurrences(of: "rows:", with: "rowz:")
        let description = try #require(message(text))
        #expect(description.contains("schedule.rowz: unknown key \"rowz\""))
    }

    @Test func anUnknownZoneIsAnError() throws {
        let description = try #require(message(base.replacingOccurrences(of: "Europe/Madrid", with: "Europe/Atlantis")))
        #expect(description.contains("timezone: unknown IANA time zone \"Europe/Atlantis\""))
    }

    @Test func anUnknownPlaceholderIsAnError() throws {
        let description = try #require(message(base.replacingOccurrences(of: "{channel}", with: "{canal}")))
        #expect(description.contains("request.url: unknown placeholder {canal}"))
    }

    @Test func onlyWebAndFileURLsAreAccepted() throws {
        let description = try #require(message(base.replacingOccurrences(of: "https://", with: "gopher://")))
        #expect(description.contains("request.url: only http, https and file URLs"))
    }

    @Test(arguments: [
        ("request:\n  url: \"https://tv.example/{page}\"\n  pages: 9223372036854775807\n", "request.pages: expected a number of pages from 1 to 100, not 9223372036854775807"),
        ("request:\n  url: \"https://tv.example/{page}\"\n  first_page: 9223372036854775807\n", "request.first_page: expected a page number from 0 to 1000000"),
        ("request:\n  url: \"https://tv.example/{page}\"\n  first_page: -1\n", "request.first_page: expected a page number from 0 to 1000000, not -1"),
        ("rules: {default_duration: 9223372036854775807}\n", "rules.default_duration: expected minutes from 1 to 1440"),
        ("fetch: {delay: .inf}\n", "fetch.delay: expected seconds from 0.0 to 3600.0, not inf"),
        ("fetch: {timeout: .nan}\n", "fetch.timeout: expected seconds from 0.0 to 3600.0, not nan"),
        ("fetch: {concurrency: 0}\n", "fetch.concurrency: expected a number of requests from 1 to 64, not 0"),
        ("fetch: {max_body_bytes: -1}\n", "fetch.max_body_bytes: expected a number of bytes from 1 to 1073741824, not -1"),
    ])
    func countsAndDurationsOutOfRangeAreErrorsNamingTheirKey(yaml: String, expected: String) throws {
        let text = base.replacingOccurrences(of: "request:\n  url: \"https://tv.example/{channel}/{date:yyyy-MM-dd}\"\n", with: "") + yaml
        let description = try #require(message(text.contains("request:") ? text : text + "request:\n  url: \"https://tv.example/\"\n"))
        #expect(description.contains(expected), "\(description)")
    }

    @Test func gridPositionsCountFromOne() throws {
        let grid = """
            kind: tv-schedule
            timezone: Europe/Madrid
            request: {url: "https://tv.example/semana"}
            channels: [{id: Local.es, name: Local}]
            schedule:
              grid: {table: "table", day_format: "EEEE d MMMM", header_row: -9223372036854775808, time_column: 0}
              fields: {title: "."}

            """
        #expect(message(grid)?.contains("schedule.grid.header_row: expected a row number from 1 to 1000, not -9223372036854775808") == true)
        #expect(message(grid.replacingOccurrences(of: "header_row: -9223372036854775808", with: "header_row: 1"))?
            .contains("schedule.grid.time_column: expected a column number from 1 to 1000, not 0") == true)
    }

    @Test func expressionsReachTheGridsTableAndTime() throws {
        let grid = """
            kind: tv-schedule
            timezone: Europe/Madrid
            request: {url: "https://tv.example/semana"}
            channels: [{id: Local.es, name: Local}]
            expressions: {week: "table.semana", slot: "normalize-space(.)"}
            schedule:
              grid: {table: "{expr.week}", day_format: "EEEE d MMMM", header_row: 1, time_column: 1, time: {xpath: "{expr.slot}"}}
              fields: {title: "."}

            """
        #expect(message(grid) == nil, "\(message(grid) ?? "")")
        #expect(message(grid.replacingOccurrences(of: "{expr.week}", with: "{expr.nope}"))?.contains("schedule.grid.table: unknown expression {expr.nope}") == true)
    }

    @Test func aNegativeRegexGroupAndAnEmptySplitAreErrors() throws {
        let negative = try #require(message(base + "    episode: {select: \"span\", regex: \"E(\\\\d+)\", group: -1}\n"))
        #expect(negative.contains("schedule.fields.episode.group: the pattern has 1 groups, not -1"))
        let split = try #require(message(base + "    actors: {select: \"span\", split: \"\"}\n"))
        #expect(split.contains("schedule.fields.actors.split: an empty separator splits nothing"))
    }

    @Test func aClubTableOfTooManyPagesIsAnError() throws {
        let clubs = """
            kind: club-listing
            timezone: Europe/Madrid
            city: Madrid
            request: {url: "https://noche.example/"}
            venues: {url: "https://noche.example/clubs/{page}", pages: 9223372036854775807, rows: "article", fields: {name: "h2"}}

            """
        #expect(message(clubs)?.contains("venues.pages: expected a number of pages from 1 to 100") == true)
    }

    @Test func brokenYAMLIsReportedNotCrashedOn() throws {
        let description = try #require(message("kind: [tv-schedule\n  timezone"))
        #expect(description.contains("not valid YAML"))
    }

    @Test func everyDefinitionInTheRepositoryLoads() throws {
        let directory = RepositoryPaths.scrapers()
        let ids = DefinitionLoader.sourceIDs(in: directory)
        #expect(ids.count >= 4)
        for id in ids {
            #expect(throws: Never.self) { _ = try DefinitionLoader.load(id, from: directory) }
        }
    }
}

@Suite struct FetchSectionTests {
    @Test(arguments: [
        ("{delay: -1}", "fetch.delay"), ("{delay: .nan}", "fetch.delay"), ("{timeout: 0}", "fetch.timeout"),
        ("{concurrency: 0}", "fetch.concurrency"), ("{max_body_bytes: 99999999999}", "fetch.max_body_bytes"),
    ])
    func impossibleFetchValuesAreRefusedWithTheirKey(section: String, key: String) throws {
        let yaml = """
            kind: xmltv
            timezone: Europe/Madrid
            request: {url: "https://tv.example/guide.xml"}
            fetch: \(section)
            """
        let error = #expect(throws: DefinitionError.self) { try DefinitionLoader.parse(yaml, source: "tv.example", directory: "/tmp", file: "source.yaml") }
        #expect(error?.description.contains("source.yaml \(key):") == true, "\(error?.description ?? "")")
    }
}
