import CarteleraModel
import CarteleraStore
import CarteleraTesting
import Foundation
import Testing

/// The site, the command line and the API answer "now", "next" and "other airings" alike: one engine, one definition.
@Suite struct ReadersAgreeTests {
    /// What a reader is told is on a channel: now (title, minutes left) and next (title, start).
    struct Line: Hashable, CustomStringConvertible {
        var channel: String
        var now: String?
        var minutesLeft: Int?
        var next: String?
        var nextStart: String?
        var description: String { "\(channel): now \(now ?? "—") (\(minutesLeft.map(String.init) ?? "?") min), next \(next ?? "—") at \(nextStart ?? "—")" }
    }

    struct NowAnswer: Decodable {
        struct Row: Decodable {
            var title: String
            var start: String
            var minutesLeft: Int?
        }
        var channel: String
        var now: Row?
        var next: Row?
    }

    struct Airings: Decodable {
        struct Row: Decodable {
            var start: String
            var channelName: String
        }
        var rows: [Row]
    }

    struct PageError: Error, CustomStringConvertible {
        var description: String
    }

    static let zone = ZoneConverter(identifier: "Europe/Madrid")!
    /// The moment every reader is asked at: 22:00 in Madrid.
    static let moment = zone.instant(LocalDateTime(day: Day("2026-11-20")!, hour: 22, minute: 0))

    static func at(_ hour: Int, _ minute: Int, dayOffset: Int = 0) -> Timestamp {
        zone.instant(LocalDateTime(day: Day("2026-11-20")!.advanced(by: dayOffset), hour: hour, minute: minute))
    }

    /// A store whose channels cover the cases: a programme without a stop running to the next start, the last of a channel
    /// without a stop (no known end), ones that cross midnight (on a channel with programmes on both days), a channel with
    /// only a later programme, and one title airing before, now and after the moment on several channels.
    static func store(at root: String) throws {
        func programme(_ channel: ChannelID, _ start: Timestamp, _ stop: Timestamp?, _ title: String) -> Programme {
            Programme(channel: channel, start: start, stop: stop, timeZone: "Europe/Madrid", title: title, provenance: [Provenance(source: "guide.example")])
        }
        let programmes = [
            programme("La1.es", at(20, 0), at(21, 0), "Mar adentro"),
            programme("La1.es", at(21, 0), nil, "Cine de barrio"),
            programme("La1.es", at(23, 15), at(1, 0, dayOffset: 1), "Noche de cine"),
            programme("La2.es", at(21, 30), at(23, 30), "Mar, adentro"),
            programme("La2.es", at(23, 30), at(0, 30, dayOffset: 1), "Documental"),
            programme("La2.es", at(0, 30, dayOffset: 1), at(1, 0, dayOffset: 1), "Noticias"),
            programme("Cuatro.es", at(19, 0), nil, "Cuarto milenio"),
            programme("Telecinco.es", at(23, 0), at(1, 30, dayOffset: 1), "Mar adentro"),
            programme("Antena3.es", at(16, 0, dayOffset: 2), at(17, 0, dayOffset: 2), "MAR ADENTRO"),
        ]
        let channels = ["La1.es": "La 1", "La2.es": "La 2", "Cuatro.es": "Cuatro", "Telecinco.es": "Telecinco", "Antena3.es": "Antena 3"]
            .map { Channel(id: ChannelID($0.key), name: $0.value, sources: ["guide.example"]) }
        var shards = ShardContent.programmeShards(programmes)
        shards[.channels] = .channels(channels)
        let store = try FileStore(root: root)
        let lock = try store.lock(at: at(12, 0))
        defer { lock.release() }
        _ = try store.commit(shards, at: at(12, 0), lock: lock)
    }

    /// Text between `open` and the next `close` after it, from `start`.
    static func between(_ text: Substring, _ open: String, _ close: String) -> Substring? {
        guard let from = text.range(of: open), let to = text[from.upperBound...].range(of: close) else { return nil }
        return text[from.upperBound..<to.lowerBound]
    }

    /// The tag-free text of an HTML fragment, entities `&amp;` and `&#39;` read back.
    static func text(_ html: Substring) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The lines of the site's TV now page.
    static func siteLines(_ html: String) throws -> Set<Line> {
        var lines = Set<Line>()
        for chunk in html.components(separatedBy: "<tr data-channel=\"").dropFirst() {
            let row = Substring(chunk)
            let channel = String(row.prefix { $0 != "\"" })
            let cells = row.components(separatedBy: "<td").dropFirst().map { cell in
                Substring(cell.drop { $0 != ">" }.dropFirst().components(separatedBy: "</td>")[0])
            }
            guard cells.count == 2 else { throw PageError(description: "the TV now row of \(channel) has \(cells.count) cells") }
            var line = Line(channel: channel)
            if cells[0] != "—" {
                let parts = cells[0].components(separatedBy: "<span class=\"left\">")
                line.now = text(Substring(parts[0]))
                line.minutesLeft = parts.count > 1 ? Int(text(Substring(parts[1])).split(separator: " ")[0]) : nil
            }
            if cells[1] != "—" {
                line.nextStart = between(cells[1], "datetime=\"", "\"").map(String.init)
                line.next = text(cells[1][cells[1].range(of: "</time>")!.upperBound...])
            }
            lines.insert(line)
        }
        return lines
    }

