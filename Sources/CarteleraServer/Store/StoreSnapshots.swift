#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Foundation
import HTTPTypes
import Synchronization

/// The query snapshot requests are answered from, replaced by `StoreReloadService` when a commit changes the store.
///
/// A request takes the current snapshot without touching the disk and keeps it to the end, so it never sees two
/// generations and never waits on an open or an index rebuild: those happen in the service, which notices a commit by
/// the manifest file's identity (inode, size, modification time), which an atomic rename always changes.
final class StoreSnapshots: Sendable {
    /// One generation of the store, opened: a class, so a request takes it with one reference count.
    final class Snapshot: Sendable {
        /// The engine over the generation's index.
        let engine: QueryEngine
        /// The store generation.
        let generation: Int
        /// When the manifest was last written: the `Last-Modified` of every API answer from this snapshot.
        let modified: Timestamp
        /// The manifest's identity when the snapshot was opened.
        let stamp: FileStamp?
        /// The store's generation as the snapshot reads it, for the source states beside it.
        var store: any StoreSnapshot { engine.snapshot }
        /// The channels the snapshot holds, which a query's channel ids are checked against.
        let channels: Set<ChannelID>
        /// Answers already given from this generation, for the same query asked again.
        let answers: BoundedCache<KeptAnswerKey, JSONAnswer>
        /// The headers every answer from this snapshot begins with (`Cache-Control`, `Last-Modified`,
        /// `X-Cartelera-Generation`), for the two ways answers are kept, written and checked once.
        private let keptAnswerHeaders: HTTPFields, unstoredAnswerHeaders: HTTPFields

        init(engine: QueryEngine, generation: Int, modified: Timestamp, stamp: FileStamp?, channels: Set<ChannelID>, answers: BoundedCache<KeptAnswerKey, JSONAnswer>) {
            self.engine = engine
            self.generation = generation
            self.modified = modified
            self.stamp = stamp
            self.channels = channels
            self.answers = answers
            keptAnswerHeaders = Self.answerHeaders(.answer, modified: modified, generation: generation)
            unstoredAnswerHeaders = Self.answerHeaders(.noStore, modified: modified, generation: generation)
        }

        /// The headers an answer kept as `caching` says begins with.
        func answerHeaders(_ caching: Caching) -> HTTPFields {
            switch caching {
            case .noStore: unstoredAnswerHeaders
            case .seconds: caching == .answer ? keptAnswerHeaders : Self.answerHeaders(caching, modified: modified, generation: generation)
            }
        }

        private static func answerHeaders(_ caching: Caching, modified: Timestamp, generation: Int) -> HTTPFields {
            [.cacheControl: caching.header, .lastModified: HTTPDate.format(modified), .carteleraGeneration: String(generation)]
        }
    }

    /// What `/healthz` says of the store.
    struct Health: Sendable {
        /// Whether the store's manifest can be read now.
        var readable: Bool
        /// The generation answers come from.
        var generation: Int?
        /// Why the store cannot be read, or why the last open failed.
        var problem: String?
    }

    private struct State {
        var snapshot: Snapshot?
        /// The manifest identity the last failed open saw, and why it failed.
        var failure: (stamp: FileStamp?, message: String)?
    }

    /// The store's folder.
    let storeRoot: String
    /// Bytes of answers each generation keeps.
    let answerBytes: Int
    private let state = Mutex(State())

    /// Snapshots of the store at `storeRoot`, each keeping up to `answerBytes` of its answers; none until `refresh()` opens one.
    init(storeRoot: String, answerBytes: Int) {
        self.storeRoot = storeRoot
        self.answerBytes = answerBytes
    }

    private var manifestPath: String { storeRoot + "/manifest.json" }

    /// The snapshot to answer from; 503 while none could be opened.
    func current() throws(APIError) -> Snapshot {
        let (snapshot, failure) = state.withLock { ($0.snapshot, $0.failure?.message) }
        if let snapshot { return snapshot }
        throw APIError(status: .serviceUnavailable, code: "store_unreadable", message: failure ?? "the store at \(storeRoot) is not open yet")
    }

    /// What a refresh did.
    enum Refresh: Sendable {
        /// The manifest is as it was: nothing opened.
        case unchanged
        /// A snapshot of this generation replaced the old one; its index came from `index`.
        case opened(generation: Int, index: QueryIndex.Origin)
        /// The store could not be opened; requests go on with the old snapshot, if any.
        case failed(String)
    }

    /// Opens the store again when its manifest changed since the snapshot (or the last failure): the reload service's
    /// work, blocking for as long as the open (or an index rebuild) takes.
    @discardableResult
    func refresh() -> Refresh {
        let stamp = FileStamp(path: manifestPath)
        let unchanged = state.withLock { state in
            if let snapshot = state.snapshot, !snapshot.engine.snapshot.isSuperseded() { return true }
            if state.snapshot == nil, let failure = state.failure, failure.stamp == stamp { return true }
            return false
        }
        guard !unchanged else { return .unchanged }
        do {
            // The server's index is held in memory on huge pages: its answers read records scattered across it.
            let engine = try QueryEngine.open(try FileStore(root: storeRoot, creating: false), resident: true)
            let generation = engine.snapshot.generation
            let fresh = Snapshot(engine: engine, generation: generation, modified: stamp?.modified ?? Timestamp(secondsSince1970: 0),
                                 stamp: stamp, channels: engine.channels,
                                 answers: BoundedCache(maximumEntries: 256, maximumBytes: answerBytes))
            state.withLock {
                $0.snapshot = fresh
                $0.failure = nil
            }
            return .opened(generation: generation, index: engine.index.origin)
        } catch {
            state.withLock { $0.failure = (stamp, error.description) }
            return .failed(error.description)
        }
    }

    /// Whether the store can be read now, checked cheaply: the manifest's identity against the snapshot's, and only
    /// when it changed (a commit the service has not opened yet, or a manifest replaced by something else) the manifest read.
    func health() -> Health {
        let stamp = FileStamp(path: manifestPath)
        let (snapshot, failure) = state.withLock { ($0.snapshot, $0.failure) }
        guard let stamp else {
            return Health(readable: false, generation: snapshot?.generation,
                          problem: FileManager.default.fileExists(atPath: storeRoot) ? "\(manifestPath): missing or unreadable" : "no store at \(storeRoot)")
        }
        if let snapshot, !snapshot.engine.snapshot.isSuperseded() {
            return Health(readable: true, generation: snapshot.generation, problem: nil)
        }
        if let failure, failure.stamp == stamp {
            return Health(readable: false, generation: snapshot?.generation, problem: failure.message)
        }
        do {
            let newer = try FileStore(root: storeRoot, creating: false).snapshot()
            return Health(readable: true, generation: snapshot?.generation ?? newer.generation, problem: nil)
        } catch {
            return Health(readable: false, generation: snapshot?.generation, problem: error.description)
        }
    }
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
