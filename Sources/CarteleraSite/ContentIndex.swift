import CarteleraCore
import CarteleraModel
import CarteleraQuery
import Dispatch
import Foundation

/// What every language's pages share, worked out once per build: the engine's answers (the programmes listed, now and
/// next on every channel) and the lookups pages make into them; the venues by id, every night with its guest list, and
/// the nights promoted now.
struct ContentIndex: Sendable {
    /// The programmes the site lists, by channel, type, genre and decade and by local day, as the engine answers them.
    let listings: ProgrammeListings
    /// What every channel has on now and next at the build's moment, by channel.
    let nowAndNext: [ChannelID: NowAndNext]
    /// The position in `listings.rows` of each programme the site gives a page.
    let positions: [ProgrammeID: Int]
    /// The first airings of each title listed (as many as a programme page shows, and one more: the page leaves itself
    /// out), as the engine answers `airings` at the build's moment; asked once per title, not once per page and language,
    /// and kept as only what a page shows of them (the engine's rows for every title listed were a third of a build's memory).
    let airings: [String: [Airing]]
    /// The channels with programmes listed, by name.
    let channelOrder: [ChannelID]
    /// Every venue by id.
    let venues: [VenueID: Venue]
    /// The venues listed as clubs: every venue but the places events only name (see `isClub`).
    let clubs: Set<VenueID>
    /// Every stored night with its guest list (its own, else its venue's for the evening), by evening and doors.
    let nights: [(night: Night, list: GuestList?)]
    /// The ids of nights a paid promotion running at the build's moment points at.
    let promotedNights: Set<String>

    /// Every programme's score and venue's rating with one decimal, with a point and with a comma, by the number's bits:
    /// worked out once per build (`String(format:)` on every programme page was a twentieth of a large build).
    let oneDecimal: [UInt64: (point: String, comma: String)]

    /// How many other airings a programme page shows.
    static let airingsShown = 20

    /// The lookups of `listings` and `content`, with now, next and the titles' airings asked of `engine` at `now`, the
    /// titles shared out to `workers` threads.
    init(_ content: SiteContent, listings: ProgrammeListings, engine: QueryEngine, now: Timestamp, workers: Int = 1) {
        self.listings = listings
        nowAndNext = Dictionary(engine.nowAndNext(at: now).map { ($0.channel, $0) }, uniquingKeysWith: { first, _ in first })
        let positions = Dictionary(listings.rows.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.positions = positions
        airings = Self.airings(of: listings.rows, engine: engine, now: now, positions: positions, workers: workers)
        let names = Dictionary(listings.rows.map { ($0.channel, $0.channelName) }, uniquingKeysWith: { first, _ in first })
        channelOrder = listings.byChannel.keys.sorted { channel, other in
            let name = names[channel] ?? channel.rawValue, otherName = names[other] ?? other.rawValue
            return (name.lowercased(), channel.rawValue) < (otherName.lowercased(), other.rawValue)
        }
        venues = Dictionary(content.venues.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        clubs = Set(content.venues.filter(Self.isClub).map(\.id))
        nights = content.evenings.keys.sorted().flatMap { day -> [(night: Night, list: GuestList?)] in
            guard let evening = content.evenings[day] else { return [] }
            let byNight = Dictionary(evening.guestLists.compactMap { list in list.night.map { ($0, list) } }, uniquingKeysWith: { first, _ in first })
            let byVenue = Dictionary(evening.guestLists.filter { $0.night == nil }.map { ($0.venue, $0) }, uniquingKeysWith: { first, _ in first })
            return evening.nights.sorted { ($0.doors ?? Timestamp(secondsSince1970: 0), $0.id) < ($1.doors ?? Timestamp(secondsSince1970: 0), $1.id) }.map { night in
                (night, byNight[night.id] ?? byVenue[night.venue])
            }
        }
        promotedNights = Set(content.promotions.filter { $0.paid && $0.isActive(at: now) }.compactMap(\.night))
        var oneDecimal: [UInt64: (point: String, comma: String)] = [:]
        for number in content.programmes.compactMap(\.score) + content.venues.compactMap(\.rating) where oneDecimal[number.bitPattern] == nil {
            let text = String(format: "%.1f", number)
            oneDecimal[number.bitPattern] = (text, text.replacingOccurrences(of: ".", with: ","))
        }
        self.oneDecimal = oneDecimal
    }

    /// The first airings of each title of `rows`, asked of the engine once per title. The titles are asked in slices on
    /// `workers` threads (a large site has tens of thousands, most of a second on one core); each slice's answers go to
    /// its own slot, so the result does not depend on which thread asked what.
    private static func airings(of rows: [ProgrammeRow], engine: QueryEngine, now: Timestamp, positions: [ProgrammeID: Int],
                                workers: Int) -> [String: [Airing]] {
        var seen = Set<String>()
        let titles = rows.compactMap { seen.insert($0.title).inserted ? $0.title : nil }
        let sliceSize = max(64, titles.count / (max(1, workers) * 8) + 1)
        let slices = stride(from: 0, to: titles.count, by: sliceSize).map { $0..<min(titles.count, $0 + sliceSize) }
        let results = ResultSlots<[[Airing]]>(count: slices.count)
        let next = JobCounter()
        DispatchQueue.concurrentPerform(iterations: min(max(1, workers), max(1, slices.count))) { _ in
            while let job = next.take(below: slices.count) {
                results.set(job, slices[job].map { title in
                    engine.airings(of: titles[title], at: now, limit: airingsShown + 1).map { airing in
                        Airing(start: airing.start, channelName: airing.channelName, position: positions[airing.id])
                    }
                })
            }
        }
        var airings: [String: [Airing]] = [:]
        airings.reserveCapacity(titles.count)
        for (slice, answers) in zip(slices, results.values) {
            for (title, answer) in zip(slice, answers ?? []) { airings[titles[title]] = answer }
        }
        return airings
    }

    /// Whether a venue is a club to list: an event's text location ("Plaza Nueva", a name and nothing else; "Sala Dos,
    /// Sevilla", its own address) or a place the source names only by its address ("Calle Somera 7", "Bilbao, Bizkaia")
    /// is where a night happens, not a club.
    static func isClub(_ venue: Venue) -> Bool {
        func head(_ text: String) -> String { TextFolding.fold(String(text.split(separator: ",").first ?? "")) }
        if let address = venue.address, head(address) == head(venue.name) { return false }
        return venue.address?.isEmpty == false || venue.location != nil || venue.website != nil || !venue.musicGenres.isEmpty || venue.rating != nil
            || !venue.images.isEmpty || venue.phone != nil || venue.priceRange != nil || !venue.openingHours.isEmpty || venue.freeEntry != nil
            || !venue.musicLabels.isEmpty
    }
}

/// An airing as a programme page lists it: when, on which channel, and where the site lists it when it gives it a page.
struct Airing: Sendable {
    /// When it starts.
    let start: Timestamp
    /// The channel as readers know it.
    let channelName: String
    /// Its position in the listings' rows; nil when the site gives it no page.
    let position: Int?
}
