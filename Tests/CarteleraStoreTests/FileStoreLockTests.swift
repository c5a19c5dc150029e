import CarteleraModel
import CarteleraStore
import Foundation
import Testing

@Suite("FileStore's writer lock")
struct FileStoreLockTests {
    @Test("two FileStore instances on one folder contend, and the message names the root and the pid")
    func contention() throws {
        try withTemporaryFolder { root in
            let first = try FileStore(root: root)
            let second = try FileStore(root: root)
            let lock = try first.lock(at: Sample.time(6))
            let error = #expect(throws: StoreError.self) { try second.lock(at: Sample.time(6)) }
            #expect(error?.kind == .locked)
            #expect(error?.description == "store \(first.root) is locked by another run (pid \(ProcessInfo.processInfo.processIdentifier))")
            lock.release()
            let taken = try second.lock(at: Sample.time(6))
            #expect(taken.isHeld)
        }
    }

    @Test("the lock is released when its last reference goes")
    func releasedOnDeinit() throws {
        try withTemporaryFolder { root in
            let first = try FileStore(root: root)
            let second = try FileStore(root: root)
            func holdBriefly() throws {
                let lock = try first.lock(at: Sample.time(6))
                #expect(throws: StoreError.self) { try second.lock(at: Sample.time(6)) }
                #expect(lock.isHeld)
            }
            try holdBriefly()
            #expect(throws: Never.self) { try second.lock(at: Sample.time(6)) }
        }
    }

    @Test("a lock taken on one instance cannot write through another on the same folder")
    func lockBelongsToItsInstance() throws {
        try withTemporaryFolder { root in
            let first = try FileStore(root: root)
            let second = try FileStore(root: root)
            let lock = try first.lock(at: Sample.time(6))
            let error = #expect(throws: StoreError.self) {
                try second.commit([.channels: .channels(Sample.channels)], at: Sample.time(16), lock: lock)
            }
            #expect(error?.kind == .notLocked)
            #expect(try first.commit([.channels: .channels(Sample.channels)], at: Sample.time(16), lock: lock).written == [.channels])
        }
    }
}
