import CarteleraModel
import CarteleraScraping
import Testing

/// How a field reads an element's text: as a reader sees it (the default), or as its XPath string value (`string_value`).
@Suite struct FieldTextTests {
    func definition(description: String) -> String {
        """
        kind: tv-schedule
        timezone: Europe/Budapest
        request:
          url: "https://tv.example/{channel}/{date:yyyy-MM-dd}"
        channels:
          - {id: DuneTV.hu, site_id: "3", name: Dune TV}
        schedule:
          rows: "li"
          fields:
            start: {attr: data-from, format: "yyyy-MM-dd HH:mm:ssZ"}
            title: "h1"
            description: \(description)

        """
    }

    let page = """
        <ul>
        <li data-from="2022-10-28 00:00:46+0200"><h1>A hegyi doktor</h1>
          <div class="d"><p>
            Vinzenz   megpróbálja elszöktetni.<br/>(Eredeti hang digitálisan.)
          </p><script>track()</script></div></li>
        </ul>
        """

    private func description(_ field: String) async throws -> String? {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/3/2022-10-28", page)
        let outcome = try await harness.scrape(definition(description: field), days: ["2022-10-28"])
        #expect(outcome.failures.isEmpty)
        return outcome.extraction.programmes.first?.description
    }

    @Test func aBreakKeepsTheWordsApartAsAReaderSeesThem() async throws {
        #expect(try await description(#""div.d p""#) == "Vinzenz megpróbálja elszöktetni. (Eredeti hang digitálisan.)")
    }

    @Test func theStringValueJoinsTextNodesAsTheyAreWithWhiteSpaceCollapsed() async throws {
        #expect(try await description(#"{select: "div.d p", string_value: true}"#) == "Vinzenz megpróbálja elszöktetni.(Eredeti hang digitálisan.)")
        // The string value of the whole block holds the script's text too, as XPath's string() does.
        #expect(try await description(#"{select: "div.d", string_value: true}"#) == "Vinzenz megpróbálja elszöktetni.(Eredeti hang digitálisan.) track()")
    }

    @Test(arguments: [
        (#"{select: p, string_value: true, lines: true}"#, "use string_value or lines, not both"),
        (#"{select: p, string_value: true, verbatim: true}"#, "use string_value or verbatim, not both"),
    ])
    func stringValueWithAnotherWayOfReadingTextIsRefused(field: String, message: String) throws {
        #expect {
            _ = try DefinitionLoader.parse(definition(description: field), source: "test.example", directory: "/tmp", file: "test.example/source.yaml")
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("schedule.fields.description")
        }
    }
}
