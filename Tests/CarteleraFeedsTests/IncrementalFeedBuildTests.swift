import CarteleraFeeds
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import CarteleraTesting
import Foundation
import Testing

/// A build leaves alone what its inputs show unchanged: each output is made again only when the shards, channels,
/// query or definition it reads changed, and a record that cannot vouch for an output never leaves it stale.
@Suite struct IncrementalFeedBuildTests {
    static let la1 = Channel(id: "La1.es", name: "La 1")
    static let la2 = Channel(id: "La2.es", name: "La 2")

    private func fixture() throws -> FeedFixture {
        let fixture = try FeedFixture()
        try fixture.commit(programmes(fixture, la2Title: "El espíritu de la colmena"), channels: [Self.la1, Self.la2])
        try fixture.feed("cine", "title: Cine\nlanguage: es\nquery: {kind: programmes, type: film, next: 7d}\nformats: [json, ics, xmltv]\n")
        try fixture.feed("la1", "title: La 1\nlanguage: es\nquery: {kind: programmes, channel: La1.es, next: 7d}\nformats: [json, xmltv]\n")
        try fixture.feed("la2", "title: La 2\nlanguage: es\nquery: {kind: programmes, channel: La2.es, next: 7d}\nformats: [json]\n")
        return fixture
    }

    private func programmes(_ fixture: FeedFixture, la2Title: String) -> [Programme] {
        [
            fixture.programme("La1.es", "2026-11-24 21:00", minutes: 100, "Amanece, que no es poco"),
            fixture.programme("La1.es", "2026-11-25 21:00", minutes: 100, "Bienvenido, Mister Marshall"),
            fixture.programme("La2.es", "2026-11-24 22:00", minutes: 90, la2Title),
            fixture.programme("La2.es", "2026-11-25 22:00", minutes: 90, "Cría cuervos"),
        ]
    }

