import CarteleraCore
import CarteleraModel
import CarteleraNormalize
import CarteleraQuery
import CarteleraStore
import Crypto
import Foundation
import Synchronization

/// Data set G written into a store through the normal commit path, and read back out of it as JSON Lines.
public enum DataSetGStore {
    /// The source every G item is stored under.
    public static let source: SourceID = "bench-g.example"

    /// How writing G went.
    public struct IngestReport: Sendable {
        /// Programmes committed.
        public var programmes: Int
        /// Venues committed.
        public var venues: Int
        /// Shard files written.
        public var shards: Int
        /// Generating and turning the data into model values.
        public var generateSeconds: Double
        /// Committing: encoding, writing shards atomically, updating the query index.
        public var commitSeconds: Double
        /// The store generation after the last commit.
        public var generation: Int
    }

    /// Writes G into the store at `root` (which must be new or empty): a commit per day of programmes, then the venues.
    ///
    /// `days` and `channels` keep a part of G (the first days, some channels) for tests; ids stay G's own.
    public static func ingest(into root: String, days: Int = DataSetG.dayCount, channels kept: Set<String>? = nil,
                              progress: (String) -> Void = { _ in }) throws -> IngestReport {
        let store = try FileStore(root: root, indexer: QueryIndexer())
        guard try store.shardKeys().isEmpty else {
            throw StoreError(kind: .invalidContent, file: store.root, detail: "already holds shards: give cartelera-bench generate a new folder")
        }
        let now = Timestamp(secondsSince1970: DataSetG.now)
        let lock = try store.lock(at: now)
        defer { lock.release() }
        let clock = ContinuousClock()
        var generate = Duration.zero, commit = Duration.zero
        var report = IngestReport(programmes: 0, venues: 0, shards: 0, generateSeconds: 0, commitSeconds: 0, generation: 0)
        let genres = GenreCache()

        let channels = (0..<DataSetG.channelCount).map { index in
            Channel(id: ChannelID(DataSetG.channelName(index)), name: "Canal \(index + 1)", language: "es", sources: [source])
        }
        commit += try clock.measure { _ = try store.commit([.channels: .channels(channels)], at: now, lock: lock) }

        var day: [Programme] = []
        var currentDay: Int64?
        func flush() throws {
            guard !day.isEmpty else { return }
            var shards: [ShardKey: ShardContent] = [:]
            for (key, programmes) in Dictionary(grouping: day, by: { ShardKey.programmes(day: $0.start.utcDay, channel: $0.channel) }) {
                shards[key] = .programmes(programmes)
            }
            commit += try clock.measure { report.generation = try store.commit(shards, at: now, lock: lock).generation ?? report.generation }
            report.programmes += day.count
            report.shards += shards.count
            progress("committed \(day.count) programmes of \(Timestamp(secondsSince1970: currentDay ?? 0).utcDay) in \(shards.count) shards")
            day.removeAll(keepingCapacity: true)
        }
        var started = clock.now
        try DataSetG.forEachProgramme(days: days) { generated in
            if let kept, !kept.contains(generated.channel) { return }
            let dayStart = generated.start - (generated.start - DataSetG.base) % 86_400
            if currentDay != dayStart {
                generate += clock.now - started
                try flush()
                currentDay = dayStart
                started = clock.now
            }
            day.append(programme(generated, genres: genres))
        }
        generate += clock.now - started
        try flush()

        started = clock.now
        let venues = DataSetG.venues().map { venue(from: $0) }
        generate += clock.now - started
        commit += try clock.measure { report.generation = try store.commit([.venues(city: "madrid"): .venues(venues)], at: now, lock: lock).generation ?? report.generation }
        report.venues = venues.count
        report.shards += 2
        report.generateSeconds = generate.seconds
        report.commitSeconds = commit.seconds
        return report
    }

