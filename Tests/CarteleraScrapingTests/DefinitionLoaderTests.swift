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
