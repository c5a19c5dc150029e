import CarteleraFeeds
import CarteleraQuery
import CarteleraSite
import Foundation
import Testing

/// A feed format is a `FeedWriter` and a line in a registry: one registered here, in the test alone, is accepted by
/// definitions, written by the build and linked by the site's pages, with no other file knowing of it.
@Suite struct FeedFormatRegistryTests {
    /// Each programme's title on a line of its own.
    struct PlainTextFeedWriter: FeedWriter {
        var name: String { "text" }
        var extensions: [String] { ["txt"] }
        var mediaType: String { "text/plain" }
        var kinds: [Query.Kind] { [.programmes] }

        func write(_ job: FeedJob) throws(BuildError) {
            guard case .programmes(let page) = job.answer else { return }
            try job.write(Array(page.rows.map { $0.title + "\n" }.joined().utf8), extension: "txt")
        }
    }

    static let writers = FeedWriters.standard + [PlainTextFeedWriter()]

    @Test func aFormatRegisteredInATestIsPublishedByTheBuildAndLinkedByTheSite() throws {
        let fixture = try SiteFixture()
        let feeds = fixture.folder.path + "/feeds"
        try FileManager.default.createDirectory(atPath: feeds, withIntermediateDirectories: true)
        try "title: Cine\nlanguage: es\nquery: {kind: programmes, type: film}\nformats: [json, text]\n"
            .write(toFile: feeds + "/cine.yaml", atomically: true, encoding: .utf8)
        let context = QueryContext(now: fixture.now, guideZone: fixture.madrid)
        let snapshot = try fixture.store.snapshot()

        let report = try FeedPublisher(engine: try QueryEngine(snapshot: snapshot), feeds: feeds, output: fixture.output, context: context,
                                       writers: Self.writers).build()
        #expect(report.problems.isEmpty)
        #expect(report.written.contains("feeds/cine.txt"))
        let films = fixture.text("feeds/cine.txt").split(separator: "\n")
        let json = try JSONSerialization.jsonObject(with: Data(fixture.text("feeds/cine.json").utf8)) as? [String: Any]
        #expect(!films.isEmpty && films.allSatisfy { $0 == "Cine: Acción en Alcalá" })
        #expect(films.count == (json?["items"] as? [Any])?.count, "the same answer as the feed's JSON Feed")

        let definitions = FeedDefinitionLoader.load(folder: feeds, writers: Self.writers).feeds
        _ = try SiteBuilder(snapshot: snapshot, web: fixture.web, output: fixture.output, context: context, feeds: definitions,
                            options: SiteOptions(workers: 2)).build()
        #expect(fixture.text("index.html").contains("<a href=\"feeds/cine.json\">JSON Feed</a> · <a href=\"feeds/cine.txt\">text</a></li>"),
                "a format without a label in the Web folder is named by its name")
        #expect(fixture.text("index.html").contains("<link rel=\"alternate\" type=\"text/plain\" title=\"Cine (text)\" href=\"feeds/cine.txt\">"))
        #expect(fixture.text("en/index.html").contains("<a href=\"../feeds/cine.txt\">text</a>"))
    }

    @Test func definitionsNameOnlyRegisteredFormatsForTheKindsTheyPublish() {
        func problem(_ yaml: String, file: String, writers: [any FeedWriter]) -> String? {
            do {
                _ = try FeedDefinitionLoader.parse(yaml, file: file, writers: writers)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem("title: Cine\nquery: {kind: programmes}\nformats: [text]\n", file: "cine.yaml", writers: Self.writers) == nil)
        #expect(problem("title: Clubs\nquery: {kind: venues}\nformats: [text]\n", file: "clubs.yaml", writers: Self.writers)
                == "clubs.yaml: formats: text publishes programmes, and this feed's query asks for venues")
        #expect(problem("title: Cine\nquery: {kind: programmes}\nformats: [text]\n", file: "cine.yaml", writers: FeedWriters.standard)
                == "cine.yaml: formats: unknown format text (use json, ics, xmltv)", "the standard registry does not know it")
    }

    @Test func everyStandardFormatHasItsOwnNameAndExtensions() {
        let names = FeedWriters.standard.map(\.name)
        let extensions = FeedWriters.standard.flatMap(\.extensions)
        #expect(names == ["json", "ics", "xmltv"])
        #expect(Set(names).count == names.count && Set(extensions).count == extensions.count)
    }
}
