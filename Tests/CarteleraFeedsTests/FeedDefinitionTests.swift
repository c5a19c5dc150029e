@testable import CarteleraFeeds
import CarteleraModel
import CarteleraQuery
import CarteleraTesting
import Foundation
import Testing

/// Feed definitions: the shipped examples load, and every mistake is named with its file and key.
@Suite struct FeedDefinitionTests {
    @Test func theShippedExamplesLoad() throws {
        let (feeds, problems) = FeedDefinitionLoader.load(folder: RepositoryPaths.packageRoot() + "/Feeds")
        #expect(problems.isEmpty, "\(problems)")
        #expect(feeds.map(\.name) == ["cine-generalistas", "promociones-hoy", "recordatorio-la-promesa", "techno-esta-noche"])
        let cine = try #require(feeds.first)
        #expect(cine.formats.map(\.name) == ["json", "ics", "xmltv"])
        #expect(cine.parameters[.channel].count == 6)
        #expect(feeds.last?.alarmMinutes == 60)
        #expect(feeds.last?.kind == .nights)
    }

    @Test(arguments: [
        ("title: x\nquery: {kind: programmes}\nformats: [json]\ncolour: red\n", "colour", "unknown key"),
        ("query: {kind: programmes}\nformats: [json]\n", "title", "is required"),
        ("title: x\nformats: [json]\n", "query", "is required"),
        ("title: x\nquery: {kind: films}\nformats: [json]\n", "query.kind", "unknown kind films"),
        ("title: x\nquery: {kind: programmes, colour: red}\nformats: [json]\n", "query.colour", "unknown filter"),
        ("title: x\nquery: {kind: programmes, now: maybe}\nformats: [json]\n", "query.now", "expected true or false"),
        ("title: x\nquery: {kind: programmes}\nformats: [pdf]\n", "formats", "unknown format pdf"),
        ("title: x\nquery: {kind: venues}\nformats: [ics]\n", "formats", "ics publishes programmes and nights"),
        ("title: x\nquery: {kind: programmes}\nformats: []\n", "formats", "name at least one"),
        ("title: x\nquery: {kind: programmes}\nformats: [ics]\nalarm_minutes: -5\n", "alarm_minutes", "from 0"),
        ("title: x\nquery: {kind: programmes}\nformats: [ics]\nalarm_minutes: 99999999999999999999\n", "alarm_minutes", "from 0"),
        ("title: x\nquery: {kind: programmes}\nformats: [json]\nhome_page: javascript:alert(1)\n", "home_page", "http or https"),
        ("title: x\nlanguage: spanish!\nquery: {kind: programmes}\nformats: [json]\n", "language", "language tag"),
        ("title: [a, b\n", nil, "not valid YAML"),
    ] as [(String, String?, String)])
    func mistakesAreNamedWithTheirKey(_ yaml: String, _ key: String?, _ message: String) {
        do {
            let definition = try FeedDefinitionLoader.parse(yaml, file: "feed.yaml")
            Issue.record("expected an error, got \(definition)")
        } catch {
            #expect(error.file == "feed.yaml")
            #expect(error.key == key)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func theQueryKeysAreTheDeclaredParametersButOffset() throws {
        for parameter in QueryParameter.all where parameter != .offset {
            let kind = parameter.kinds.contains(.programmes) ? Query.Kind.programmes : parameter.kinds[0]
            let value = parameter.value == .flag ? "true" : "x"
            let yaml = "title: x\nquery: {kind: \(kind.rawValue), \(parameter.name): \(value)}\nformats: [json]\n"
            do {
                let definition = try FeedDefinitionLoader.parse(yaml, file: "feed.yaml")
                #expect(definition.parameters[parameter] == [value == "x" ? "x" : "true"], "\(parameter)")
            } catch {
                Issue.record("\(parameter): \(error)")
            }
        }
        #expect(throws: FeedDefinitionError.self) { try FeedDefinitionLoader.parse("title: x\nquery: {kind: programmes, offset: 3}\nformats: [json]\n", file: "feed.yaml") }
    }

    @Test func aBadQueryIsSaidAsTheDefinitionWritesIt() throws {
        let definition = try FeedDefinitionLoader.parse("title: x\nquery: {kind: programmes, genre: film}\nformats: [json]\n", file: "feed.yaml")
        do {
            _ = try definition.parameters.query(kind: definition.kind, context: QueryContext(now: Timestamp(secondsSince1970: 0), guideZone: ZoneConverter(identifier: "UTC")!))
            Issue.record("genre film was accepted")
        } catch {
            #expect(error.message.text(.definition) == "film is a programme type, not a genre: use type: film")
        }
    }

    @Test func aFeedsFolderThatCannotBeListedIsAProblemAndAMissingOneHasNoFeeds() throws {
        let folder = try TemporaryFolder("feeds-folder")
        let notAFolder = folder.path + "/Feeds"
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: notAFolder))
        let (feeds, problems) = FeedDefinitionLoader.load(folder: notAFolder)
        #expect(feeds.isEmpty)
        #expect(problems.map(\.file) == [notAFolder])
        #expect(problems.first?.message.hasPrefix("the feeds folder cannot be listed") == true)
        let missing = FeedDefinitionLoader.load(folder: folder.path + "/nowhere")
        #expect(missing.feeds.isEmpty && missing.problems.isEmpty)
    }

    @Test func aFileNameThatCannotNameFilesIsRefused() {
        #expect(throws: FeedDefinitionError.self) { try FeedDefinitionLoader.parse("title: x\nquery: {kind: programmes}\nformats: [json]\n", file: "../x.yaml") }
        #expect(throws: FeedDefinitionError.self) { try FeedDefinitionLoader.parse("title: x\nquery: {kind: programmes}\nformats: [json]\n", file: "Mayúsculas.yaml") }
    }

    @Test func aQueryTakesTheCommandLinesFiltersAndDefaultsToEveryItem() throws {
        let definition = try FeedDefinitionLoader.parse(
            "title: x\nquery: {kind: nights, music: [techno, house], tonight: true, near: '40.4,-3.7', within: 3km, guest-list-open: true}\nformats: [json]\n",
            file: "noche.yaml")
        #expect(definition.parameters[.music] == ["techno", "house"])
        #expect(definition.parameters[.tonight] == ["true"] && definition.parameters[.guestListOpen] == ["true"])
        #expect(definition.parameters[.within] == ["3km"])
        #expect(definition.parameters[.limit] == [String(QueryParameters.maximumLimit)])
        #expect(definition.alarmMinutes == 5)
    }
}
