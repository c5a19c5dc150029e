import CarteleraScraping

/// Pages and a definition for the jsonld tests.
enum JSONLDPage {
    /// A jsonld definition reading one page, in Madrid.
    static let definition = """
        kind: jsonld
        timezone: Europe/Madrid
        city: Madrid
        request:
          url: "https://venue.example/"

        """

    /// An HTML page carrying each block in its own `<script type="application/ld+json">`.
    static func html(_ blocks: [String]) -> String {
        let scripts = blocks.map { "<script type=\"application/ld+json\">\($0)</script>" }.joined(separator: "\n")
        return "<!DOCTYPE html><html><head><title>Sala</title>\(scripts)</head><body><p>Agenda</p></body></html>"
    }

    /// Scrapes a page of `blocks` served at the definition's URL.
    static func scrape(_ blocks: String..., definition: String = definition) async throws -> ScrapeOutcome {
        var harness = try ScrapeHarness()
        try harness.page("https://venue.example/", html(blocks))
        return try await harness.scrape(definition, days: ["2026-11-27"])
    }
}
