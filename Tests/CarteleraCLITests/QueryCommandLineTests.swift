import CarteleraCore
import CarteleraModel
import CarteleraTesting
import Foundation
import Testing

/// `query`, `shake`, `now`, `airings` and `store reindex` run as a user runs them, over the demo's store.
@Suite(.serialized) struct QueryCommandLineTests {
    /// One demo store for the suite: the demo serves the samples shifted to today, so "now" questions have answers.
    static let demo: Result<String, DemoFailure> = {
        do {
            try FileManager.default.createDirectory(atPath: demoFolder, withIntermediateDirectories: true)
            // Statics are never deinitialized: the folder goes when the test process exits.
            atexit { try? FileManager.default.removeItem(atPath: QueryCommandLineTests.demoFolder) }
            let result = try CLIRunner.run(["demo", "--output", demoFolder])
            guard result.status == 0 else { return .failure(DemoFailure(description: result.stderr)) }
            return .success(demoFolder + "/store")
        } catch {
            return .failure(DemoFailure(description: "\(error)"))
        }
    }()
    static let demoFolder = FileManager.default.temporaryDirectory.appendingPathComponent("query-cli-\(UUID().uuidString)").path

    struct DemoFailure: Error, CustomStringConvertible {
        var description: String
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments + ["--store", try Self.demo.get()], environment: environment)
    }

    struct Page: Decodable {
        struct Row: Decodable {
            var title: String?
            var start: String?
            var stop: String?
            var type: String?
        }

        var kind: String
        var total: Int
        var rows: [Row]
    }

    @Test func aQueryAnswersAsATableAndAsJSON() throws {
        let json = try run(["query", "programmes", "--text", "TELEDIARIO", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let page = try JSONDecoder().decode(Page.self, from: Data(json.stdout.utf8))
        #expect(page.kind == "programmes")
        #expect(page.total > 3 && page.rows.count == page.total)
        #expect(page.rows.allSatisfy { TextFolding.fold($0.title ?? "").contains("telediario") })

        let table = try run(["query", "programmes", "--text", "telediario", "--limit", "3", "--tz", "Europe/Madrid"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("start") == true)
        #expect(lines.count == 5)
        #expect(lines.last == "1–3 of \(page.total) matches; times in Europe/Madrid")
        // Under cron there is no TZ: the table says which zone its times are in.
        let cron = try run(["query", "programmes", "--text", "telediario", "--limit", "1"], environment: ["TZ": "UTC"])
        #expect(cron.stdout.split(separator: "\n").last?.hasSuffix("; times in UTC") == true, "\(cron.stdout)")
        let now = try run(["now", "--channel", "La1.es"], environment: ["TZ": "UTC"])
        #expect(now.stdout.split(separator: "\n").last == "1 channel; times in UTC", "\(now.stdout)")
    }

    @Test(arguments: [
        (["query", "programmes", "--year", "2025-1990"], "--year 2025-1990: the range runs backwards"),
        (["query", "venues", "--near", "91,0"], "--near 91,0: latitude 91 is outside -90…90"),
        (["query", "venues", "--near", "40.4,-3.7", "--within=-2km"], "--within -2km: use a positive distance"),
        (["query", "programmes", "--genre", "comdy"], "--genre comdy: unknown genre; the closest are comedy"),
        (["query", "programmes", "--genre", "film"], "film is a programme type, not a genre: use --type film"),
        (["query", "venues", "--genre", "drama"], "genre"),
        (["query", "programmes", "--from", "yesterday-ish"], "--from yesterday-ish: use an instant such as"),
        (["shake", "programmes", "--sort", "distance"], "--sort distance"),
        (["query", "films"], "films"),
    ])
    func aBadValueGetsOneMessageNamingItsParameter(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func shakeIsReproducibleWithASeedAndSaysWhenNothingMatches() throws {
        let filters = ["shake", "programmes", "--day", "today", "--seed", "7", "--json"]
        let first = try run(filters)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try run(filters).stdout == first.stdout)
        let page = try JSONDecoder().decode(Page.self, from: Data(first.stdout.utf8))
        #expect(page.rows.count == 1 && page.total > 50)
        // Different seeds pick different programmes, at least sometimes: never the first row.
        var picks = Set<String>()
        for seed in 1...6 {
            let result = try run(["shake", "programmes", "--day", "today", "--seed", "\(seed)", "--json"])
            picks.insert(try JSONDecoder().decode(Page.self, from: Data(result.stdout.utf8)).rows.first?.start ?? "")
        }
        #expect(picks.count > 1)

        let table = try run(["shake", "programmes", "--type", "film", "--day", "today", "--seed", "1"])
        #expect(table.stdout.split(separator: "\n").last?.hasPrefix("picked at random from ") == true)

        let empty = try run(["shake", "venues", "--near", "0,0", "--within", "1km"])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("nothing matches these filters"))
    }

    @Test func nowSaysWhatIsOnWithMinutesLeftAndAiringsAreUpcoming() throws {
        struct Answer: Decodable {
            struct Row: Decodable {
                var title: String
                var start: String
                var stop: String?
                var minutesLeft: Int?
            }

            var channel: String
            var now: Row?
            var next: Row?
        }
        let now = try run(["now", "--json"])
        #expect(now.status == 0, "\(now.stderr)")
        let answers = try JSONDecoder().decode([Answer].self, from: Data(now.stdout.utf8))
        #expect(answers.count >= 8)
        let instant = Timestamp(Date())
        for answer in answers {
            if let on = answer.now, let start = Timestamp(iso8601: on.start), let stop = on.stop.flatMap { Timestamp(iso8601: $0) } {
                #expect(start <= instant && instant.secondsSince1970 < stop.secondsSince1970 + 60, "\(answer.channel)")
                #expect((on.minutesLeft ?? -1) >= 0)
            }
            if let next = answer.next, let on = answer.now {
                #expect(next.start >= on.start)
            }
        }

        let airings = try run(["airings", "telediario matinal", "--json"])
        #expect(airings.status == 0, "\(airings.stderr)")
        let page = try JSONDecoder().decode(Page.self, from: Data(airings.stdout.utf8))
        #expect(page.rows.count > 1)
        #expect(page.rows.allSatisfy { TextFolding.fold($0.title ?? "") == "telediario matinal" })
        #expect(page.rows.allSatisfy { ($0.stop.flatMap { Timestamp(iso8601: $0) } ?? instant) >= instant })
    }

    @Test func readersCreateNothingAndAStaleIndexIsReportedAndRebuilt() throws {
        let store = try Self.demo.get()
        let before = try FileManager.default.subpathsOfDirectory(atPath: store).sorted()
        #expect(try run(["query", "venues", "--near", "40.4168,-3.7038", "--within", "2km", "--sort", "distance"]).status == 0)
        #expect(try run(["now"]).status == 0)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: store).sorted() == before)

        let index = store + "/index/programmes.idx"
        let good = try Data(contentsOf: URL(fileURLWithPath: index))
        try FileManager.default.removeItem(atPath: index)
        let stale = try run(["store", "check"])
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("index        behind the shards"))
        // Queries still answer, from the shards.
        #expect(try run(["query", "programmes", "--text", "telediario"]).status == 0)
        let reindex = try run(["store", "reindex"])
        #expect(reindex.status == 0, "\(reindex.stderr)")
        #expect(reindex.stdout.contains("rebuilt at generation"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == good)
        #expect(try run(["store", "check"]).status == 0)
    }

    @Test func channelListsAndTonightComeFromTheConfigurationFile() throws {
        let folder = try TemporaryFolder("config")
        let file = folder.path + "/cartelera.yaml"
        try Data("""
            timezone: Europe/Madrid
            tonight: {from: "21:00", to: "23:00"}
            channel_lists:
              mine: [La1.es, La2.es]
            """.utf8).write(to: URL(fileURLWithPath: file))
        struct Row: Decodable { var channel: String; var start: String; var stop: String? }
        struct Rows: Decodable { var total: Int; var rows: [Row] }
        let mine = try run(["query", "programmes", "--channel-list", "mine", "--tonight", "--json", "--config", file])
        #expect(mine.status == 0, "\(mine.stderr)")
        let page = try JSONDecoder().decode(Rows.self, from: Data(mine.stdout.utf8))
        #expect(page.total > 0)
        #expect(page.rows.allSatisfy { ["La1.es", "La2.es"].contains($0.channel) })
        // Tonight is 21:00 to 23:00 in Madrid here: every row overlaps it.
        let zone = try #require(ZoneConverter(identifier: "Europe/Madrid"))
        for row in page.rows {
            let start = try #require(Timestamp(iso8601: row.start)), stop = try #require(row.stop.flatMap { Timestamp(iso8601: $0) })
            let evening = zone.local(start).day
            let nights = [evening.advanced(by: -1), evening].map { day in
                (zone.instant(LocalDateTime(day: day, hour: 21, minute: 0)), zone.instant(LocalDateTime(day: day, hour: 23, minute: 0)))
            }
            #expect(nights.contains { start < $0.1 && $0.0 < stop }, "\(row.start)")
        }
        let environment = try CLIRunner.run(["query", "programmes", "--channel-list", "mine", "--store", try Self.demo.get()], environment: ["CARTELERA_CONFIG": file])
        #expect(environment.status == 0, "\(environment.stderr)")

        let unknown = try run(["query", "programmes", "--channel-list", "theirs", "--config", file])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--channel-list theirs: no such list (configured: mine)"))
        try Data("timezone: [Mars\n".utf8).write(to: URL(fileURLWithPath: file))
        let broken = try run(["query", "programmes", "--config", file])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains(file))
    }

    @Test func aMissingStoreIsOneClearMessage() throws {
        let result = try CLIRunner.run(["query", "programmes", "--store", "/nonexistent/store"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent/store: no store here"))
    }
}
