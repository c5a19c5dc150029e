import CarteleraModel
import CarteleraStore
import Foundation
import Testing

@Suite("Every store forgets old days")
struct StoreRetentionTests {
    @Test("retention removes old programme days and audiences and news older than 14 days, keeping the rest", arguments: StoreKind.allCases)
    func retention(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let today = Sample.day
            var shards: [ShardKey: ShardContent] = [.channels: .channels(Sample.channels)]
            for offset in [-15, -14, -8, -7, -1, 0, 3] {
                let day = today.advanced(by: offset)
                shards.merge(ShardContent.programmeShards(Sample.la1Evening(on: day))) { $1 }
                shards[.audiences(day: day)] = .audiences(Sample.audienceDay(on: day))
                shards[.news(day: day)] = .news(Sample.news(on: day))
            }
            _ = try store.commit(shards, at: Sample.time(1), lock: lock)

            let removed = try store.applyRetention(now: Sample.time(16), programmeDays: 7, lock: lock)

            let d = { (offset: Int) in today.advanced(by: offset) }
            #expect(Set(removed) == [
                .programmes(day: d(-15), channel: Sample.la1), .programmes(day: d(-14), channel: Sample.la1),
                .programmes(day: d(-8), channel: Sample.la1),
                .audiences(day: d(-15)), .news(day: d(-15)),
            ])
            #expect(try store.programmeDays() == [d(-7), d(-1), d(0), d(3)])
            #expect(try store.audiences(day: d(-15)) == nil)
            #expect(try store.audiences(day: d(-14)) != nil)
            #expect(try store.news(day: d(-14)).count == 2)
            #expect(try store.channels().count == 2)
            #expect(try store.manifest()[.audiences(day: d(-15))] == nil)
            #expect(try store.manifest()[.audiences(day: d(-14))] != nil)
        }
    }

    @Test("retention deletes the files and the emptied day folders of a FileStore")
    func filesDeleted() throws {
        try withTemporaryFolder { root in
            let store = try FileStore(root: root)
            let lock = try store.lock(at: Sample.time(6))
            let old = Sample.day.advanced(by: -30)
            _ = try store.commit(ShardContent.programmeShards(Sample.la1Evening(on: old)).merging([.news(day: old): .news(Sample.news(on: old))]) { $1 }, at: Sample.time(1), lock: lock)
            _ = try store.applyRetention(now: Sample.time(16), programmeDays: 7, lock: lock)
            #expect(!FileManager.default.fileExists(atPath: "\(root)/tv/programmes/\(old)"))
            #expect(!FileManager.default.fileExists(atPath: "\(root)/tv/news/\(old).json"))
        }
    }

    @Test("retention with nothing old removes nothing", arguments: StoreKind.allCases)
    func nothingOld(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            _ = try store.commit(ShardContent.programmeShards(Sample.la1Evening()), at: Sample.time(1), lock: lock)
            #expect(try store.applyRetention(now: Sample.time(16), programmeDays: 7, audienceDays: 14, lock: lock) == [])
            #expect(try store.programmeDays() == [Sample.day])
        }
    }

    @Test("retention removes old evenings, keeps every venue and drops promotions that ended more than 14 days ago", arguments: StoreKind.allCases)
    func nightlife(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let today = Sample.day, now = Sample.time(16)
            var shards: [ShardKey: ShardContent] = [.venues(city: "madrid"): .venues([Sample.venue("Tempo Club", notSeenSince: Sample.time(1, on: today.advanced(by: -60)))])]
            for offset in [-15, -14, 0] {
                shards[.nights(day: today.advanced(by: offset))] = .nights(Sample.nightsDay(on: today.advanced(by: offset)))
            }
            shards[.promotions] = .promotions([
                Sample.promotion("long-gone", paid: true, validTo: now.adding(seconds: -15 * 86_400)),
                Sample.promotion("last-week", paid: true, validTo: now.adding(seconds: -7 * 86_400)),
                Sample.promotion("just-within", paid: false, validTo: now.adding(seconds: -14 * 86_400)),
                Sample.promotion("open-ended", paid: true),
            ])
            _ = try store.commit(shards, at: Sample.time(1), lock: lock)

            let changed = try store.applyRetention(now: now, programmeDays: 7, lock: lock)

            #expect(changed == [.nights(day: today.advanced(by: -15)), .promotions])
            #expect(try store.nightDays() == [today.advanced(by: -14), today])
            #expect(try store.venues(city: "madrid").count == 1)
            #expect(try store.promotions().map(\.id) == ["just-within", "last-week", "open-ended"])
            #expect(try store.manifest()[.promotions]?.items == 3)
            #expect(try store.applyRetention(now: now, programmeDays: 7, lock: lock) == [])
        }
    }
}
