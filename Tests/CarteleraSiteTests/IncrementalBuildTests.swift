import CarteleraModel
import CarteleraStore
import Foundation
import Testing

@testable import CarteleraSite

@Suite struct IncrementalBuildTests {
    @Test func aRebuildWithoutChangesWritesNoPage() throws {
        let fixture = try SiteFixture()
        let first = try fixture.build()
        #expect(first.written.count == first.pages && first.pages > 50)
        let again = try fixture.build()
        #expect(again.written.isEmpty, "\(again.written)")
        #expect(again.unchanged == again.pages && again.removed.isEmpty)
        // A page deleted by hand is put back.
        try FileManager.default.removeItem(atPath: fixture.output + "/tv/index.html")
        #expect(try fixture.build().written == ["tv/index.html"])
    }

    @Test func aChangeToOneChannelsDayRewritesOnlyThePagesThatShowIt() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        // La 1's news on the 26th gets a new title.
        let day = SiteFixture.days[2]
        try fixture.commit(programmes: SiteFixture.days.flatMap { fixture.schedule(channel: "La2.es", day: $0) }
            + SiteFixture.days.flatMap { fixture.schedule(channel: "La1.es", day: $0, titleSuffix: $0 == day ? " (edición especial)" : "") })
        let report = try fixture.build()
        // The programme's own page, and the pages of every other airing of its old title, which listed it.
        let news = SiteFixture.days.flatMap { day in
            ["La1.es", "La2.es"].map { "programme/\($0)_\(fixture.madrid.instant(LocalDateTime(day: day, hour: 7, minute: 0)).secondsSince1970).html" }
        }
        let expected = Set(news + [
            "channel/La1.es/2026-11-26/index.html", "listings/type/news/2026-11-26/index.html", "listings/genre/news/2026-11-26/index.html",
            "tv/grid/2026-11-26/index.html",
        ])
        let written = Set(report.written.map { $0.hasPrefix("en/") ? String($0.dropFirst(3)) : $0 })
        #expect(written == expected.union(["search-index.json"]), "\(report.written)")
        #expect(report.written.count == expected.count * 2 + 1, "each page in both languages, and the one search index")
        #expect(report.removed.isEmpty)
    }

    @Test func deletedItemsRemoveTheirPages() throws {
        let fixture = try SiteFixture()
        try fixture.build()
        let last = SiteFixture.days[2]
        let kept = SiteFixture.days.flatMap { day in
            fixture.schedule(channel: "La1.es", day: day).filter { day != last || $0.type != .film } + fixture.schedule(channel: "La2.es", day: day)
        }
        try fixture.commit(programmes: kept)
        let report = try fixture.build()
        let film = "programme/La1.es_\(fixture.madrid.instant(LocalDateTime(day: last, hour: 18, minute: 0)).secondsSince1970).html"
        #expect(report.removed.contains(film) && report.removed.contains("en/" + film), "\(report.removed)")
        #expect(!FileManager.default.fileExists(atPath: fixture.output + "/" + film))
    }
}