    static func lines(_ answers: [NowAnswer]) -> Set<Line> {
        Set(answers.map { Line(channel: $0.channel, now: $0.now?.title, minutesLeft: $0.now?.minutesLeft, next: $0.next?.title, nextStart: $0.next?.start) })
    }

    @Test func theSitesNowAndNextAndAiringsAreTheCommandLinesAndTheAPIs() throws {
        let folder = try TemporaryFolder("agree")
        let store = folder.path + "/store", output = folder.path + "/public"
        try Self.store(at: store)
        let moment = ["--at", Self.moment.iso8601]

        let build = try CLIRunner.run(["build", "--only", "site", "--store", store, "--output", output] + moment)
        #expect(build.status == 0, "\(build.stderr)")
        let now = try CLIRunner.run(["now", "--json", "--store", store] + moment)
        #expect(now.status == 0, "\(now.stderr)")
        let cli = Self.lines(try JSONDecoder().decode([NowAnswer].self, from: Data(now.stdout.utf8)))

        let (server, port) = try ServeLoadTests.serve(store: store, output: output, arguments: moment)
        defer { server.terminate(); server.waitUntilExit() }
        let reply = try LoopbackClient.send("GET", "/api/now", port: port)
        #expect(reply.status == 200)
        let api = Self.lines(try JSONDecoder().decode([NowAnswer].self, from: Data(reply.body)))

        let site = try Self.siteLines(try String(contentsOfFile: output + "/tv/index.html", encoding: .utf8))
        // The cases the definitions decide: Cine de barrio (no stop) runs to the 23:15 film; Cuarto milenio, the last of its
        // channel without a stop, has no known end and is not on now, so Cuatro has no line at all.
        #expect(cli.contains(Line(channel: "La1.es", now: "Cine de barrio", minutesLeft: 75, next: "Noche de cine", nextStart: Self.at(23, 15).iso8601)))
        #expect(!cli.contains { $0.channel == "Cuatro.es" })
        #expect(cli.count == 4, "\(cli)")
        #expect(site == cli, "site \(site.sorted { $0.channel < $1.channel }) ≠ now \(cli.sorted { $0.channel < $1.channel })")
        #expect(api == cli, "/api/now \(api.sorted { $0.channel < $1.channel }) ≠ now \(cli.sorted { $0.channel < $1.channel })")

        // La 2's "Mar, adentro" is on now: its page lists the title's other airings as `cartelera airings` does, itself left out.
        let airings = try CLIRunner.run(["airings", "mar adentro", "--json", "--store", store] + moment)
        #expect(airings.status == 0, "\(airings.stderr)")
        let expected = try JSONDecoder().decode(Airings.self, from: Data(airings.stdout.utf8)).rows
            .filter { $0.start != Self.at(21, 30).iso8601 }.map { "\($0.start) \($0.channelName)" }
        #expect(expected == ["\(Self.at(23, 0).iso8601) Telecinco", "\(Self.at(16, 0, dayOffset: 2).iso8601) Antena 3"])
        let tv = try String(contentsOfFile: output + "/tv/index.html", encoding: .utf8)
        let row = try #require(tv.components(separatedBy: "<tr data-channel=\"La2.es\"").dropFirst().first)
        let href = try #require(Self.between(Substring(row.components(separatedBy: "<td data-now>")[1]), "<a href=\"", "\""))
        let page = try String(contentsOfFile: output + "/tv/" + href, encoding: .utf8)
        let section = try #require(page.components(separatedBy: "<h2>").last)
        let list = try #require(Self.between(Substring(section), "<ul>", "</ul>"))
        let shown = list.components(separatedBy: "<li>").dropFirst().map { item in
            "\(Self.between(Substring(item), "datetime=\"", "\"") ?? "") \(Self.text(Substring(item.components(separatedBy: "</time>").last ?? "")).dropFirst(2))"
        }
        #expect(shown == expected)
    }

    @Test func afterMidnightTheNowLinksGoToThePagesThatMarkWhatIsOn() throws {
        let folder = try TemporaryFolder("agree-midnight")
        let store = folder.path + "/store", output = folder.path + "/public"
        try Self.store(at: store)
        let build = try CLIRunner.run(["build", "--only", "site", "--store", store, "--output", output, "--at", Self.at(0, 10, dayOffset: 1).iso8601])
        #expect(build.status == 0, "\(build.stderr)")
        let tv = try String(contentsOfFile: output + "/tv/index.html", encoding: .utf8)
        let links = tv.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }.filter { $0.hasSuffix("#now") && $0.contains("channel/") }
        // La 2's documentary started yesterday and is on until 00:30: its channel's link goes to yesterday's page, not today's.
        let la2 = try #require(links.first { $0.contains("La2.es") })
        #expect(la2.contains("/2026-11-20/"), "\(la2)")
        #expect(links.count == 3, "\(links)")
        for link in links {
            let page = try String(contentsOfFile: output + "/tv/" + link.dropLast("#now".count), encoding: .utf8)
            #expect(page.contains("id=\"now\""), "\(link) has no id=\"now\"")
        }
    }
}
