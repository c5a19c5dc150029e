import CarteleraModel
import CarteleraQuery
import CarteleraStore
import CarteleraTesting
import Foundation

/// A small store on disk with the query index, for query tests: items committed as given.
final class QueryStore: @unchecked Sendable {
    let folder: TemporaryFolder
    let store: FileStore
    let madrid = ZoneConverter(identifier: "Europe/Madrid")!

    init() throws {
        folder = try TemporaryFolder("query")
        store = try FileStore(root: folder.path + "/store", indexer: QueryIndexer())
    }

    var root: String { store.root }

    /// Commits programmes (grouped into their shards), channels, venues, nights and the like at once.
    func commit(programmes: [Programme] = [], channels: [Channel] = [], venues: [Venue] = [], evenings: [NightsDay] = [],
                promotions: [Promotion] = [], audiences: [AudienceDay] = [], at time: Timestamp = Timestamp(secondsSince1970: 1_795_000_000)) throws {
        var shards = ShardContent.programmeShards(programmes)
        if !channels.isEmpty { shards[.channels] = .channels(channels) }
        for (city, venues) in Dictionary(grouping: venues, by: { Slug.make($0.city) }) { shards[.venues(city: city)] = .venues(venues) }
        for evening in evenings { if let day = evening.nights.first?.date ?? evening.guestLists.first?.date { shards[.nights(day: day)] = .nights(evening) } }
        if !promotions.isEmpty { shards[.promotions] = .promotions(promotions) }
        for day in audiences { if let date = day.entries.first?.day ?? day.shares.first?.day { shards[.audiences(day: date)] = .audiences(day) } }
        let lock = try store.lock(at: time)
        defer { lock.release() }
        _ = try store.commit(shards, at: time, lock: lock)
    }

    /// The engine over a snapshot of the store's current generation.
    func engine() throws -> QueryEngine {
        try QueryEngine.open(store)
    }

    /// The index of a snapshot of the store at `root`, opened read-only.
    static func index(_ root: String) throws -> QueryIndex {
        try QueryIndex.open(try FileStore(root: root, creating: false).snapshot())
    }

    /// A local Madrid time as an instant.
    func madrid(_ text: String) -> Timestamp {
        let parts = text.split(separator: " ")
        let clock = parts[1].split(separator: ":").compactMap { Int($0) }
        return madrid.instant(LocalDateTime(day: Day(String(parts[0]))!, hour: clock[0], minute: clock[1]))
    }

    /// A programme on a channel from a local Madrid time for some minutes.
    func programme(_ channel: ChannelID, _ start: String, minutes: Int, _ title: String, type: ProgrammeType? = nil, genres: [Genre] = [],
                   year: Int? = nil, score: Double? = nil) -> Programme {
        let begin = madrid(start)
        return Programme(channel: channel, start: begin, stop: begin.adding(seconds: Int64(minutes * 60)), timeZone: "Europe/Madrid", title: title,
                         genres: genres, type: type, year: year, score: score, provenance: [Provenance(source: "guide.example")])
    }

    /// A context at a local Madrid time.
    func context(_ now: String, lists: [String: [ChannelID]] = [:]) -> QueryContext {
        QueryContext(now: madrid(now), guideZone: madrid, channelLists: lists)
    }
}
