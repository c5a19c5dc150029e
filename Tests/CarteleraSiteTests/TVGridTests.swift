import CarteleraModel
import CarteleraQuery
import CarteleraStore
import CarteleraTesting
import Foundation
import Testing

@testable import CarteleraSite

/// The TV grid: channels down, hours across, a block per programme as wide as it lasts, a line at the build's time.
@Suite struct TVGridTests {
    /// The `colspan`s of each row of the grid's body, by channel name.
    static func rows(_ html: String) -> [(channel: String, spans: [Int], titles: [String])] {
        guard let body = html.components(separatedBy: "<tbody>").last?.components(separatedBy: "</tbody>").first else { return [] }
        return body.components(separatedBy: "<tr>").dropFirst().map { row in
            let channel = Self.matches(#"<th scope="row" class="grid-channel"><a href="[^"]*">([^<]*)</a>"#, in: row).first ?? ""
            let spans = Self.matches(#"colspan="(\d+)""#, in: row).compactMap { Int($0) }
            let titles = Self.matches(#"<span>([^<]*)</span>"#, in: row)
            return (channel, spans, titles)
        }
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let expression = try? NSRegularExpression(pattern: pattern)
        return (expression?.matches(in: text, range: NSRange(text.startIndex..., in: text)) ?? []).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func eachDayHasAGridWithAChannelPerRowAndABlockAsWideAsEachProgrammeLasts() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        for day in SiteFixture.days {
            #expect(fixture.publishedFiles().contains("tv/grid/\(day)/index.html") && fixture.publishedFiles().contains("en/tv/grid/\(day)/index.html"))
        }
        let html = fixture.text("tv/grid/2026-11-25/index.html")
        // Hours across, from 06:00 to 06:00 the next day as TV guides count a day: 24 columns of an hour, of twelve
        // five-minute slots each.
        #expect(Self.matches(#"<th scope="colgroup" colspan="(\d+)">"#, in: html) == Array(repeating: "12", count: 24))
        #expect(Self.matches(#"colspan="12"><time datetime="[^"]*">([^<]*)</time>"#, in: html).first == "06:00")
        #expect(html.contains("<col class=\"grid-slot\" span=\"288\">"))
        let rows = Self.rows(html)
        #expect(rows.map(\.channel) == ["La 1", "La 2 &lt;b&gt;bold&lt;/b&gt;"])
        for row in rows {
            #expect(row.spans.reduce(0, +) == 288, "\(row.channel): the cells span \(row.spans.reduce(0, +)) slots")
        }
        // La 1 on the 25th: nothing until 07:00, news 07–10, sport 10–18, the film 18–22, the night show 22–24, nothing in
        // the small hours of the 26th.
        let first = try #require(rows.first)
        #expect(first.spans == [12, 36, 96, 48, 24, 72], "\(first.spans)")
        #expect(first.titles == ["Telediario", "Deportes en directo", "Cine: Acción en Alcalá", "La noche"])
        // What is on at the build's moment (18:00) is marked, and the line stands at 18:00 (144 slots after 06:00).
        #expect(html.contains("class=\"grid-programme current\" aria-current=\"time\" data-start=\"\(fixture.now.secondsSince1970)\""))
        let ruler = try #require(html.components(separatedBy: "<tr class=\"grid-line\" aria-hidden=\"true\" data-line>").last?.components(separatedBy: "</tr>").first)
        #expect(ruler.components(separatedBy: "<td").count - 1 == 289, "one cell per slot after the channels' column")
        #expect(ruler.hasPrefix("<td class=\"grid-channel\"></td>" + String(repeating: "<td></td>", count: 144) + "<td class=\"grid-now\" id=\"now\"></td>"))
        #expect(html.contains("href=\"#now\""))
        // Another day has no line (the script draws it when the reader's clock reaches that day).
        let tomorrow = fixture.text("tv/grid/2026-11-26/index.html")
        #expect(tomorrow.contains("<tr class=\"grid-line\" aria-hidden=\"true\" data-line>") && !tomorrow.contains("grid-now") && !tomorrow.contains("href=\"#now\""))
        #expect(!tomorrow.contains("grid-programme current"))
        // Days lead to each other, and TV now and each channel's day lead to the grid.
        #expect(html.contains("href=\"../../../tv/grid/2026-11-24/index.html\" rel=\"prev\"") && html.contains("href=\"../../../tv/grid/2026-11-26/index.html\" rel=\"next\""))
        #expect(fixture.text("tv/index.html").contains("href=\"../tv/grid/2026-11-25/index.html\""))
        #expect(fixture.text("channel/La2.es/2026-11-26/index.html").contains("href=\"../../../tv/grid/2026-11-26/index.html\""))
        #expect(fixture.text("en/tv/grid/2026-11-25/index.html").contains("<h1 id=\"grid-title\">TV grid</h1>"))
    }

    @Test func aDayWithAClockChangeHasTwentyFiveHoursOfColumns() throws {
        let folder = try TemporaryFolder("grid")
        let store = try FileStore(root: folder.path + "/store", indexer: QueryIndexer())
        let madrid = ZoneConverter(identifier: "Europe/Madrid")!
        // Summer time ends in Madrid at 03:00 on 25 October 2026, in the grid of the 24th (06:00 on the 24th to 06:00 on
        // the 25th): the clock goes back to 02:00.
        let midnight = madrid.instant(LocalDateTime(day: Day(year: 2026, month: 10, day: 25)!, hour: 0, minute: 0))
        let programmes = [0, 3, 6].map { hour in
            Programme(channel: "La1.es", start: midnight.adding(seconds: Int64(hour) * 3600), stop: midnight.adding(seconds: Int64(hour + 3) * 3600),
                      timeZone: "Europe/Madrid", title: "Madrugada \(hour)", provenance: [Provenance(source: "guia.example")])
        }
        var shards = ShardContent.programmeShards(programmes)
        shards[.channels] = .channels([Channel(id: "La1.es", name: "La 1")])
        let time = Timestamp(secondsSince1970: 1_795_000_000)
        let lock = try store.lock(at: time)
        _ = try store.commit(shards, at: time, lock: lock)
        lock.release()
        let output = folder.path + "/public"
        let web = try WebFolder(path: RepositoryPaths.packageRoot() + "/Web")
        _ = try SiteBuilder(snapshot: try store.snapshot(), web: web, output: output, context: QueryContext(now: midnight, guideZone: madrid),
                            options: SiteOptions(workers: 1)).build()
        let html = try String(contentsOfFile: output + "/tv/grid/2026-10-24/index.html", encoding: .utf8)
        #expect(html.contains("<table class=\"grid h300\"") && html.contains("span=\"300\""))
        // 02:00 comes twice, each hour twelve slots; three-hour programmes are 36 slots wide whatever the clock says, the
        // one from 05:00 cut at 06:00.
        let hours = Self.matches(#"colspan="12"><time datetime="[^"]*">([^<]*)</time>"#, in: html)
        #expect(hours.count == 25 && hours.filter { $0 == "02:00" }.count == 2, "\(hours)")
        #expect(Self.rows(html).first?.spans == [216, 36, 36, 12])
        #expect(!FileManager.default.fileExists(atPath: output + "/tv/grid/2026-10-25/index.html"), "no programme starts in the grid of the 25th")
    }
}
