import CarteleraModel
import CarteleraStore
import Testing

@Suite("Every store commits only what changed")
struct StoreCommitTests {
    @Test("the same content in another order is reported unchanged", arguments: StoreKind.allCases)
    func unchangedCommit(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let key = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
            _ = try store.commit([key: .programmes(Sample.la1Evening()), .channels: .channels(Sample.channels)], at: Sample.time(16), lock: lock)
            let before = try store.manifest()
            let result = try store.commit([
                key: .programmes(Sample.la1Evening().reversed()),
                .channels: .channels(Sample.channels.reversed()),
            ], at: Sample.time(17), lock: lock)
            #expect(result.written == [])
            #expect(result.unchanged == [.channels, key])
            #expect(try store.manifest() == before)
        }
    }

    @Test("a changed shard is written and the others stay unchanged", arguments: StoreKind.allCases)
    func changedShard(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let key = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
            _ = try store.commit([key: .programmes(Sample.la1Evening()), .channels: .channels(Sample.channels)], at: Sample.time(16), lock: lock)
            var evening = Sample.la1Evening()
            evening[0].title = "Cine de barrio"
            let result = try store.commit([key: .programmes(evening), .channels: .channels(Sample.channels)], at: Sample.time(17), lock: lock)
            #expect(result.written == [key])
            #expect(result.unchanged == [.channels])
            #expect(try store.programmes(day: Sample.day, channel: Sample.la1).last?.title == "Cine de barrio")
        }
    }

    @Test("empty content removes the shard", arguments: StoreKind.allCases)
    func removal(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let key = ShardKey.programmes(day: Sample.day, channel: Sample.la1)
            _ = try store.commit([key: .programmes(Sample.la1Evening()), .news(day: Sample.day): .news(Sample.news())], at: Sample.time(16), lock: lock)
            let result = try store.commit([
                key: .programmes([]),
                .news(day: Sample.day): .news([]),
                .audiences(day: Sample.day): .audiences(AudienceDay()),
            ], at: Sample.time(17), lock: lock)
            #expect(result.removed == [.news(day: Sample.day), key])
            #expect(try store.programmes(day: Sample.day, channel: Sample.la1) == [])
            #expect(try store.programmeDays() == [])
            #expect(try store.news(day: Sample.day) == [])
            #expect(try store.shardKeys() == [])
            #expect(try store.manifest().shards.isEmpty)
        }
    }
}
