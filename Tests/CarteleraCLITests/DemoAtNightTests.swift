import CarteleraModel
import CarteleraTesting
import Foundation
import Testing

/// The demo run between midnight and 06:00 in Madrid, when "tonight" is the evening that began yesterday: `demo --at`
/// 02:00 (the samples' dates, the scrape, the site), then the readers asked at 02:00.
@Suite struct DemoAtNightTests {
    struct Rows: Decodable {
        struct Row: Decodable { var start: String?; var title: String? }
        var total: Int
        var rows: [Row]
    }

    struct NowRow: Decodable {
        struct On: Decodable { var title: String }
        var channel: String
        var now: On?
    }

    @Test func atTwoInTheMorningTheDemoHasTonightsProgrammesAndNightsAndWhatIsOnNow() async throws {
        let madrid = try #require(ZoneConverter(identifier: "Europe/Madrid"))
        let today = madrid.local(Timestamp(Date())).day
        let night = madrid.instant(LocalDateTime(day: today, hour: 2, minute: 0))
        let evening = today.advanced(by: -1)
        let folder = try TemporaryFolder("demo-at-night")
        let demo = try CLIRunner.run(["demo", "--at", night.iso8601, "--output", folder.path])
        #expect(demo.status == 0, "\(demo.stdout)\(demo.stderr)")
        let moment = ["--at", night.iso8601, "--store", folder.path + "/store"]

        func query(_ arguments: [String]) throws -> Rows {
            let result = try CLIRunner.run(["query"] + arguments + moment + ["--json", "--limit", "1000"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try JSONDecoder().decode(Rows.self, from: Data(result.stdout.utf8))
        }
        // Tonight began yesterday at 20:00: its films include the evening's, before midnight.
        let films = try query(["programmes", "--type", "film", "--tonight"])
        let starts = films.rows.compactMap { $0.start.flatMap(Timestamp.init(iso8601:)) }.map { madrid.local($0) }
        #expect(starts.contains { $0.day == evening && $0.secondOfDay >= 20 * 3600 }, "tonight's films at 02:00: \(films.rows.map { "\($0.start ?? "") \($0.title ?? "")" })")
        #expect(try query(["nights", "--tonight"]).total > 0)
        #expect(try query(["programmes", "--day", "today"]).total > 50)

        let now = try CLIRunner.run(["now", "--json"] + moment)
        #expect(now.status == 0, "\(now.stderr)")
        let channels = try JSONDecoder().decode([NowRow].self, from: Data(now.stdout.utf8))
        #expect(channels.filter { $0.now != nil }.count >= 8, "on at 02:00: \(channels.map { "\($0.channel) \($0.now?.title ?? "-")" })")
    }
}
