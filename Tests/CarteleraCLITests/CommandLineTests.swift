import CarteleraModel
import CarteleraStore
import CarteleraTesting
import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func helpListsTheCommandsAndExitCodes() throws {
        let result = try CLIRunner.run(["--help"])
        #expect(result.status == 0)
        for text in ["run", "scrape", "build", "sources", "corpus", "demo", "0  all good", "1  something failed", "2  bad usage", "3  another run holds"] {
            #expect(result.stdout.contains(text), "help lacks \(text)")
        }
    }

    @Test func versionPrintsTheRelease() throws {
        let result = try CLIRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: ".").count == 3)
    }

    @Test func badUsageExitsTwoWithOneMessage() throws {
        let unknown = try CLIRunner.run(["scrape", "--no-such-flag"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Unknown option '--no-such-flag'"))
        let days = try CLIRunner.run(["scrape", "--days", "0"])
        #expect(days.status == 2)
        #expect(days.stderr.contains("--days must be from 1 to 31"))
        let source = try CLIRunner.run(["sources", "test", "no.such.source"])
        #expect(source.status == 2)
        #expect(source.stderr.contains("unknown source \"no.such.source\""))
        let corpus = try CLIRunner.run(["corpus", "check", "/nonexistent"])
        #expect(corpus.status == 2)
        #expect(corpus.stderr.contains("/nonexistent holds no corpus"))
        let sampleServer = try CLIRunner.run(["run", "--sample-server", "http://example.com:80"])
        #expect(sampleServer.status == 2)
        #expect(sampleServer.stderr.contains("--sample-server must be a loopback URL"))
        let pages = try CLIRunner.run(["build", "--programme-pages=-1"])
        #expect(pages.status == 2)
        #expect(pages.stderr.contains("--programme-pages takes a count of 0 or more, not -1"))
        let siteURL = try CLIRunner.run(["run", "--site-url", "javascript:alert(1)"])
        #expect(siteURL.status == 2)
        #expect(siteURL.stderr.contains("--site-url takes an http(s) address"))
        let feedsOnly = try CLIRunner.run(["build", "--only", "feeds", "--mustache-only"])
        #expect(feedsOnly.status == 2)
        #expect(feedsOnly.stderr.contains("--mustache-only is an option of the site, which --only feeds leaves out"))
    }

    @Test func sourcesListShowsEverySource() throws {
        let result = try CLIRunner.run(["sources", "list", "--json"])
        #expect(result.status == 0)
        struct Row: Decodable {
            var id: String
            var channels: Int?
            var error: String?
        }
        let rows = try JSONDecoder().decode([Row].self, from: Data(result.stdout.utf8))
        let ids = rows.map(\.id)
        #expect(ids.contains("guia-tv.example"))
        #expect(ids.contains("xmltv.example"))
        #expect(rows.first { $0.id == "guia-tv.example" }?.channels == 8)
        #expect(rows.count >= 40 && rows.allSatisfy { $0.error == nil })
    }

    @Test func sourcesTryShowsRequestsSelectorsAndItems() throws {
        let table = try CLIRunner.run(["sources", "try", "guia-tv.example", "--case", "1"])
        #expect(table.status == 0, "\(table.stderr)")
        for heading in ["Requests", "Selectors", "Items ("] { #expect(table.stdout.contains(heading)) }
        #expect(table.stdout.contains("schedule.rows"))
        let json = try CLIRunner.run(["sources", "try", "teatro-norte.example", "--case", "agenda", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        struct Report: Decodable {
            struct Request: Decodable { var url: String; var status: Int? }
            var requests: [Request]
            var items: [[String: AnyDecodable]]
            var warnings: [String]
        }
        struct AnyDecodable: Decodable { init(from decoder: any Decoder) throws {} }
        let report = try JSONDecoder().decode(Report.self, from: Data(json.stdout.utf8))
        #expect(report.requests.map(\.url) == ["https://teatro-norte.example/agenda"])
        #expect(report.requests.first?.status == 200)
        #expect(report.items.count == 15)
        #expect(report.warnings.contains { $0.contains("read after repair") })
        let unknown = try CLIRunner.run(["sources", "try", "guia-tv.example", "--channel", "nope", "--case", "1"])
        #expect(unknown.status == 2)
    }

    @Test(.enabled(if: RepositoryPaths.shared("corpus/tv-new") != nil, "needs ../shared/corpus"))
    func sourcesTryOnACorpusSiteShowsBodiesAndTriesOneLanguage() throws {
        let corpus = try #require(RepositoryPaths.shared("corpus/tv-new"))
        let table = try CLIRunner.run(["sources", "try", "web.magentatv.de", "--corpus", corpus])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("warning: the corpus has no captured session answer"))
        #expect(table.stdout.contains(#"listing body: {"count":-1,"#), "\(table.stdout)")
        struct Report: Decodable {
            struct Request: Decodable { var url: String; var body: String? }
            var requests: [Request]
            var warnings: [String]
        }
        let magenta = try CLIRunner.run(["sources", "try", "web.magentatv.de", "--corpus", corpus, "--json"])
        let magentaReport = try JSONDecoder().decode(Report.self, from: Data(magenta.stdout.utf8))
        #expect(magentaReport.requests.first?.body?.contains(#""channelid":"255""#) == true)
        #expect(magentaReport.warnings.first?.hasPrefix("the corpus has no captured session answer") == true)
        // The channel is listed once per language: only the first language's answer is asked for.
        let nhk = try CLIRunner.run(["sources", "try", "nhkworldpremium.com", "--corpus", corpus, "--json"])
        #expect(nhk.status == 0, "\(nhk.stderr)")
        let nhkReport = try JSONDecoder().decode(Report.self, from: Data(nhk.stdout.utf8))
        #expect(nhkReport.requests.map(\.url) == ["https://nhkworldpremium.com/backend/api/v1/front/episodes?lang=en"])
        #expect(nhkReport.requests.first?.body == nil)
    }

    @Test(.enabled(if: RepositoryPaths.shared("corpus/tv-new") != nil, "needs ../shared/corpus"))
    func sourcesTestChecksACorpusSiteAgainstItsCorpusFolder() throws {
        let corpus = try #require(RepositoryPaths.shared("corpus/tv-new"))
        let checked = try CLIRunner.run(["sources", "test", "movistarplus.es", "--corpus", corpus])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.split(separator: "\n").map(String.init) == ["PASS movistarplus.es", "1 passed, 0 failed"])
        // Named without a corpus, it fails and says how to check it; in a run over every source, it is skipped.
        let named = try CLIRunner.run(["sources", "test", "movistarplus.es"])
        #expect(named.status == 1)
        #expect(named.stdout.contains("--corpus DIR"), "\(named.stdout)")
        let all = try CLIRunner.run(["sources", "test", "guia-tv.example", "--corpus", corpus])
        #expect(all.status == 0 && !all.stdout.contains("movistarplus.es"), "\(all.stdout)")
    }

    @Test func sourcesTestChecksCapturedPagesInTextAndJSON() throws {
        let result = try CLIRunner.run(["sources", "test", "guia-tv.example", "audiencias.example"])
        #expect(result.status == 0)
        let last = result.stdout.split(separator: "\n").last.map(String.init)
        #expect(last == "28 passed, 0 failed")
        struct Output: Decodable {
            var passed: Int
            var failed: Int
            var results: [Case]
            struct Case: Decodable { var name: String; var passed: Bool }
        }
        let json = try CLIRunner.run(["sources", "test", "guia-tv.example", "--json"])
        #expect(json.status == 0)
        let output = try JSONDecoder().decode(Output.self, from: Data(json.stdout.utf8))
        #expect(output.failed == 0 && output.passed == output.results.count && output.passed > 0)
    }

    @Test func anInvalidDefinitionFailsOnlyItsSourceAndTheRunExitsTwo() throws {
        let root = try TemporaryFolder("cli")
        try FileManager.default.createDirectory(atPath: "\(root.path)/Scrapers/bad.example", withIntermediateDirectories: true)
        try """
            kind: tv-schedule
            timezone: Europe/Madrid
            request: {url: "https://bad.example/{date}"}
            channels: [{id: X.es, name: X}]
            schedule:
              rows: "li"
              fields:
                start: {select: "b", regex: "([0-9]+"}
                title: "h3"
            """.write(toFile: "\(root.path)/Scrapers/bad.example/source.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: "\(RepositoryPaths.scrapers())/xmltv.example", toPath: "\(root.path)/Scrapers/xmltv.example")
        let server = try CLIRunner.start(["demo", "--serve", "--scrapers", "\(root.path)/Scrapers"])
        defer { server.terminate() }
        let url = try Self.servedURL(server)
        let result = try CLIRunner.run(["run", "--sample-server", url, "--source", "xmltv.example", "--source", "bad.example"], in: root.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.example: source.yaml schedule.fields.start.regex: invalid pattern"))
        #expect(result.stdout.contains("cartelera: 2 sources, 1 ok, 1 invalid (bad.example)"))
        #expect(try !FileStore(root: "\(root.path)/out/store").programmeDays().isEmpty)
    }

    @Test func anEmptyOrMissingSourcesFolderIsAnError() throws {
        let root = try TemporaryFolder("cli-empty")
        try FileManager.default.createDirectory(atPath: "\(root.path)/Scrapers", withIntermediateDirectories: true)
        let empty = try CLIRunner.run(["run"], in: root.path)
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("no sources in Scrapers: no <id>/source.yaml in it"))
        let missing = try CLIRunner.run(["run", "--scrapers", "\(root.path)/nowhere"], in: root.path)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("the folder does not exist"))
    }

    @Test func cronStyleRunsTakeTheirFoldersFromTheEnvironment() throws {
        let root = try TemporaryFolder("cli-cron")
        let server = try CLIRunner.start(["demo", "--serve"])
        defer { server.terminate() }
        let url = try Self.servedURL(server)
        // Cron runs in the home folder: nothing relative to the repository is there.
        let environment = ["CARTELERA_SCRAPERS": RepositoryPaths.scrapers(), "CARTELERA_STORE": "\(root.path)/store"]
        let result = try CLIRunner.run(["run", "--sample-server", url, "--source", "audiencias.example"], in: root.path, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("cartelera: 1 sources, 1 ok"))
        #expect(FileManager.default.fileExists(atPath: "\(root.path)/store/manifest.json"))
        #expect(FileManager.default.fileExists(atPath: "\(root.path)/cache"))
    }

    @Test func theDemoScrapesTheSamplesThroughLoopbackHTTP() throws {
        let output = try TemporaryFolder("demo")
        let first = try CLIRunner.run(["demo", "--output", output.path])
        #expect(first.status == 0, "\(first.stderr)")
        let summary = try #require(first.stdout.split(separator: "\n").first { $0.hasPrefix("cartelera: ") })
        let counts = summary.split(separator: ";")[0].split(separator: " ").compactMap { Int($0) }
        #expect(counts.count == 2 && counts[0] == counts[1] && counts[0] >= 4, "\(summary)")
        #expect(first.stdout.contains("guest lists open now"))
        let store = try FileStore(root: "\(output.path)/store")
        let days = try store.programmeDays()
        #expect(days.count >= 3)
        #expect(try store.channels().count >= 11)
        #expect(try store.venues(city: "Madrid").count >= 30)
        #expect(try store.promotions().contains { $0.paid })
        try DemoCoherence.check(storeAt: "\(output.path)/store") { arguments in
            let answer = try CLIRunner.run(["query"] + arguments + ["--store", "\(output.path)/store", "--json"])
            #expect(answer.status == 0, "\(answer.stderr)")
            return try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any] ?? [:]
        }
        let generation = try store.manifest().generation
        // Nothing changed, so every page is answered 304 from the conditional cache and the store stays at its generation.
        let second = try CLIRunner.run(["demo", "--output", output.path, "--json"])
        #expect(second.status == 0)
        let report = try JSONDecoder().decode(JSONReport.self, from: Data(second.stdout.utf8))
        #expect(!report.sources.isEmpty)
        #expect(report.sources.allSatisfy { $0.requests > 0 && $0.notModified == $0.requests && $0.shardsWritten == 0 })
        #expect(report.generation == generation)
    }

    @Test func theDemoPublishesTheShippedFeedsAndTheAPIAndBuildRewritesNothingUnchanged() throws {
        let output = try TemporaryFolder("published")
        let demo = try CLIRunner.run(["demo", "--output", output.path])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(demo.stdout.contains("published   \(output.path)/public: guide.xml(.gz) and 4 feeds"))
        // The demo ends saying where the website is and how to open it.
        #expect(demo.stdout.contains("cartelera serve --store \(output.path)/store --output \(output.path)/public") && demo.stdout.contains("/public/index.html in a browser"))
        #expect(FileManager.default.fileExists(atPath: "\(output.path)/public/index.html") && FileManager.default.fileExists(atPath: "\(output.path)/public/en/tv/index.html"))
        let feeds = "\(output.path)/public/feeds"
        let files = ["techno-esta-noche.ics", "techno-esta-noche.json", "promociones-hoy.json", "recordatorio-la-promesa.ics", "cine-generalistas.json"]
            .map { "\(feeds)/\($0)" }
        let (read, errors) = try ExternalCommand.checkFeeds(files)
        #expect(errors.isEmpty, "\(errors)")
        // Techno tonight near Sol: the nights the same query answers (the samples have one or two every evening), each with
        // its venue's place and a reminder an hour before.
        let techno = try #require(read[files[0]] as? [String: Any])["events"] as? [[String: Any]]
        let query = try CLIRunner.run(["query", "nights", "--music", "techno", "--tonight", "--near", "40.4168,-3.7038", "--within", "3km",
                                       "--store", "\(output.path)/store", "--json"])
        let answer = try JSONSerialization.jsonObject(with: Data(query.stdout.utf8)) as? [String: Any]
        #expect((answer?["total"] as? Int ?? 0) >= 1)
        #expect(techno?.count == answer?["total"] as? Int)
        #expect(techno?.allSatisfy { $0["alarms"] as? [String] == ["-PT1H"] && !($0["location"] as? String ?? "").isEmpty } == true)
        // Today's promotions: the paid one says so in its title and in its structured fields.
        let promotions = try #require(read[files[2]] as? [String: Any])["items"] as? [[String: Any]]
        let paid = try #require(promotions?.first { ($0["_cartelera"] as? [String: Any])?["promoted"] as? Bool == true })
        #expect((paid["title"] as? String)?.hasPrefix("Promocionado: ") == true)
        let reminders = try #require(read[files[3]] as? [String: Any])["events"] as? [[String: Any]]
        #expect(reminders?.isEmpty == false)
        #expect(reminders?.allSatisfy { ($0["summary"] as? String) == "La Promesa" && $0["alarms"] as? [String] == ["-PT10M"] } == true)

        // The static API: promotions always say whether they are paid; tonight's nights carry their guest list status.
        func api(_ relative: String) throws -> [String: Any] {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(output.path)/public/api/\(relative)"))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            #expect(object["schema_version"] as? Int == 1, "\(relative)")
            return object
        }
        let apiPromotions = try #require(try api("promotions.json")["promotions"] as? [[String: Any]])
        #expect(apiPromotions.count == 3 && apiPromotions.allSatisfy { $0["paid"] is Bool } && apiPromotions.contains { $0["paid"] as? Bool == true })
        #expect((try api("venues/madrid.json")["venues"] as? [[String: Any]])?.count ?? 0 >= 30)
        #expect((try api("tonight.json")["nights"] as? [[String: Any]])?.isEmpty == false)
        let audienceDay = try #require(try FileManager.default.contentsOfDirectory(atPath: "\(output.path)/public/api/audiences").first)
        #expect((try api("audiences/\(audienceDay)")["entries"] as? [[String: Any]])?.isEmpty == false)

        // Two builds at the same moment: the second rewrites nothing.
        let moment = ["--at", ISO8601DateFormatter().string(from: Date())]
        #expect(try CLIRunner.run(["build", "--store", "\(output.path)/store", "--output", "\(output.path)/public"] + moment).status == 0)
        let rebuild = try CLIRunner.run(["build", "--store", "\(output.path)/store", "--output", "\(output.path)/public", "--json"] + moment)
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(rebuild.stdout.utf8)) as? [String: Any])
        #expect((report["written"] as? [String])?.isEmpty == true, "\(rebuild.stdout)")
        #expect((report["unchanged"] as? [String])?.count ?? 0 >= 12)

        let broken = try TemporaryFolder("broken-feeds")
        try Data("title: x\nquery: {kind: programmes, next: soon}\nformats: [json]\n".utf8).write(to: URL(fileURLWithPath: "\(broken.path)/roto.yaml"))
        let bad = try CLIRunner.run(["build", "--store", "\(output.path)/store", "--output", "\(output.path)/public", "--feeds", broken.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("cartelera: build: roto.yaml: query.next: soon: "), "\(bad.stderr)")
        #expect(bad.stdout.contains("0 feeds, ") && bad.stdout.contains(", 1 problem, into "))
    }

    @Test func verboseRunsLogEachRequestAndQuietOnesNothing() throws {
        let output = try TemporaryFolder("verbose")
        let verbose = try CLIRunner.run(["demo", "-v", "--output", output.path])
        #expect(verbose.status == 0)
        let requests = verbose.stderr.split(separator: "\n").filter { $0.contains("] fetched") }
        #expect(requests.count >= 39)
        #expect(requests.allSatisfy { $0.contains("http.url=https://") && $0.contains("http.status=") && $0.contains("fetch.ms=") && $0.contains("fetch.bytes=") })
        #expect(requests.contains { $0.contains("fetch.label=robots") })
        let quiet = try CLIRunner.run(["demo", "--output", output.path])
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func aRunWhileAnotherHoldsTheLockExitsThree() throws {
        let output = try TemporaryFolder("locked")
        let lock = try FileStore(root: "\(output.path)/store").lock(at: Timestamp(secondsSince1970: 0))
        let result = try CLIRunner.run(["demo", "--output", output.path])
        #expect(result.status == 3)
        #expect(result.stderr.contains("is locked by another run"))
        lock.release()
    }

    @Test func aCorruptStoreFileIsNamedSetAsideAndRebuilt() throws {
        let output = try TemporaryFolder("corrupt")
        #expect(try CLIRunner.run(["demo", "--output", output.path]).status == 0)
        let store = try FileStore(root: "\(output.path)/store")
        let day = try #require(try store.programmeDays().last)
        let relative = ShardKey.programmes(day: day, channel: "La1.es").relativePath
        try Data("{\"schemaVersion\":2,\"items\":[{\"trunc".utf8).write(to: URL(fileURLWithPath: "\(output.path)/store/\(relative)"))
        #expect(throws: StoreError.self) { _ = try store.programmes(day: day, channel: "La1.es") }
        let result = try CLIRunner.run(["demo", "--output", output.path])
        // Set aside and rebuilt: the run says so and exits 1, so the operator looks at the file kept in quarantine.
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(relative) could not be read; moved to quarantine/"))
        #expect(try !store.programmes(day: day, channel: "La1.es").isEmpty)
        let quarantine = try FileManager.default.subpathsOfDirectory(atPath: "\(output.path)/store/quarantine")
        #expect(quarantine.contains { $0.hasSuffix(relative) })
    }

    /// The base URL `demo --serve` prints on its first line.
    static func servedURL(_ server: Process) throws -> String {
        let handle = try #require((server.standardOutput as? Pipe)?.fileHandleForReading)
        var line = Data()
        while let byte = try handle.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") { line.append(first) }
        let text = String(decoding: line, as: UTF8.self)
        let url = try #require(text.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }, "no URL in \(text)")
        return String(url)
    }

    struct JSONReport: Decodable {
        struct Source: Decodable {
            var requests: Int
            var notModified: Int
            var shardsWritten: Int
        }
        var sources: [Source]
        var generation: Int
    }
}
