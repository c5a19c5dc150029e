import CarteleraModel
import CarteleraStore
import Testing

@Suite("Shard keys and their paths")
struct ShardKeyTests {
    @Test("every key reads back from its relative path", arguments: [
        ShardKey.channels,
        .programmes(day: Sample.day, channel: "La1.es"),
        .programmes(day: Sample.day, channel: "Canal 24h/Ñ"),
        .programmes(day: Sample.day, channel: ".."),
        .programmes(day: Sample.day, channel: "a_b"),
        .audiences(day: Sample.day),
        .news(day: Sample.day),
        .venues(city: "madrid"),
        .venues(city: "a-coruna"),
        .nights(day: Sample.day),
        .promotions,
    ])
    func roundTrip(key: ShardKey) {
        #expect(ShardKey(relativePath: key.relativePath) == key)
    }

    @Test("paths follow the documented layout and stay inside their folder")
    func layout() {
        #expect(ShardKey.channels.relativePath == "tv/channels.json")
        #expect(ShardKey.programmes(day: Sample.day, channel: "La1.es").relativePath == "tv/programmes/2026-11-22/La1.es.json")
        #expect(ShardKey.programmes(day: Sample.day, channel: "../x").relativePath == "tv/programmes/2026-11-22/_2E._2Fx.json")
        #expect(ShardKey.audiences(day: Sample.day).relativePath == "tv/audiences/2026-11-22.json")
        #expect(ShardKey.news(day: Sample.day).relativePath == "tv/news/2026-11-22.json")
        #expect(ShardKey.venues(city: "a-coruna").relativePath == "nightlife/venues/a-coruna.json")
        #expect(ShardKey.nights(day: Sample.day).relativePath == "nightlife/nights/2026-11-22.json")
        #expect(ShardKey.promotions.relativePath == "nightlife/promotions.json")
    }

    @Test("temp files and foreign paths are not shards", arguments: [
        "tv/news/.2026-11-22.json.tmp-1-2", "tv/news/2026-11-22.txt", "tv/news/2026-13-01.json",
        "tv/programmes/2026-11-22/_zz.json", "manifest.json", "reports/2026-11-22T160000Z.json",
        "nightlife/venues/Madrid.json", "nightlife/venues/a_coruna.json", "nightlife/venues/.json", "nightlife/nights/2026-02-30.json",
        "nightlife/promotions.txt", "nightlife/venues/madrid/x.json",
    ])
    func notShards(path: String) {
        #expect(ShardKey(relativePath: path) == nil)
    }
}