    /// A G programme as the store's model: its genres as labels (in draw order) and canonical genres, its id kept.
    static func programme(_ generated: DataSetG.Programme, genres: GenreCache) -> Programme {
        Programme(
            channel: ChannelID(generated.channel), start: Timestamp(secondsSince1970: generated.start),
            stop: Timestamp(secondsSince1970: generated.stop), timeZone: "UTC", title: generated.title, categories: generated.genres,
            genres: genres.canonical(generated.genres), type: ProgrammeType(rawValue: generated.type), year: generated.year,
            score: generated.rating, provenance: [Provenance(source: source)], externalID: String(generated.id))
    }

    /// A G venue as the store's model: in Madrid, with an id that keeps two venues of one name apart.
    static func venue(from generated: DataSetG.Venue) -> Venue {
        Venue(
            id: VenueID("madrid/\(Slug.make(generated.name))-\(generated.id)"), name: generated.name, city: "Madrid",
            location: GeoPoint(latitude: generated.latitude, longitude: generated.longitude),
            musicGenres: MusicGenreMapper.genres(for: generated.music), musicLabels: generated.music, freeEntry: generated.freeEntry,
            rating: generated.rating, provenance: [Provenance(source: source)], externalID: String(generated.id))
    }

    /// Reads every programme and venue back out of the store and writes them as the reference's JSON Lines into `folder`; returns each file's SHA-256.
    public static func export(from root: String, into folder: String) throws -> [String: String] {
        let store = try FileStore(root: root, creating: false).snapshot()
        let keys = try store.shardKeys().filter { if case .programmes = $0 { true } else { false } }
        // Decoding a million programmes is the slow part: one shard per task, both cores busy.
        let found = Mutex<[(Int, String)]>([])
        let failure = Mutex<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: keys.count) { position in
            do {
                guard case .programmes(let programmes)? = try store.content(keys[position]) else { return }
                let shardLines = programmes.compactMap { programme -> (Int, String)? in
                    guard let id = programme.externalID.flatMap(Int.init) else { return nil }
                    return (id, DataSetG.jsonLine(DataSetG.Programme(
                        id: id, channel: programme.channel.rawValue, start: programme.start.secondsSince1970,
                        stop: programme.stop?.secondsSince1970 ?? programme.start.secondsSince1970, title: programme.title,
                        type: programme.type?.rawValue ?? "", genres: programme.categories, year: programme.year, rating: programme.score ?? 0)))
                }
                found.withLock { $0 += shardLines }
            } catch {
                failure.withLock { $0 = error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        let lines = found.withLock { $0 }.sorted { $0.0 < $1.0 }.map(\.1)
        var venueLines: [(Int, String)] = []
        for city in try store.venueCities() {
            for venue in try store.venues(city: city) {
                guard let id = venue.externalID.flatMap(Int.init), let location = venue.location else { continue }
                venueLines.append((id, DataSetG.jsonLine(DataSetG.Venue(
                    id: id, name: venue.name, latitude: location.latitude, longitude: location.longitude, music: venue.musicLabels,
                    freeEntry: venue.freeEntry ?? false, rating: venue.rating ?? 0))))
            }
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return [
            "programmes.jsonl": try write(lines, to: folder + "/programmes.jsonl"),
            "venues.jsonl": try write(venueLines.sorted { $0.0 < $1.0 }.map(\.1), to: folder + "/venues.jsonl"),
        ]
    }

    /// Writes lines, each followed by a newline, and returns the file's SHA-256 in hex.
    private static func write(_ lines: [String], to path: String) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.count * 130)
        for line in lines {
            bytes += line.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }
}

/// G's 25 labels mapped to canonical genres once each, not once per programme.
final class GenreCache: @unchecked Sendable {
    private var cache: [String: [Genre]] = [:]

    func canonical(_ labels: [String]) -> [Genre] {
        var result: [Genre] = []
        for label in labels {
            let mapped = cache[label] ?? {
                let genres = GenreMapper.genres(for: [label])
                cache[label] = genres
                return genres
            }()
            for genre in mapped where !result.contains(genre) { result.append(genre) }
        }
        return result
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}