    /// Every published file's bytes, by path (the build's own records left out).
    private func files(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            guard !path.hasPrefix(".cartelera"), let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &folder), !folder.boolValue { files[path] = data }
        }
        return files
    }

    @Test func aRebuildWithNothingChangedReadsNoShardAndWritesNothing() throws {
        let fixture = try fixture()
        let first = try fixture.build(at: "2026-11-24 12:00")
        #expect(first.problems.isEmpty && first.failures.isEmpty)
        // A shard that is read now fails the build (its bytes no longer match the manifest): an unchanged build reads none.
        let shard = fixture.folder.path + "/store/" + ShardKey.programmes(day: fixture.madrid("2026-11-24 22:00").utcDay, channel: "La2.es").relativePath
        try Data("not a shard".utf8).write(to: URL(fileURLWithPath: shard))
        let second = try fixture.build(at: "2026-11-24 12:00")
        #expect(second.written.isEmpty, "wrote \(second.written)")
        #expect(second.failures.isEmpty && second.problems.isEmpty)
        #expect(Set(second.unchanged) == Set(first.written))
    }

    @Test func oneChannelsChangeRewritesOnlyWhatReadsThatChannel() throws {
        let fixture = try fixture()
        let first = try fixture.build(at: "2026-11-24 12:00")
        let before = try files(fixture.output)
        try fixture.commit(programmes(fixture, la2Title: "El sur"), channels: [Self.la1, Self.la2])
        let second = try fixture.build(at: "2026-11-24 12:00")
        let changed = Set(second.written)
        #expect(changed.isSuperset(of: ["guide.xml", "guide.xml.gz", "feeds/cine.json", "feeds/cine.ics", "feeds/cine.xml", "feeds/la2.json"]))
        #expect(changed.contains { $0.hasPrefix("api/schedule/La2.es/") })
        #expect(!changed.contains { $0.hasPrefix("api/schedule/La1.es/") || $0.hasPrefix("feeds/la1.") }, "rewrote \(changed.sorted())")
        #expect(second.unchanged.contains("feeds/la1.json") && second.unchanged.contains("api/schedule/La1.es/2026-11-24.json"))
        let after = try files(fixture.output)
        for (path, data) in after where !changed.contains(path) { #expect(before[path] == data, "\(path) changed without being written") }
        #expect(first.written.filter { !$0.hasPrefix(".cartelera/") }.count == after.count, "no file gone or added")
        #expect(try fixture.published("feeds/la2.json").contains("El sur"))
    }

    @Test func aChangedDefinitionRewritesThatFeedAlone() throws {
        let fixture = try fixture()
        _ = try fixture.build(at: "2026-11-24 12:00")
        try fixture.feed("la1", "title: La Primera\nlanguage: es\nquery: {kind: programmes, channel: La1.es, next: 7d}\nformats: [json, xmltv]\n")
        let second = try fixture.build(at: "2026-11-24 12:00")
        #expect(second.written == ["feeds/la1.json"], "the XMLTV file has no title; wrote \(second.written)")
        #expect(try fixture.published("feeds/la1.json").contains("\"title\" : \"La Primera\""))
        try fixture.feed("la1", "title: La Primera\nlanguage: es\nquery: {kind: programmes, channel: La1.es, next: 1d}\nformats: [json, xmltv]\n")
        let third = try fixture.build(at: "2026-11-24 12:00")
        #expect(Set(third.written).isSubset(of: ["feeds/la1.json", "feeds/la1.xml", "feeds/la1.xml.gz"]) && !third.written.isEmpty)
        #expect(try fixture.published("feeds/la1.json").contains("Amanece") && !(try fixture.published("feeds/la1.json").contains("Mister Marshall")))
    }

    @Test func aRecordThatIsMissingOrCorruptBuildsEverythingAgainAndNeverLeavesAStaleFeed() throws {
        for damage in ["missing", "corrupt", "file"] {
            let fixture = try fixture()
            _ = try fixture.build(at: "2026-11-24 12:00")
            // A file gone is enough on its own; a damaged record meets a changed channel.
            let title = damage == "file" ? "El espíritu de la colmena" : "El sur"
            try fixture.commit(programmes(fixture, la2Title: title), channels: [Self.la1, Self.la2])
            let record = fixture.output + "/.cartelera/feeds.json"
            switch damage {
            case "missing": try FileManager.default.removeItem(atPath: record)
            case "corrupt": try Data("{\"version\": 1, \"outputs\": [".utf8).write(to: URL(fileURLWithPath: record))
            default: try FileManager.default.removeItem(atPath: fixture.output + "/feeds/la2.json")
            }
            _ = try fixture.build(at: "2026-11-24 12:00")
            // The same store built into a fresh folder: what an incremental build must equal.
            let fresh = try FeedFixture()
            let context = QueryContext(now: fixture.madrid("2026-11-24 12:00"), guideZone: fixture.madrid)
            _ = try FeedPublisher(engine: try QueryEngine.open(fixture.store), feeds: fixture.feeds, output: fresh.output, context: context).build()
            let built = try files(fixture.output), expected = try files(fresh.output)
            #expect(built.keys.sorted() == expected.keys.sorted(), "\(damage)")
            for (path, data) in expected where !path.hasSuffix(".ics") { #expect(built[path] == data, "\(damage): \(path) is stale") }
            #expect(try fixture.published("feeds/la2.json").contains(title), "\(damage)")
        }
    }

    @Test func aBuildThatStopsHalfwayLeavesNoRecordToVouchForWhatItWrote() throws {
        let fixture = try fixture()
        _ = try fixture.build(at: "2026-11-24 12:00")
        try fixture.commit(programmes(fixture, la2Title: "El sur"), channels: [Self.la1, Self.la2])
        // The feeds folder made unreadable as a file: the build fails after the guide and the schedules are rewritten.
        let feeds = fixture.output + "/feeds"
        try FileManager.default.removeItem(atPath: feeds + "/la2.json")
        try FileManager.default.createDirectory(atPath: feeds + "/la2.json", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: feeds + "/la2.json/blocker"))
        #expect(throws: BuildError.self) { try fixture.build(at: "2026-11-24 12:00") }
        #expect(!FileManager.default.fileExists(atPath: fixture.output + "/.cartelera/feeds.json"))
        try FileManager.default.removeItem(atPath: feeds + "/la2.json")
        let again = try fixture.build(at: "2026-11-24 12:00")
        #expect(again.written.contains("feeds/la2.json"))
        #expect(try fixture.published("feeds/la2.json").contains("El sur"))
    }
}
