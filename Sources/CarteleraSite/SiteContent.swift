import CarteleraModel
import CarteleraStore
import Dispatch

/// What the site shows, read from one store snapshot: channels, programmes, audiences, news, venues, nights,
/// guest lists, promotions and the sources' last updates.
struct SiteContent: Sendable {
    /// Every stored channel, by id.
    var channels: [ChannelID: Channel] = [:]
    /// Programmes by (start, id), links other than http(s) already dropped.
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

    /// Reads a snapshot; with `programmeLimit`, only the first programmes by start (what a benchmark builds).
    static func read(_ store: any StoreSnapshot, programmeLimit: Int?, workers: Int) throws(SiteError) -> SiteContent {
        var content = SiteContent()
        do {
            content.generation = store.generation
            for channel in try store.channels() { content.channels[channel.id] = channel }
            var seenSources = Set<SourceID>()
            // The shard list is read once: listing the store's folders is most of what each of its lists costs.
            var channelsByDay: [Day: [ChannelID]] = [:]
            var cities: [String] = []
            var nightDays: [Day] = []
            for key in try store.shardKeys() {
                switch key {
                case .programmes(let day, let channel): channelsByDay[day, default: []].append(channel)
                case .venues(let city): cities.append(city)
                case .nights(let day): nightDays.append(day)
                default: continue
                }
            }
            for day in channelsByDay.keys.sorted() {
                if let programmeLimit, content.programmes.count >= programmeLimit { break }
                content.programmes += try programmes(of: store, on: day, channels: channelsByDay[day] ?? [], workers: workers)
                if let audiences = try store.audiences(day: day), !audiences.isEmpty {
                    content.audiences[day] = audiences
                    audiences.entries.forEach { seenSources.insert($0.provenance.source) }
                }
                let news = try store.news(day: day)
                if !news.isEmpty { content.news[day] = news }
            }
            content.programmes.sort { ($0.start, $0.id.rawValue) < ($1.start, $1.id.rawValue) }
            if let programmeLimit, content.programmes.count > programmeLimit { content.programmes.removeLast(content.programmes.count - programmeLimit) }
            content.programmes = content.programmes.map { $0.withWebLinksOnly() }
            for programme in content.programmes { programme.provenance.forEach { seenSources.insert($0.source) } }
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

    /// A UTC day's programmes, the shards of `channels` decoded on `workers` threads (decoding is most of reading a store).
    private static func programmes(of store: any StoreSnapshot, on day: Day, channels: [ChannelID], workers: Int) throws(StoreError) -> [Programme] {
        let results = ResultSlots<Result<[Programme], StoreError>>(count: channels.count)
        let next = JobCounter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let job = next.take(below: channels.count) {
                do throws(StoreError) {
                    results.set(job, .success(try store.programmes(day: day, channel: channels[job])))
                } catch {
                    results.set(job, .failure(error))
                }
            }
        }
        var all: [Programme] = []
        for result in results.values {
            switch result {
            case .success(let programmes): all += programmes
            case .failure(let error): throw error
            case nil: continue
            }
        }
        return all
    }
}
