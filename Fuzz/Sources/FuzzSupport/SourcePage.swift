import CarteleraModel
import CarteleraScraping

/// A fuzz input read as a page of one source: a header line `<source-id> [yyyy-mm-dd]`, then the page.
///
/// Seeds pair each captured page with its own source, so the fuzzer starts from pages whose selectors match;
/// a header the mutations have broken still picks a definition, by its first byte.
public struct SourcePage {
    /// The definition the page is read with.
    public let definition: CompiledDefinition
    /// The day scraped: the header's, else `FuzzEnvironment.day`.
    public let day: Day
    /// The page's bytes, served for every request the definition makes.
    public let body: [UInt8]

    /// Reads `input` against `definitions`; nil only when there are none.
    public init?(_ input: FuzzInput, definitions: SourceDefinitions) {
        let (lines, body) = input.lines(1)
        let words = lines[0].split(separator: " ")
        guard !definitions.all.isEmpty else { return nil }
        let picked = definitions.all[Int(input.bytes.first ?? 0) % definitions.all.count]
        self.definition = words.first.flatMap { definitions.byID[String($0)] } ?? picked
        self.day = words.dropFirst().first.flatMap { Day(String($0)) } ?? FuzzEnvironment.day
        self.body = body
    }

    /// Scrapes the page as its definition's first channel (or the whole source) on `day`, every request answered with it.
    public func scrape(contentType: String) -> ScrapeOutcome {
        let scraper = makeScraper(for: definition)
        let job = ScrapeJob(days: [day], channels: definition.channelIDs.first.map { [$0] })
        let context = ScrapeContext(
            fetcher: PageFetcher(body: body, contentType: contentType), now: FuzzEnvironment.now, logger: FuzzEnvironment.logger)
        return runBlocking { await scraper.scrape(job, context: context) }
    }
}

/// The definitions in `Scrapers/` of some kinds, loaded once per harness.
public struct SourceDefinitions: Sendable {
    /// Every definition loaded, by id.
    public let all: [CompiledDefinition]
    /// The same, keyed by source id.
    public let byID: [String: CompiledDefinition]

    /// Loads every definition of `kinds`; a definition that does not load stops the harness, since its seeds would be wasted.
    public init(kinds: Set<SourceKind>) {
        var all: [CompiledDefinition] = []
        for id in DefinitionLoader.sourceIDs(in: FuzzEnvironment.scrapersDirectory) {
            do {
                let definition = try DefinitionLoader.load(id, from: FuzzEnvironment.scrapersDirectory)
                if kinds.contains(definition.kind) { all.append(definition) }
            } catch {
                fatalError("\(error)")
            }
        }
        guard !all.isEmpty else { fatalError("no definitions of \(kinds) in \(FuzzEnvironment.scrapersDirectory)") }
        self.all = all
        self.byID = Dictionary(all.map { ($0.source.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
