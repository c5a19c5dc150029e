import CarteleraModel
import CarteleraStore
import Testing

@Suite("Every store keeps venues, nights and promotions")
struct StoreNightlifeTests {
    @Test("venues read back by city name or slug, not-seen marks included", arguments: StoreKind.allCases)
    func venues(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let gone = Sample.venue("Tempo Club", notSeenSince: Sample.time(12))
            let coruna = Sample.venue("Sala Pelícano", city: "A Coruña")
            let result = try store.commit([
                .venues(city: "madrid"): .venues([gone, Sample.venue("Sala El Sol")]),
                .venues(city: "a-coruna"): .venues([coruna]),
            ], at: Sample.time(16), lock: lock)
            #expect(result.written == [.venues(city: "a-coruna"), .venues(city: "madrid")])
            #expect(try store.venues(city: "Madrid").map(\.name) == ["Sala El Sol", "Tempo Club"])
            #expect(try store.venues(city: "madrid").last == gone)
            #expect(try store.venues(city: "A Coruña") == [coruna])
            #expect(try store.venues(city: "Sevilla") == [])
            #expect(try store.venueCities() == ["a-coruna", "madrid"])
        }
    }

    @Test("an evening's nights and guest lists read back, and the evenings are listed", arguments: StoreKind.allCases)
    func nights(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let tomorrow = Sample.day.advanced(by: 1)
            _ = try store.commit([
                .nights(day: Sample.day): .nights(Sample.nightsDay()),
                .nights(day: tomorrow): .nights(Sample.nightsDay(on: tomorrow)),
            ], at: Sample.time(16), lock: lock)
            let evening = try #require(try store.nights(day: Sample.day))
            #expect(Set(evening.nights) == Set(Sample.nightsDay().nights))
            #expect(evening.guestLists == Sample.nightsDay().guestLists)
            #expect(try store.nights(day: Sample.day.advanced(by: 2)) == nil)
            #expect(try store.nightDays() == [Sample.day, tomorrow])
            #expect(try store.manifest()[.nights(day: Sample.day)]?.items == 3)
        }
    }

    @Test("promotions read back with their paid flag", arguments: StoreKind.allCases)
    func promotions(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            _ = try store.commit([.promotions: .promotions([Sample.promotion("b", paid: true), Sample.promotion("a", paid: false)])],
                                 at: Sample.time(16), lock: lock)
            let read = try store.promotions()
            #expect(read.map(\.id) == ["a", "b"])
            #expect(read.map(\.paid) == [false, true])
        }
    }

    @Test("the same nightlife content in another order is unchanged and empty content removes it", arguments: StoreKind.allCases)
    func unchangedAndRemoved(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let evening = Sample.nightsDay()
            let promotions = [Sample.promotion("a", paid: true), Sample.promotion("b", paid: true)]
            _ = try store.commit([.nights(day: Sample.day): .nights(evening), .promotions: .promotions(promotions)], at: Sample.time(16), lock: lock)
            let reordered = try store.commit([
                .nights(day: Sample.day): .nights(NightsDay(nights: evening.nights.reversed(), guestLists: evening.guestLists)),
                .promotions: .promotions(promotions.reversed()),
            ], at: Sample.time(17), lock: lock)
            #expect(reordered.unchanged == [.nights(day: Sample.day), .promotions])
            let removed = try store.commit([.nights(day: Sample.day): .nights(NightsDay()), .promotions: .promotions([])], at: Sample.time(18), lock: lock)
            #expect(removed.removed == [.nights(day: Sample.day), .promotions])
            #expect(try store.nightDays() == [])
            #expect(try store.shardKeys() == [])
        }
    }

    @Test("venues of another city, nights of another evening and keys that are not slugs are refused", arguments: StoreKind.allCases)
    func invalidContent(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let otherCity = #expect(throws: StoreError.self) {
                try store.commit([.venues(city: "madrid"): .venues([Sample.venue("Razzmatazz", city: "Barcelona")])], at: Sample.time(16), lock: lock)
            }
            #expect(otherCity?.kind == .invalidContent)
            #expect(otherCity?.description.contains("nightlife/venues/barcelona.json") == true)
            let otherEvening = #expect(throws: StoreError.self) {
                try store.commit([.nights(day: Sample.day.advanced(by: 1)): .nights(Sample.nightsDay())], at: Sample.time(16), lock: lock)
            }
            #expect(otherEvening?.file == "nightlife/nights/2026-11-23.json")
            let notSlug = #expect(throws: StoreError.self) {
                try store.commit([.venues(city: "../Madrid"): .venues([])], at: Sample.time(16), lock: lock)
            }
            #expect(notSlug?.detail.contains("not a city slug") == true)
            #expect(try store.shardKeys() == [])
        }
    }
}
