import CarteleraModel
import CarteleraStore
import Testing

@Suite("Every store reads back what it wrote")
struct StoreRoundTripTests {
    @Test("programmes read back per channel-day, sorted by start", arguments: StoreKind.allCases)
    func programmesPerChannelDay(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let result = try store.commit(ShardContent.programmeShards(Sample.la1Evening()), at: Sample.time(16), lock: lock)
            #expect(result.written == [.programmes(day: Sample.day, channel: Sample.la1)])
            let read = try store.programmes(day: Sample.day, channel: Sample.la1)
            #expect(read.map(\.title) == ["Telediario", "El tiempo", "Cine"])
            #expect(Set(read) == Set(Sample.la1Evening()))
            #expect(try store.programmes(day: Sample.day, channel: Sample.antena3) == [])
        }
    }

    @Test("programmes read back per day across channels", arguments: StoreKind.allCases)
    func programmesPerDay(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let antena3 = Sample.programme(Sample.antena3, at: Sample.time(22), "Película")
            let tomorrow = Sample.programme(Sample.la1, at: Sample.time(1, on: Sample.day.advanced(by: 1)), "Noticias 24h")
            _ = try store.commit(ShardContent.programmeShards(Sample.la1Evening() + [antena3, tomorrow]), at: Sample.time(16), lock: lock)
            #expect(try store.channelsWithProgrammes(day: Sample.day) == [Sample.antena3, Sample.la1])
            #expect(try store.programmes(day: Sample.day).map(\.title) == ["Película", "Telediario", "El tiempo", "Cine"])
            #expect(try store.programmeDays() == [Sample.day, Sample.day.advanced(by: 1)])
            #expect(try store.programmes(day: Sample.day.advanced(by: 1)) == [tomorrow])
        }
    }

    @Test("a channel id with unsafe characters gets its own shard and reads back", arguments: StoreKind.allCases)
    func unsafeChannelIDs(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let spaced = Sample.programme("Canal 24h", at: Sample.time(10), "A")
            let underscored = Sample.programme("Canal_24h", at: Sample.time(10), "B")
            _ = try store.commit(ShardContent.programmeShards([spaced, underscored]), at: Sample.time(16), lock: lock)
            #expect(try store.channelsWithProgrammes(day: Sample.day) == ["Canal 24h", "Canal_24h"])
            #expect(try store.programmes(day: Sample.day, channel: "Canal 24h") == [spaced])
        }
    }

    @Test("channels, audiences and news read back", arguments: StoreKind.allCases)
    func channelsAudiencesNews(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            _ = try store.commit([
                .channels: .channels(Sample.channels),
                .audiences(day: Sample.day): .audiences(Sample.audienceDay()),
                .news(day: Sample.day): .news(Sample.news()),
            ], at: Sample.time(16), lock: lock)
            #expect(try store.channels().map(\.id) == [Sample.antena3, Sample.la1])
            #expect(try store.audiences(day: Sample.day) == Sample.audienceDay())
            #expect(try store.audiences(day: Sample.day.advanced(by: 1)) == nil)
            #expect(try store.news(day: Sample.day).map(\.title) == ["Newer", "Older"])
            #expect(try store.news(day: Sample.day.advanced(by: 1)) == [])
        }
    }

    @Test("source state reads back after it is saved", arguments: StoreKind.allCases)
    func sourceState(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            #expect(try store.sourceState(Sample.source) == nil)
            var state = SourceState(source: Sample.source)
            state.recordSuccess(itemCount: 120, at: Sample.time(6))
            state.recordFailure("HTTP 503", at: Sample.time(7))
            try store.saveSourceState(state, lock: lock)
            #expect(try store.sourceState(Sample.source) == state)
            #expect(try store.sourceState("other.tv") == nil)
        }
    }

    @Test("content that does not belong in the named shard is refused before anything is written", arguments: StoreKind.allCases)
    func invalidContent(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let tomorrow = Sample.day.advanced(by: 1)
            let error = #expect(throws: StoreError.self) {
                try store.commit([
                    .channels: .channels(Sample.channels),
                    .programmes(day: tomorrow, channel: Sample.la1): .programmes(Sample.la1Evening()),
                ], at: Sample.time(16), lock: lock)
            }
            #expect(error?.kind == .invalidContent)
            #expect(error?.file == "tv/programmes/2026-11-23/La1.es.json")
            #expect(try store.channels() == [])
            #expect(throws: StoreError.self) {
                try store.commit([.channels: .news(Sample.news())], at: Sample.time(16), lock: lock)
            }
        }
    }
}
