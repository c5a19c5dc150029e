import CarteleraModel
import Foundation
import Logging
import Synchronization

/// The JSON-files store.
///
/// ```
/// <root>/manifest.json                       generation, and per shard: items, FNV-1a hash, last change
/// <root>/lock                                writer lock (flock), holds the writer's pid
/// <root>/journal.json                        present only while a commit is between its first rename and its manifest
/// <root>/tv/channels.json
/// <root>/tv/programmes/<YYYY-MM-DD>/<channel>.json   UTC day of the start
/// <root>/tv/audiences/<YYYY-MM-DD>.json
/// <root>/tv/news/<YYYY-MM-DD>.json
/// <root>/nightlife/venues/<city-slug>.json   venues of a city, kept when no longer listed (notSeenSince)
/// <root>/nightlife/nights/<YYYY-MM-DD>.json  the evening's nights and guest lists (local date a night starts on)
/// <root>/nightlife/promotions.json           every promotion, with its paid flag
/// <root>/sources/<source>.json               SourceState: last attempt and success, counts
/// <root>/reports/<YYYY-MM-DDTHHMMSSZ>.json   run reports, the last 50
/// <root>/quarantine/<stamp>/<shard path>     shards that could not be decoded, set aside for the operator
/// <root>/index/                              files derived from the shards (the query index), written by `indexer`
/// ```
/// Reads take no lock: every file is replaced by rename, so a reader sees a whole shard, old or new. Reading methods
/// keep no state in the instance, so one store is read from several threads at once (the site decodes a day's shards
/// in parallel); writes go through `writeGate`.
public final class FileStore: Store, DerivedFileReader {
    /// The store's folder, as an absolute path.
    public let root: String
    /// Tells this instance's locks from those of another instance on the same folder.
    let identity = UUID()
    let logger: Logger
    /// Serialises writes made through one lock from several tasks (the flock only excludes other holders), and
    /// keeps what the last commit wrote.
    let writeGate = Mutex(WriterMemory())
    /// The last failure to write the derived index files, cleared by the next write that succeeds.
    let indexHealth = Mutex<StoreError?>(nil)
    /// Keeps the derived files of `index/` in step with each commit; nil for a store without them.
    public let indexer: (any StoreIndexer)?

    /// The folder of files derived from the shards (the query index), which `StoreSnapshot.derivedFile(_:)` reads.
    public static let derivedFolder = "index"

    /// The shard folders under the root, each listed by `shardKeys()`.
    static let shardFolders = ["tv/programmes", "tv/audiences", "tv/news", "nightlife/venues", "nightlife/nights"]

    /// Opens the store at `root`; throws `.schemaMismatch` for a store of a schema this build cannot read.
    ///
    /// With `creating`, missing folders are made (writers); without it nothing is created, so a reader can
    /// open a store on a read-only disk. A manifest that cannot be parsed does not stop the open: reading it
    /// throws `.corrupt`, and the next lock heals it from the shard files present.
    public init(root: String, creating: Bool = true, indexer: (any StoreIndexer)? = nil, logger: Logger = Logger(label: "cartelera.store")) throws(StoreError) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.logger = logger
        self.indexer = indexer
        if POSIX.exists(self.root), !POSIX.isDirectoryFollowingLinks(self.root) {
            throw StoreError(kind: .io, file: self.root, detail: "is a file, not a store folder (point --store or CARTELERA_STORE at a folder)")
        }
        if creating {
            // `sources/` and `reports/` are made when first written, so a problem with them costs only that write.
            for folder in Self.shardFolders {
                try POSIX.makeDirectory(path(folder))
            }
        } else if !POSIX.exists(self.root) {
            throw StoreError(kind: .io, file: self.root, detail: "no store here (run `cartelera run` or `cartelera demo` first, or pass --store DIR)")
        }
        try checkSchemaVersion()
    }

    /// A read-only view of the current generation; a read of a shard a later commit replaced throws `.superseded`.
    ///
    /// A read that meets a commit between its shards and its manifest waits for the manifest up to `patience`.
    public func snapshot(patience: Duration) throws(StoreError) -> FileStoreSnapshot {
        try FileStoreSnapshot(store: self, patience: patience)
    }

    /// A read-only view of the current generation, waiting up to 10 s for a commit a read meets half done.
    public func snapshot() throws(StoreError) -> any StoreSnapshot {
        try snapshot(patience: .seconds(10))
    }

    /// `index/<name>` as it is now, mapped; for the indexer inside a commit (readers go through a snapshot).
    public func derivedFile(_ name: String) throws(StoreError) -> MappedFile? {
        try MappedFile.map(path(Self.derivedFolder + "/" + name))
    }

    /// The absolute path of a file inside the store.
    func path(_ relativePath: String) -> String { root + "/" + relativePath }

    /// The shard file's bytes; nil when it does not exist.
    public func shardData(_ key: ShardKey) throws(StoreError) -> Data? {
        try POSIX.readFile(path(key.relativePath))
    }

    /// Lists the shard files under `tv/` and `nightlife/`, skipping temp files and anything else; an unreadable folder is an error.
    public func shardKeys() throws(StoreError) -> [ShardKey] {
        var keys = [ShardKey.channels, .promotions].filter { POSIX.exists(path($0.relativePath)) }
        for folder in try POSIX.list(path("tv/programmes")) where Day(folder) != nil {
            keys += try POSIX.list(path("tv/programmes/\(folder)")).compactMap { ShardKey(relativePath: "tv/programmes/\(folder)/\($0)") }
        }
        for folder in Self.shardFolders where folder != "tv/programmes" {
            keys += try POSIX.list(path(folder)).compactMap { ShardKey(relativePath: "\(folder)/\($0)") }
        }
        // `ShardKey <` builds both paths at every comparison: each is built once here.
        return keys.map { ($0.relativePath, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// What a writer remembers between its commits while it holds one lock.
struct WriterMemory {
    /// The manifest the last commit under lock `lock` wrote. No one else writes while that lock is held, so the next
    /// commit under it starts from this instead of reading and decoding the file again.
    var manifest: (lock: UUID, value: Manifest)?
}
