#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraCore
import CarteleraModel
import Foundation
import Synchronization

/// One generation of a `FileStore`, read-only: what `FileStore.snapshot()` returns.
///
/// Commits replace files by rename and write the manifest last, so a snapshot holds the manifest it opened with
/// and checks every shard it reads against that generation. A commit writes its journal before its first shard and
/// removes it only after its manifest (healing a killed commit does the same), so bytes read while, afterwards, the
/// manifest file is still the snapshot's and no journal is there are that generation's: the read checks those two
/// files and returns them without hashing. Otherwise it compares the bytes' hash with the manifest's, and bytes that
/// differ mean one of three things:
/// - a commit has since written a new manifest (its file identity changed): the read throws `.superseded`;
/// - a commit is between its shards and its manifest (its journal is there): the read waits for the manifest,
///   up to `patience`, then throws `.superseded`; if the manifest never comes, the journal is a killed writer's and
///   the bytes are returned as they are, as every read did before the next writer heals the store;
/// - nothing is changing (a damaged file, a shard a rebuilt manifest left out): the bytes are returned as they are,
///   so decoding names what is wrong with the file.
/// Checking costs two `stat` calls, and one FNV-1a pass over the bytes while a commit is under way or after one.
public final class FileStoreSnapshot: StoreSnapshot {
    /// The manifest this snapshot reads.
    public let manifest: Manifest
    private let store: FileStore
    /// The manifest file's identity when it was read; nil when the store has no manifest.
    private let stamp: FileIdentity?
    private let patience: Duration
    /// The manifest's and the commit journal's paths, checked on every read.
    private let manifestPath: String, journalPath: String
    /// Set once a mismatch turned out to be a killed writer's leftovers, so later reads do not wait again.
    private let settled = Atomic(false)

    init(store: FileStore, patience: Duration) throws(StoreError) {
        self.store = store
        self.patience = patience
        manifestPath = store.path(FileStore.manifestName)
        journalPath = store.path(CommitJournal.fileName)
        // The identity is taken before the manifest is read: if a commit replaces it in between, the snapshot
        // reads as superseded at once rather than holding a newer manifest under an older identity.
        stamp = FileIdentity(path: manifestPath)
        manifest = try store.manifest()
    }

    /// The generation read.
    public var generation: Int { manifest.generation }

    /// The store's folder.
    public var location: String { store.root }

    /// The shards of this generation, from its manifest; listed from the folders for a store without a manifest.
    public func shardKeys() throws(StoreError) -> [ShardKey] {
        guard stamp != nil else { return try store.shardKeys() }
        return manifest.shards.keys.sorted().compactMap(ShardKey.init(relativePath:))
    }

    /// The shard's bytes as this generation stored them; `.superseded` when a commit has replaced them since.
    public func shardData(_ key: ShardKey) throws(StoreError) -> Data? {
        let data = try store.shardData(key)
        guard stamp != nil, isSuperseded() || POSIX.exists(journalPath),
              data.map(FNV1a.hex) != manifest[key]?.hash else { return data }
        try checkNotSuperseded(key)
        return data
    }

    /// A source's state as it is now.
    public func sourceState(_ id: SourceID) throws(StoreError) -> SourceState? {
        try store.sourceState(id)
    }

    /// Every source's state as it is now, by id.
    public func sourceStates() throws(StoreError) -> [SourceState] {
        try store.sourceStates()
    }

    /// `index/<name>`, mapped.
    public func derivedFile(_ name: String) throws(StoreError) -> MappedFile? {
        try MappedFile.map(store.path(FileStore.derivedFolder + "/" + name))
    }

    /// Whether the manifest file was replaced since the snapshot was taken.
    public func isSuperseded() -> Bool {
        FileIdentity(path: manifestPath) != stamp
    }

    /// Throws `.superseded` when a commit replaced or is replacing this generation; returns when nothing is changing.
    private func checkNotSuperseded(_ key: ShardKey) throws(StoreError) {
        let superseded = StoreError(kind: .superseded, file: key.relativePath, detail: "changed after generation \(generation) was opened")
        if isSuperseded() { throw superseded }
        guard !settled.load(ordering: .relaxed), POSIX.exists(journalPath) else { return }
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            if isSuperseded() { throw superseded }
            if !POSIX.exists(journalPath) { break }
        }
        if isSuperseded() { throw superseded }
        settled.store(true, ordering: .relaxed)
    }
}

/// A file's identity and modification time: an atomic rename over the file always changes it.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedNanoseconds: Int64

    /// The identity of the file at `path`; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
    }
}
