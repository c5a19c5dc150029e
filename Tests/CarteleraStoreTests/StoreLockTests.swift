import CarteleraModel
import CarteleraStore
import Testing

@Suite("Every store lets one writer in at a time")
struct StoreLockTests {
    @Test("a second lock while the first is held is refused as locked", arguments: StoreKind.allCases)
    func secondLockRefused(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let error = #expect(throws: StoreError.self) { try store.lock(at: Sample.time(6)) }
            #expect(error?.kind == .locked)
            #expect(error?.description.contains("is locked by another run (pid ") == true)
            lock.release()
            #expect(throws: Never.self) { try store.lock(at: Sample.time(6)) }
        }
    }

    @Test("writes with a released lock fail as not locked", arguments: StoreKind.allCases)
    func releasedLock(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            lock.release()
            #expect(!lock.isHeld)
            let error = #expect(throws: StoreError.self) {
                try store.commit([.channels: .channels(Sample.channels)], at: Sample.time(16), lock: lock)
            }
            #expect(error?.kind == .notLocked)
            #expect(throws: StoreError.self) { try store.saveSourceState(SourceState(source: Sample.source), lock: lock) }
            #expect(throws: StoreError.self) { try store.saveReport(Array("{}".utf8), at: Sample.time(16), lock: lock) }
            #expect(try store.channels() == [])
        }
    }

    @Test("a lock from another store does not authorise writes", arguments: StoreKind.allCases)
    func foreignLock(kind: StoreKind) throws {
        try kind.withStore { store in
            try kind.withStore { other in
                let otherLock = try other.lock(at: Sample.time(6))
                let error = #expect(throws: StoreError.self) {
                    try store.commit([.channels: .channels(Sample.channels)], at: Sample.time(16), lock: otherLock)
                }
                #expect(error?.kind == .notLocked)
            }
        }
    }

    @Test("a lock that goes out of scope is released", arguments: StoreKind.allCases)
    func releasedOnDeinit(kind: StoreKind) throws {
        try kind.withStore { store in
            func takeAndDrop() throws {
                let lock = try store.lock(at: Sample.time(6))
                #expect(lock.isHeld)
            }
            try takeAndDrop()
            #expect(throws: Never.self) { try store.lock(at: Sample.time(6)) }
        }
    }
}
