import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Dispatch

/// What the site shows beyond the engine's answers, read from one store snapshot: the programmes' whole records (synopsis,
/// people, images), channels, audiences, news, venues, nights, guest lists, promotions and the sources' last updates.
struct SiteContent: Sendable {
    /// Every stored channel, by id.
    var channels: [ChannelID: Channel] = [:]
    /// The whole record of each row of the site's listings, in the same order, links other than http(s) already dropped.
    var programmes: [Programme] = []
    /// Audience days, by day.
    var audiences: [Day: AudienceDay] = [:]
    /// News items, by day.
    var news: [Day: [NewsItem]] = [:]
    /// Every venue, by name.
    var venues: [Venue] = []
    /// Every evening's nights and guest lists, by evening.
    var evenings: [Day: NightsDay] = [:]
    /// Every stored promotion.
    var promotions: [Promotion] = []
    /// Each source's last successful scrape, by source id.
    var sources: [SourceID: Timestamp?] = [:]
    /// The store generation read.
    var generation = 0

    /// Reads a snapshot: the whole records of `rows` (the engine's answer the site lists), decoding their shards on
    /// `workers` threads, and everything else the site shows.
    static func read(_ store: any StoreSnapshot, rows: [ProgrammeRow], workers: Int) throws(SiteError) -> SiteContent {
        var content = SiteContent()
        do {
            content.generation = store.generation
            for channel in try store.channels() { content.channels[channel.id] = channel }
            var seenSources = Set<SourceID>()
            var cities: [String] = []
            var nightDays: [Day] = []
            var audienceDays: [Day] = []
            var newsDays: [Day] = []
            // The shard list is read once: listing the store is most of what each of its lists costs.
            for key in try store.shardKeys() {
                switch key {
                case .venues(let city): cities.append(city)
                case .nights(let day): nightDays.append(day)
                case .audiences(let day): audienceDays.append(day)
                case .news(let day): newsDays.append(day)
                default: continue
                }
            }
            content.programmes = try programmes(of: store, rows: rows, workers: workers).map { $0.withWebLinksOnly() }
            for programme in content.programmes { programme.provenance.forEach { seenSources.insert($0.source) } }
            for day in audienceDays {
                guard let audiences = try store.audiences(day: day), !audiences.isEmpty else { continue }
                content.audiences[day] = audiences
                audiences.entries.forEach { seenSources.insert($0.provenance.source) }
            }
            for day in newsDays {
                let news = try store.news(day: day)
                if !news.isEmpty { content.news[day] = news }
            }
            for city in cities { content.venues += try store.venues(city: city) }
            content.venues.sort { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) }
            content.venues = content.venues.map { $0.withWebLinksOnly() }
            for venue in content.venues { venue.provenance.forEach { seenSources.insert($0.source) } }
            for day in nightDays {
                guard var evening = try store.nights(day: day), !evening.isEmpty else { continue }
                evening.nights = evening.nights.map { $0.withWebLinksOnly() }
                evening.guestLists = evening.guestLists.map { $0.withWebLinksOnly() }
                content.evenings[day] = evening
            }
            content.promotions = try store.promotions().map { $0.withWebLinksOnly() }
            for source in seenSources.sorted(by: { $0.rawValue < $1.rawValue }) {
                content.sources[source] = try store.sourceState(source)?.lastSuccess
            }
        } catch {
            throw SiteError(error, in: store.location)
        }
        return content
    }

    /// The whole record of each row, in the rows' order: each row's shard (its channel's UTC day) decoded once, the shards
    /// shared out to `workers` threads (decoding is most of reading a store); of each shard, only the rows' records are kept
    /// (a site that lists part of a day would otherwise hold the whole day's).
    private static func programmes(of store: any StoreSnapshot, rows: [ProgrammeRow], workers: Int) throws(StoreError) -> [Programme] {
        let wanted = Set(rows.map(\.id))
        var seen = Set<ShardKey>()
        let shards = rows.compactMap { row -> ShardKey? in
            let key = ShardKey.programmes(day: row.start.utcDay, channel: row.channel)
            return seen.insert(key).inserted ? key : nil
        }
        let results = ResultSlots<Result<[Programme], StoreError>>(count: shards.count)
        let next = JobCounter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let job = next.take(below: shards.count) {
                do throws(StoreError) {
                    guard case .programmes(let day, let channel) = shards[job] else { continue }
                    results.set(job, .success(try store.programmes(day: day, channel: channel).filter { wanted.contains($0.id) }))
                } catch {
                    results.set(job, .failure(error))
                }
            }
        }
        var byID: [ProgrammeID: Programme] = [:]
        byID.reserveCapacity(rows.count)
        for result in results.values {
            switch result {
            case .success(let programmes): for programme in programmes { byID[programme.id] = programme }
            case .failure(let error): throw error
            case nil: continue
            }
        }
        // The engine's index and the shards are one generation, so every row has its record; a row without one (never
        // expected) still shows what the index holds.
        return rows.map { row in
            byID[row.id] ?? Programme(channel: row.channel, start: row.start, stop: row.stop, timeZone: "UTC", title: row.title,
                                      genres: row.genres, type: row.type, year: row.year, score: row.score, provenance: [])
        }
    }
}
