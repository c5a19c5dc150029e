import CarteleraModel
import CarteleraStore
import Foundation

/// The query index of one store snapshot: programmes, nightlife and audiences at the snapshot's generation.
///
/// Opening reads only, through the snapshot: it creates nothing and takes no lock. It uses the index files when
/// their state names the snapshot's generation and each file the generation the state gives it. When the files are
/// missing, stale or damaged, the index is built in memory from the snapshot's shards, which are that generation's
/// or a `.superseded` error: old or new, never a mix.
public final class QueryIndex: Sendable {
    /// Where an index came from.
    public enum Origin: Sendable, Hashable {
        /// The index files.
        case files
        /// Built in memory from the shards, because the files were missing, stale or damaged (which file, and why).
        case shards(IndexFallback)
    }

    /// The snapshot the index was opened from: what the engine reads whole records from.
    public let snapshot: any StoreSnapshot
    /// The store generation the index reflects.
    public var generation: Int { snapshot.generation }
    /// Where the index came from: the index files, or the shards when the files could not be used.
    public let origin: Origin
    let programmes: ProgrammeIndex
    let nightlife: NightlifeIndex
    let audiences: AudienceIndex

    init(snapshot: any StoreSnapshot, origin: Origin, programmes: ProgrammeIndex, nightlife: NightlifeIndex, audiences: AudienceIndex) {
        self.snapshot = snapshot
        self.origin = origin
        self.programmes = programmes
        self.nightlife = nightlife
        self.audiences = audiences
    }

    /// The index of `snapshot`: its index files, or one built from its shards; `.superseded` when a commit replaced the
    /// generation meanwhile. With `resident`, the files are copied into memory on huge pages (`MappedFile.resident`): a
    /// server's answers read scattered records faster so.
    public static func open(_ snapshot: any StoreSnapshot, resident: Bool = false) throws(StoreError) -> QueryIndex {
        switch try filesOrFallback(snapshot, resident: resident) {
        case .files(let index): index
        case .shards(let fallback): try build(snapshot, fallback: fallback)
        }
    }

    /// Why `open` would build the index of `snapshot` from its shards; nil when it would use the index files. The files
    /// are opened and checked as `open` does; nothing is built.
    public static func fallback(_ snapshot: any StoreSnapshot) throws(StoreError) -> IndexFallback? {
        if case .shards(let fallback) = try filesOrFallback(snapshot) { fallback } else { nil }
    }

    /// What opening finds: the index from its files, or why they cannot be used.
    private enum Opening {
        case files(QueryIndex)
        case shards(IndexFallback)
    }

    /// The index from its files, or why they cannot be used.
    private static func filesOrFallback(_ snapshot: any StoreSnapshot, resident: Bool = false) throws(StoreError) -> Opening {
        let stateFile = IndexState.fileName
        guard let state = QueryIndexer.state(from: snapshot) else {
            // A store never written has nothing to index: its first commit writes the files.
            return .shards(IndexFallback(file: stateFile, reason: "missing or unreadable", lasts: snapshot.generation > 0))
        }
        if state.generation == snapshot.generation {
            do {
                if let index = try fromFiles(snapshot, state: state, resident: resident) { return .files(index) }
                return .shards(IndexFallback(file: stateFile, reason: "an index file was replaced while it was opened", lasts: false))
            } catch {
                return .shards(IndexFallback(error, file: error.file ?? stateFile))
            }
        }
        if state.generation > snapshot.generation {
            // A commit has written its index and not yet its manifest (or was killed there): the shards tell which.
            if snapshot.isSuperseded() {
                throw StoreError(kind: .superseded, file: snapshot.location, detail: "generation \(snapshot.generation) was replaced while its index opened")
            }
            return .shards(IndexFallback(file: stateFile, reason: "newer than the manifest", lasts: false))
        }
        return .shards(IndexFallback(file: stateFile, reason: "reflects generation \(state.generation), the store is at \(snapshot.generation)", lasts: true))
    }

    /// The three files at the generations the state names; nil when one was replaced meanwhile.
    private static func fromFiles(_ snapshot: any StoreSnapshot, state: IndexState, resident: Bool) throws(IndexError) -> QueryIndex? {
        func file(_ name: String, _ kind: IndexFile.Kind) throws(IndexError) -> IndexFile? {
            let mapped: MappedFile?
            do { mapped = try snapshot.derivedFile(name) } catch { throw IndexError(kind: .io, file: name, detail: error.description) }
            guard let mapped else { throw IndexError(kind: .missing, file: name, detail: "missing") }
            let file = try IndexFile.read(resident ? MappedFile.resident(mapped) : mapped, kind: kind, file: name)
            return file.generation == state.files[name] ? file : nil
        }
        /// The kind's index over its file; an error names the file.
        func index<Index>(_ file: IndexFile, _ name: String, _ make: (IndexFile) throws(IndexError) -> Index) throws(IndexError) -> Index {
            do { return try make(file) } catch { throw IndexError(kind: error.kind, file: error.file ?? name, detail: error.detail) }
        }
        guard let programmes = try file(QueryIndexer.programmesFile, .programmes),
              let nightlife = try file(QueryIndexer.nightlifeFile, .nightlife),
              let audiences = try file(QueryIndexer.audiencesFile, .audiences),
              QueryIndexer.state(from: snapshot) == state else { return nil }
        return QueryIndex(snapshot: snapshot, origin: .files, programmes: try index(programmes, QueryIndexer.programmesFile, ProgrammeIndex.init),
                          nightlife: try index(nightlife, QueryIndexer.nightlifeFile, NightlifeIndex.init),
                          audiences: try index(audiences, QueryIndexer.audiencesFile, AudienceIndex.init))
    }

    /// The index built in memory from the snapshot's shards.
    static func build(_ snapshot: any StoreSnapshot, fallback: IndexFallback) throws(StoreError) -> QueryIndex {
        do {
            let files = try QueryIndexer().rebuild(snapshot, generation: snapshot.generation)
            func file(_ name: String, _ kind: IndexFile.Kind) throws -> IndexFile {
                guard let bytes = files.first(where: { $0.name == name })?.bytes else {
                    throw IndexError(kind: .corrupt, file: name, detail: "was not built")
                }
                return try IndexFile.read(bytes, kind: kind, file: name)
            }
            return QueryIndex(snapshot: snapshot, origin: .shards(fallback),
                              programmes: try ProgrammeIndex(file: try file(QueryIndexer.programmesFile, .programmes)),
                              nightlife: try NightlifeIndex(file: try file(QueryIndexer.nightlifeFile, .nightlife)),
                              audiences: try AudienceIndex(file: try file(QueryIndexer.audiencesFile, .audiences)))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(kind: .io, file: snapshot.location, detail: "cannot build the query index: \(error)")
        }
    }
}
