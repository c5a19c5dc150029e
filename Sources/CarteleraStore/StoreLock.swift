import Foundation
import Synchronization

/// The held writer lock; released by `release()` or deinit.
///
/// A lock answers only to the store that made it: writes check `owner` so a lock taken on one store
/// cannot authorise writes to another.
public final class StoreLock: Sendable {
    /// The identity of the store that granted the lock.
    let owner: UUID
    /// This lock's own identity: what a writer remembers under it is forgotten with it.
    let id = UUID()
    /// What releasing does (close the lock file, clear a flag); nil once released.
    private let releaseAction: Mutex<(@Sendable () -> Void)?>
    private let recoveryFound = Mutex(StoreRecovery())

    /// What taking the lock found and healed after an earlier writer that was killed.
    public internal(set) var recovery: StoreRecovery {
        get { recoveryFound.withLock { $0 } }
        set { recoveryFound.withLock { $0 = newValue } }
    }

    init(owner: UUID, onRelease: @escaping @Sendable () -> Void) {
        self.owner = owner
        self.releaseAction = Mutex(onRelease)
    }

    /// True until the lock is released.
    public var isHeld: Bool { releaseAction.withLock { $0 != nil } }

    /// Releases the lock; later calls do nothing.
    public func release() {
        let action = releaseAction.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { release() }
}
