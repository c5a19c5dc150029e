import CarteleraModel
import CarteleraStore
import CarteleraTesting
import Foundation
import Testing

/// What a deployment runs: the configuration's sources and channels, and what runs without one.
@Suite struct ConfigurationCommandLineTests {
    /// A configuration in `folder` naming `sources` (YAML lines under `sources:`), fetching the samples from `server`.
    static func writeConfiguration(in folder: String, server: String, sources: String, extra: String = "") throws -> String {
        let path = "\(folder)/cartelera.yaml"
        try """
            store: store
            cache: cache
            output: public
            scrapers: \(RepositoryPaths.scrapers())
            sample_server: \(server)
            \(extra)
            sources:
            \(sources)
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theConfigurationChoosesTheSourcesAndChannelsARunScrapes() throws {
        let root = try TemporaryFolder("config")
        let server = try CLIRunner.start(["demo", "--serve"])
        defer { server.terminate() }
        let url = try CommandLineTests.servedURL(server)
        let configuration = try Self.writeConfiguration(in: root.path, server: url, sources: """
              guia-tv.example:
                channels: [La1.es, Telemadrid.es]
              audiencias.example:
            """)
        // Cron runs in the home folder: everything comes from the file the environment names.
        let run = try CLIRunner.run(["run"], in: root.path, environment: ["CARTELERA_CONFIG": configuration])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("cartelera: 2 sources, 2 ok;"), "\(run.stdout)")
        let store = try FileStore(root: "\(root.path)/store")
        var channels = Set<ChannelID>()
        for day in try store.programmeDays() { for programme in try store.programmes(day: day) { channels.insert(programme.channel) } }
        #expect(channels == ["La1.es", "Telemadrid.es"])
        #expect(try store.sourceState("guia-tv.example")?.channels == ["La1.es", "Telemadrid.es"])
        #expect(FileManager.default.fileExists(atPath: "\(root.path)/public/index.html"))
        #expect(FileManager.default.fileExists(atPath: "\(root.path)/cache"))

        // `sources list` says what the file enables, in aligned columns.
        let list = try CLIRunner.run(["sources", "list", "--config", configuration], in: root.path)
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        #expect(header.hasPrefix("source "))
        for column in ["kind", "zone", "channels", "runs", "name"] {
            let start = try #require(header.range(of: column)).lowerBound.utf16Offset(in: header)
            for line in lines.dropFirst().dropLast() {
                let characters = Array(line)
                #expect(characters.count > start && characters[start - 1] == " " && characters[start] != " ", "\(column) misaligned in \(line)")
            }
        }
        let guide = try #require(lines.first { $0.hasPrefix("guia-tv.example ") })
        #expect(guide.contains(" 2 of 8 ") && guide.contains(" yes "))
        #expect(lines.first { $0.hasPrefix("xmltv.example ") }?.contains(" no (sample) ") == true)
        #expect(lines.last == "\(lines.count - 2) sources, 2 run: the sources: of \(configuration)")
        #expect(!list.stdout.contains("1 channels"))
        let channelList = try CLIRunner.run(["sources", "list", "--channels", "guia-tv.example", "--config", configuration], in: root.path)
        #expect(channelList.stdout.split(separator: "\n").filter { $0.hasSuffix(" yes") }.count == 2, "\(channelList.stdout)")
    }

    @Test(arguments: [
        ("  nope.example:\n", "cartelera.yaml:8: sources: unknown source \"nope.example\""),
        ("  guia-tv.example:\n    channels: [La1.es, La7.es]\n", "cartelera.yaml:8: sources.guia-tv.example.channels: unknown channel \"La7.es\" (guia-tv.example lists La1.es"),
        ("  madrid-noche.example:\n    channels: [La1.es]\n", "madrid-noche.example lists no channels to choose from"),
        ("  guia-tv.example:\n    channel: [La1.es]\n", "cartelera.yaml:9: sources.guia-tv.example: unknown key \"channel\" (known: channels)"),
    ])
    func anUnknownSourceOrChannelIsAUsageErrorNamingIt(sources: String, message: String) throws {
        let root = try TemporaryFolder("config-bad")
        let configuration = try Self.writeConfiguration(in: root.path, server: "http://127.0.0.1:9", sources: sources)
        for command in [["run"], ["scrape"], ["sources", "list"], ["commit", root.path]] {
            let result = try CLIRunner.run(command + ["--config", configuration], in: root.path)
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.contains(message), "\(command): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(root.path)/store"), "a refused configuration still ran")
    }

    @Test func aMistypedKeyIsRefusedRatherThanIgnored() throws {
        let root = try TemporaryFolder("config-key")
        try "store: s\nsource:\n  guia-tv.example:\n".write(toFile: "\(root.path)/cartelera.yaml", atomically: true, encoding: .utf8)
        // ./cartelera.yaml is found without a flag.
        let result = try CLIRunner.run(["query", "programmes"], in: root.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cartelera.yaml:2: unknown key \"source\" (known: batches, cache, channel_lists"), "\(result.stderr)")
    }

    @Test func withoutAConfigurationOnlyRealDefinitionsRun() throws {
        let root = try TemporaryFolder("config-none")
        let list = try CLIRunner.run(["sources", "list", "--json", "--scrapers", RepositoryPaths.scrapers()], in: root.path)
        #expect(list.status == 0, "\(list.stderr)")
        struct Row: Decodable {
            var id: String
            var runs: Bool
        }
        let rows = try JSONDecoder().decode([Row].self, from: Data(list.stdout.utf8))
        #expect(rows.filter(\.runs).count > 20)
        #expect(rows.allSatisfy { $0.runs != $0.id.hasSuffix(".example") }, "\(rows.filter { $0.runs == $0.id.hasSuffix(".example") }.map(\.id))")

        // A folder of samples only: nothing runs unasked, and the message says how to ask.
        try FileManager.default.createDirectory(atPath: "\(root.path)/Scrapers", withIntermediateDirectories: true)
        for sample in ["xmltv.example", "hostile.example"] {
            try FileManager.default.copyItem(atPath: "\(RepositoryPaths.scrapers())/\(sample)", toPath: "\(root.path)/Scrapers/\(sample)")
        }
        let run = try CLIRunner.run(["run"], in: root.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("nothing to run in Scrapers: every definition there is a sample (*.example), scraped only when named"))
        #expect(!FileManager.default.fileExists(atPath: "\(root.path)/out/store"))
    }
}
