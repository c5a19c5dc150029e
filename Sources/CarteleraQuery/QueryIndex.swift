import CarteleraModel
import CarteleraStore
import Foundation

/// The store's query index as one consistent snapshot: programmes, nightlife and audiences at one generation.
///
/// Opening reads only: it creates nothing and takes no lock. It uses the index files when their state names the
/// manifest's generation (or a newer one, written by a commit that is finishing: its shards are already in
/// place); a file replaced while it was being opened is noticed by its generation and the open starts over.
/// When the files are missing, stale or damaged, the index is built in memory from the shards, and kept only if
/// no commit ran meanwhile (the manifest's generation unchanged and no journal before or after): old or new, never a mix.
public final class QueryIndex: Sendable {
    /// Where a snapshot came from.
    public enum Origin: Sendable, Hashable {
        /// The index files.
        case files
        /// Built in memory from the shards, because the files were missing, stale or damaged (the reason).
        case shards(String)
    }

    /// The store generation the snapshot reflects.
    public let generation: Int
    /// Where the snapshot came from: the index files, or the shards when the files could not be used.
    public let origin: Origin
    let programmes: ProgrammeIndex
    let nightlife: NightlifeIndex
    let audiences: AudienceIndex

    init(generation: Int, origin: Origin, programmes: ProgrammeIndex, nightlife: NightlifeIndex, audiences: AudienceIndex) {
        self.generation = generation
        self.origin = origin
        self.programmes = programmes
        self.nightlife = nightlife
        self.audiences = audiences
    }

    /// Opens the index of the store at `root`, read-only; throws when the store cannot be read or keeps changing for `patience` seconds.
    public static func open(store root: String, patience: Double = 10) throws(StoreError) -> QueryIndex {
        let store = try FileStore(root: root, creating: false)
        let folder = store.root + "/index"
        let journal = store.root + "/journal.json"
        let deadline = Date().addingTimeInterval(patience)
        var lastReason = "no index files yet"
        while true {
            let manifest = try store.manifest()
            var usable = false
            if let state = QueryIndexer.state(in: folder), state.generation >= manifest.generation {
                do {
                    if let index = try fromFiles(folder, state: state) { return index }
                    lastReason = "an index file changed while it was opened"
                    usable = true
                } catch {
                    lastReason = error.description
                }
            } else {
                lastReason = QueryIndexer.state(in: folder) == nil ? "no index files yet" : "the index files are older than the store"
            }
            if !usable, !FileManager.default.fileExists(atPath: journal) {
                let built = try build(store, generation: manifest.generation, reason: lastReason)
                if try store.manifest().generation == manifest.generation, !FileManager.default.fileExists(atPath: journal) {
                    return built
                }
            }
            guard Date() < deadline else {
                throw StoreError(kind: .io, file: store.root, detail: "the store kept changing while it was read (\(lastReason)); try again when the run is done")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// The three files at the generations the state names; nil when one was replaced meanwhile.
    private static func fromFiles(_ folder: String, state: IndexState) throws(IndexError) -> QueryIndex? {
        func file(_ name: String, _ kind: IndexFile.Kind) throws(IndexError) -> IndexFile? {
            guard let file = try IndexFile.open(folder + "/" + name, kind: kind) else {
                throw IndexError(kind: .corrupt, file: name, detail: "is missing")
            }
            return file.generation == state.files[name] ? file : nil
        }
        guard let programmes = try file(QueryIndexer.programmesFile, .programmes),
              let nightlife = try file(QueryIndexer.nightlifeFile, .nightlife),
              let audiences = try file(QueryIndexer.audiencesFile, .audiences),
              QueryIndexer.state(in: folder) == state else { return nil }
        return QueryIndex(generation: state.generation, origin: .files, programmes: try ProgrammeIndex(file: programmes),
                          nightlife: try NightlifeIndex(file: nightlife), audiences: try AudienceIndex(file: audiences))
    }

    /// The index built in memory from the shards on disk.
    static func build(_ store: FileStore, generation: Int, reason: String) throws(StoreError) -> QueryIndex {
        do {
            let files = try QueryIndexer().rebuild(store, generation: generation)
            func file(_ name: String, _ kind: IndexFile.Kind) throws -> IndexFile {
                guard let bytes = files.first(where: { $0.name == name })?.bytes else {
                    throw IndexError(kind: .corrupt, file: name, detail: "was not built")
                }
                return try IndexFile.read(bytes, kind: kind, file: name)
            }
            return QueryIndex(generation: generation, origin: .shards(reason),
                              programmes: try ProgrammeIndex(file: try file(QueryIndexer.programmesFile, .programmes)),
                              nightlife: try NightlifeIndex(file: try file(QueryIndexer.nightlifeFile, .nightlife)),
                              audiences: try AudienceIndex(file: try file(QueryIndexer.audiencesFile, .audiences)))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(kind: .io, file: store.root, detail: "cannot build the query index: \(error)")
        }
    }
}
