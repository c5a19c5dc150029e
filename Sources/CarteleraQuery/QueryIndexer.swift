import CarteleraModel
import CarteleraStore
import Foundation

/// The index files' state: the store generation they reflect together, and each file's own build generation.
///
/// Written last in every commit, so a reader that finds it and each file at the generation it names has one
/// consistent index; a file rewritten after the reader read the state is seen by its generation and re-read.
struct IndexState: Codable, Hashable {
    static let fileName = "state.json"

    /// The store generation the files reflect.
    var generation: Int
    /// Each file's name → the generation it was last built at.
    var files: [String: Int]
}

/// Keeps the query index (`index/programmes.idx`, `nightlife.idx`, `audiences.idx`, `state.json`) in step with the shards, inside each commit.
///
/// Programmes are updated incrementally: the records of unchanged shards come from the previous index, those of
/// changed shards from the commit. Nightlife and audiences are small and rebuilt from their shards when any of them changes.
public struct QueryIndexer: StoreIndexer {
    static let programmesFile = "programmes.idx"
    static let nightlifeFile = "nightlife.idx"
    static let audiencesFile = "audiences.idx"

    /// The indexer.
    public init() {}

    /// `state.json`: removed when the files cannot be trusted.
    public var marker: String { IndexState.fileName }

    /// The files a commit changed, then the state.
    public func update(_ store: any StoreReader & DerivedFileReader, changed: [ShardKey: ShardContent], generation: Int) throws -> [(name: String, bytes: [UInt8])] {
        guard var state = Self.state(from: store) else { return try rebuild(store, generation: generation) }
        var files: [(name: String, bytes: [UInt8])] = []
        let keys = Set(changed.keys)
        if keys.contains(where: { if case .programmes = $0 { true } else { $0 == .channels } }) {
            files.append((Self.programmesFile, try programmes(store, changed: changed, previous: Self.programmeIndex(from: store, state: state), generation: generation)))
        }
        if keys.contains(where: { switch $0 { case .venues, .nights, .promotions: true; default: false } }) {
            files.append((Self.nightlifeFile, try nightlife(store, generation: generation)))
        }
        if keys.contains(where: { if case .audiences = $0 { true } else { false } }) {
            files.append((Self.audiencesFile, try audiences(store, generation: generation)))
        }
        for file in files { state.files[file.name] = generation }
        state.generation = generation
        return files + [(IndexState.fileName, try Self.encode(state))]
    }

    /// Every file, from the shards `store` reads, then the state.
    public func rebuild(_ store: any StoreReader, generation: Int) throws -> [(name: String, bytes: [UInt8])] {
        let files = [
            (Self.programmesFile, try programmes(store, changed: [:], previous: nil, generation: generation)),
            (Self.nightlifeFile, try nightlife(store, generation: generation)),
            (Self.audiencesFile, try audiences(store, generation: generation)),
        ]
        let state = IndexState(generation: generation, files: Dictionary(uniqueKeysWithValues: files.map { ($0.0, generation) }))
        return files.map { (name: $0.0, bytes: $0.1) } + [(IndexState.fileName, try Self.encode(state))]
    }

    /// Whether the state names `generation` and every file is there, whole, at the generation it names (each is opened and checked as a reader would).
    public func isCurrent(_ store: any DerivedFileReader, generation: Int) -> Bool {
        guard let state = Self.state(from: store), state.generation == generation, state.files.count == 3 else { return false }
        func file(_ name: String, _ kind: IndexFile.Kind) -> IndexFile? {
            guard let file = Self.file(name, kind, from: store), file.generation == state.files[name] else { return nil }
            return file
        }
        guard let programmes = file(Self.programmesFile, .programmes), let nightlife = file(Self.nightlifeFile, .nightlife),
              let audiences = file(Self.audiencesFile, .audiences) else { return false }
        return (try? ProgrammeIndex(file: programmes)) != nil && (try? NightlifeIndex(file: nightlife)) != nil && (try? AudienceIndex(file: audiences)) != nil
    }

    /// The programme index: the previous index's records for shards not changed, the commit's for changed ones (the disk's when there is no previous index).
    private func programmes(_ store: any StoreReader, changed: [ShardKey: ShardContent], previous: ProgrammeIndex?, generation: Int) throws -> [UInt8] {
        var entries: [ProgrammeEntry] = []
        var covered = Set<ShardKey>()
        for (key, content) in changed {
            guard case .programmes = key else { continue }
            covered.insert(key)
            if case .programmes(let programmes) = content { entries += programmes.map(ProgrammeEntry.init) }
        }
        let columns: ProgrammeColumns
        if let previous {
            let kept = ProgrammeColumns(previous, dropping: covered)
            let folds = Dictionary(zip(kept.titles, kept.foldedTitles), uniquingKeysWith: { first, _ in first })
            columns = kept.merged(with: ProgrammeColumns(entries, folds: folds))
        } else {
            for key in try store.shardKeys() where !covered.contains(key) {
                guard case .programmes = key, case .programmes(let programmes)? = try store.content(key) else { continue }
                entries += programmes.map(ProgrammeEntry.init)
            }
            columns = ProgrammeColumns(entries)
        }
        let channels: [Channel] = if case .channels(let list)? = changed[.channels] { list } else { try store.channels() }
        let names = Dictionary(channels.map { ($0.id.rawValue, $0.name) }, uniquingKeysWith: { first, _ in first })
        return columns.bytes(channelNames: names, generation: generation)
    }

    private func nightlife(_ store: any StoreReader, generation: Int) throws -> [UInt8] {
        var venues: [Venue] = []
        for city in try store.venueCities() { venues += try store.venues(city: city) }
        var evenings: [NightsDay] = []
        for day in try store.nightDays() { if let evening = try store.nights(day: day) { evenings.append(evening) } }
        return NightlifeIndexBuilder.bytes(venues: venues, evenings: evenings, promotions: try store.promotions(), generation: generation)
    }

    private func audiences(_ store: any StoreReader, generation: Int) throws -> [UInt8] {
        var days: [AudienceDay] = []
        for key in try store.shardKeys() {
            guard case .audiences(let day) = key, let audience = try store.audiences(day: day) else { continue }
            days.append(audience)
        }
        return AudienceIndexBuilder.bytes(days, generation: generation)
    }

    /// The state file's content; nil when it is missing or unreadable.
    static func state(from store: any DerivedFileReader) -> IndexState? {
        guard let data = (try? store.derivedFile(IndexState.fileName))??.data else { return nil }
        return try? JSONDecoder().decode(IndexState.self, from: data)
    }

    /// A derived file read as an index of `kind`; nil when it is missing or cannot be read.
    static func file(_ name: String, _ kind: IndexFile.Kind, from store: any DerivedFileReader) -> IndexFile? {
        guard let mapped = (try? store.derivedFile(name)) ?? nil else { return nil }
        return try? IndexFile.read(mapped, kind: kind, file: name)
    }

    /// The previous programme index, when the state vouches for it.
    private static func programmeIndex(from store: any DerivedFileReader, state: IndexState) -> ProgrammeIndex? {
        guard let file = file(programmesFile, .programmes, from: store), file.generation == state.files[programmesFile] else { return nil }
        return try? ProgrammeIndex(file: file)
    }

    private static func encode(_ state: IndexState) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(state))
    }
}
