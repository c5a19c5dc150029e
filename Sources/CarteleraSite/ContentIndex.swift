import CarteleraCore
import CarteleraModel

/// The groupings every language's pages share, computed once per build: each programme's local day and effective
/// end, and the programmes by channel and day, by type, genre and decade, and by title (for other airings); the
/// venues by id, every night with its guest list, and the nights promoted now.
struct ContentIndex: Sendable {
    /// Each programme's start day in the guide's zone.
    let localDays: [Day]
    /// Each programme's end: its own, else the next start on its channel.
    let stops: [Timestamp?]
    /// Programme positions by channel, then local day, in start order.
    let channelDays: [ChannelID: [Day: [Int]]]
    /// The channels with programmes, by name.
    let channelOrder: [ChannelID]
    /// Programme positions by type, then local day.
    let typeDays: [ProgrammeType: [Day: [Int]]]
    /// Programme positions by genre, then local day.
    let genreDays: [Genre: [Day: [Int]]]
    /// Programme positions by production decade (1990 for 1990–1999).
    let decades: [Int: [Int]]
    /// Programme positions by folded title.
    let airings: [String: [Int]]
    /// Each programme's folded title key.
    let titleKeys: [String]
    /// Every venue by id.
    let venues: [VenueID: Venue]
    /// The venues listed as clubs: every venue but the places events only name (see `isClub`).
    let clubs: Set<VenueID>
    /// Every stored night with its guest list (its own, else its venue's for the evening), by evening and doors.
    let nights: [(night: Night, list: GuestList?)]
    /// The ids of nights a paid promotion running at the build's moment points at.
    let promotedNights: Set<String>

    /// The groupings of `content`, days read in `zone`, promotions running at `now`.
    init(_ content: SiteContent, zone: ZoneConverter, now: Timestamp) {
        let programmes = content.programmes
        var localDays: [Day] = []
        localDays.reserveCapacity(programmes.count)
        var stops = [Timestamp?](repeating: nil, count: programmes.count)
        var channelDays: [ChannelID: [Day: [Int]]] = [:]
        var byChannel: [ChannelID: [Int]] = [:]
        var typeDays: [ProgrammeType: [Day: [Int]]] = [:]
        var genreDays: [Genre: [Day: [Int]]] = [:]
        var decades: [Int: [Int]] = [:]
        var airings: [String: [Int]] = [:]
        var titleKeys: [String] = []
        titleKeys.reserveCapacity(programmes.count)
        for (position, programme) in programmes.enumerated() {
            let day = zone.local(programme.start).day
            localDays.append(day)
            channelDays[programme.channel, default: [:]][day, default: []].append(position)
            byChannel[programme.channel, default: []].append(position)
            if let type = programme.type { typeDays[type, default: [:]][day, default: []].append(position) }
            for genre in Set(programme.genres) { genreDays[genre, default: [:]][day, default: []].append(position) }
            if let year = programme.year, year > 0 { decades[year - year % 10, default: []].append(position) }
            let key = TextFolding.words(programme.title).joined(separator: " ")
            titleKeys.append(key)
            if !key.isEmpty { airings[key, default: []].append(position) }
        }
        for positions in byChannel.values {
            for (offset, position) in positions.enumerated() {
                stops[position] = programmes[position].stop ?? (offset + 1 < positions.count ? programmes[positions[offset + 1]].start : nil)
            }
        }
        self.localDays = localDays
        self.stops = stops
        self.channelDays = channelDays
        channelOrder = channelDays.keys.sorted { channel, other in
            let name = content.channels[channel]?.name ?? channel.rawValue, otherName = content.channels[other]?.name ?? other.rawValue
            return (name.lowercased(), channel.rawValue) < (otherName.lowercased(), other.rawValue)
        }
        self.typeDays = typeDays
        self.genreDays = genreDays
        self.decades = decades
        self.airings = airings
        self.titleKeys = titleKeys
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
    }

    /// Whether a venue is a club to list: an event's text location ("Plaza Nueva", a name and nothing else) or a place
    /// the source names only by its street address ("Calle Somera 7") is where a night happens, not a club.
    static func isClub(_ venue: Venue) -> Bool {
        let name = TextFolding.fold(venue.name)
        if let address = venue.address, let street = address.split(separator: ",").first, TextFolding.fold(String(street)) == name { return false }
        return venue.address?.isEmpty == false || venue.location != nil || venue.website != nil || !venue.musicGenres.isEmpty || venue.rating != nil
            || !venue.images.isEmpty || venue.phone != nil || venue.priceRange != nil || !venue.openingHours.isEmpty || venue.freeEntry != nil
            || !venue.musicLabels.isEmpty
    }
}
