import CarteleraModel
import CarteleraStore

/// What a demo store holds, as `cartelera demo` prints it under its run's summary line.
public struct DemoSummary: Sendable, Hashable {
    /// Programmes stored, and the channels they are on.
    public var programmes = 0, channels = 0
    /// The UTC days with programmes, oldest first.
    public var days: [Day] = []
    /// Audience entries and news items stored.
    public var audienceEntries = 0, newsItems = 0
    /// Venues and nights stored, and the guest lists open at the summary's moment.
    public var venues = 0, nights = 0, openGuestLists = 0
    /// Promotions stored, those running at the summary's moment, and the paid ones among those.
    public var promotions = 0, activePromotions = 0, paidActivePromotions = 0
    /// The store generation counted.
    public var generation = 0

    /// Counts what `snapshot` holds, guest lists and promotions at `now`.
    public init(_ snapshot: any StoreSnapshot, at now: Timestamp) throws(StoreError) {
        generation = snapshot.generation
        days = try snapshot.programmeDays()
        var channelIDs = Set<ChannelID>()
        for day in days {
            for programme in try snapshot.programmes(day: day) {
                programmes += 1
                channelIDs.insert(programme.channel)
            }
            audienceEntries += try snapshot.audiences(day: day)?.entries.count ?? 0
            newsItems += try snapshot.news(day: day).count
        }
        channels = channelIDs.count
        for city in try snapshot.venueCities() { venues += try snapshot.venues(city: city).count }
        for day in try snapshot.nightDays() {
            guard let evening = try snapshot.nights(day: day) else { continue }
            nights += evening.nights.count
            openGuestLists += evening.guestLists.filter { $0.status(at: now) == .open }.count
        }
        let stored = try snapshot.promotions()
        let active = stored.filter { $0.isActive(at: now) }
        promotions = stored.count
        activePromotions = active.count
        paidActivePromotions = active.filter(\.paid).count
    }

    /// The lines `demo` prints, the sources' counts and the run's time given.
    public func lines(store: String, sources: Int, sourcesOK: Int, seconds: Double) -> String {
        let span = if let first = days.first, let last = days.last { "\(first) to \(last)" } else { "none" }
        let tenths = (seconds * 10).rounded() / 10
        return """
            Demo store: \(store)
              sources     \(sources) (\(sourcesOK) ok)
              programmes  \(programmes) on \(channels) channels
              days        \(span) (\(days.count) UTC days)
              audiences   \(audienceEntries) entries, \(newsItems) news items
              venues      \(venues), \(nights) nights, \(openGuestLists) guest lists open now
              promotions  \(activePromotions) active of \(promotions) (\(paidActivePromotions) paid, always labelled)
              generation  \(generation)
              time        \(tenths) s
            """
    }
}
