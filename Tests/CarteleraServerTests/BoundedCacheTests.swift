@testable import CarteleraServer
import Testing

@Suite struct BoundedCacheTests {
    @Test func theLeastRecentlyUsedGoFirstPastTheEntries() {
        let cache = BoundedCache<String, Int>(maximumEntries: 2, maximumBytes: 100)
        cache.keep(1, bytes: 10, for: "a")
        cache.keep(2, bytes: 10, for: "b")
        #expect(cache.value(for: "a") == 1)
        cache.keep(3, bytes: 10, for: "c")
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1)
        #expect(cache.value(for: "c") == 3)
    }

    @Test func theLeastRecentlyUsedGoFirstPastTheBytes() {
        let cache = BoundedCache<String, Int>(maximumEntries: 10, maximumBytes: 100)
        cache.keep(1, bytes: 40, for: "a")
        cache.keep(2, bytes: 40, for: "b")
        cache.keep(3, bytes: 40, for: "c")
        #expect(cache.value(for: "a") == nil)
        #expect(cache.value(for: "b") == 2)
        // Keeping a key again replaces its value and its size.
        cache.keep(4, bytes: 10, for: "b")
        cache.keep(5, bytes: 50, for: "d")
        #expect(cache.value(for: "b") == 4)
        #expect(cache.value(for: "c") == 3)
        #expect(cache.value(for: "d") == 5)
    }

    @Test func aValueLargerThanTheCacheOrAnEmptyCacheKeepsNothing() {
        let cache = BoundedCache<String, Int>(maximumEntries: 10, maximumBytes: 100)
        cache.keep(1, bytes: 101, for: "a")
        #expect(cache.value(for: "a") == nil)
        let none = BoundedCache<String, Int>(maximumEntries: 10, maximumBytes: 0)
        none.keep(1, bytes: 1, for: "a")
        #expect(none.value(for: "a") == nil)
    }
}
