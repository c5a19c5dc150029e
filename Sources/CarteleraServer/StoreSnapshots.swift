#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Foundation
import Synchronization

/// The query snapshot requests are answered from, replaced when a commit changes the store.
///
/// A request takes the current snapshot and keeps it to the end, so it never sees two generations; a commit is
/// noticed by the manifest file's identity (inode, size, modification time), which an atomic rename always
/// changes, and the new snapshot is opened by one request while the others go on with the old one.
final class StoreSnapshots: Sendable {
    /// One generation of the store, opened.
    struct Snapshot: Sendable {
        /// The engine over the generation's index.
        var engine: QueryEngine
        /// The store generation.
        var generation: Int
        /// When the manifest was last written: the `Last-Modified` of every API answer from this snapshot.
        var modified: Timestamp
    }

    private struct State {
        var snapshot: Snapshot?
        var stamp: FileStamp?
        var reloading = false
        var lastError: String?
    }

    private let storeRoot: String
    private let state = Mutex(State())

    /// Snapshots of the store at `storeRoot`, opened on first use.
    init(storeRoot: String) {
        self.storeRoot = storeRoot
    }

    /// The current snapshot, opening a newer one first when the manifest changed; throws when the store cannot be read at all.
    func current() throws(APIError) -> Snapshot {
        let stamp = FileStamp(path: storeRoot + "/manifest.json")
        let (snapshot, mustReload) = state.withLock { state -> (Snapshot?, Bool) in
            guard state.stamp != stamp || state.snapshot == nil else { return (state.snapshot, false) }
            // One request reopens; the others keep answering from the snapshot they have, if there is one.
            guard !state.reloading || state.snapshot == nil else { return (state.snapshot, false) }
            state.reloading = true
            return (state.snapshot, true)
        }
        if mustReload {
            let opened: Result<Snapshot, StoreError>
            do {
                let engine = try QueryEngine.open(try FileStore(root: storeRoot, creating: false))
                opened = .success(Snapshot(engine: engine, generation: engine.snapshot.generation,
                                           modified: stamp?.modified ?? Timestamp(secondsSince1970: 0)))
            } catch {
                opened = .failure(error)
            }
            let result = state.withLock { state -> Snapshot? in
                state.reloading = false
                switch opened {
                case .success(let fresh):
                    state.snapshot = fresh
                    state.stamp = stamp
                    state.lastError = nil
                case .failure(let error):
                    state.lastError = error.description
                }
                return state.snapshot
            }
            if let result { return result }
        }
        if let snapshot { return snapshot }
        throw APIError(status: .serviceUnavailable, code: "store_unreadable",
                       message: state.withLock { $0.lastError } ?? "the store at \(storeRoot) cannot be read yet")
    }

    /// The last error opening the store, nil once a snapshot opened after it.
    var lastError: String? { state.withLock { $0.lastError } }
}

/// A file's identity and modification time: changes whenever the file is replaced.
struct FileStamp: Equatable, Sendable {
    var inode: UInt64
    var size: Int64
    var modifiedNanoseconds: Int64

    /// When the file was modified.
    var modified: Timestamp { Timestamp(secondsSince1970: modifiedNanoseconds / 1_000_000_000) }

    /// The stamp of `path`, nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
    }
}
