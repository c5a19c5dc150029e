import CarteleraModel
import CarteleraOutput
import CarteleraQuery
import CarteleraStore
import Foundation

/// One item of a feed, whatever its kind: what the JSON Feed and calendar writers need, with the structured
/// fields apps read from the JSON Feed's `_cartelera` object.
struct FeedEntry: Sendable {
    /// The item's stable id in the store.
    var id: String
    /// The channel or venue, for matching a moved item in a calendar.
    var place: String
    var title: String
    /// A plain-text summary: when, where, what.
    var text: String
    var url: String?
    var image: String?
    var tags: [String]
    /// When it starts, for calendars; nil for items without a time (venues).
    var start: Timestamp?
    var end: Timestamp?
    var location: String?
    var geo: GeoPoint?
    var fields: StructuredFields
}

/// The `_cartelera` extension object of a JSON Feed item: the structured fields, snake_case, absent when unknown.
struct StructuredFields: Encodable, Sendable {
    var kind: String
    var start: Timestamp?
    var stop: Timestamp?
    var channel: String?
    var channelName: String?
    var type: String?
    var genres: [String]?
    var year: Int?
    var score: Double?
    var season: Int?
    var episode: Int?
    var venue: String?
    var venueName: String?
    var city: String?
    var latitude: Double?
    var longitude: Double?
    var distanceKm: Double?
    var music: [String]?
    var freeEntry: Bool?
    var rating: Double?
    var guestListStatus: String?
    var guestListPlacesLeft: Int?
    var promoted: Bool
    var validFrom: Timestamp?
    var validTo: Timestamp?
    var rank: Int?
    var viewers: Int?
    var share: Double?
    var change: Double?
    var day: String?

    init(kind: String, promoted: Bool = false) {
        self.kind = kind
        self.promoted = promoted
    }

    enum CodingKeys: String, CodingKey {
        case kind, start, stop, channel, channelName = "channel_name", type, genres, year, score, season, episode, venue
        case venueName = "venue_name", city, latitude, longitude, distanceKm = "distance_km", music, freeEntry = "free_entry", rating
        case guestListStatus = "guest_list_status", guestListPlacesLeft = "guest_list_places_left", promoted
        case validFrom = "valid_from", validTo = "valid_to", rank, viewers, share, change, day
    }
}

/// Turns a query's answer into feed entries, reading from the store what the index does not keep.
struct FeedEntries {
    let engine: QueryEngine
    let programmes: ProgrammeLookup
    let zone: ZoneConverter
    let language: String

    /// The entries of an answer, in its order.
    func entries(_ answer: QueryAnswer) -> [FeedEntry] {
        switch answer {
        case .programmes(let page): page.rows.map(programme)
        case .venues(let page): page.rows.map(venue)
        case .nights(let page): page.rows.map(night)
        case .promotions(let page): page.rows.map(promotion)
        case .audiences(let page): page.rows.map(audience)
        case .shares(let page): page.rows.map(share)
        }
    }

    private func programme(_ row: ProgrammeRow) -> FeedEntry {
        let stored = programmes.programme(row.id)
        var fields = StructuredFields(kind: "programme")
        fields.start = row.start
        fields.stop = row.stop
        fields.channel = row.channel.rawValue
        fields.channelName = row.channelName
        fields.type = row.type?.rawValue
        fields.genres = row.genres.isEmpty ? nil : row.genres.map(\.rawValue)
        fields.year = row.year
        fields.score = row.score
        fields.season = stored?.season
        fields.episode = stored?.episode
        let when = span(row.start, row.stop)
        var facts = [when, row.channelName]
        if let type = row.type { facts.append(language.hasPrefix("es") ? type.spanishLabel : type.englishLabel) }
        if let year = row.year { facts.append(String(year)) }
        var text = facts.joined(separator: " · ")
        if let subtitle = stored?.subtitle { text += "\n" + subtitle }
        if let description = stored?.description { text += "\n\n" + description }
        return FeedEntry(
            id: row.id.rawValue, place: row.channel.rawValue, title: row.title, text: text, url: PublishedText.webURL(stored?.url),
            image: PublishedText.webURL(stored?.image), tags: row.genres.map(\.rawValue), start: row.start, end: row.stop,
            location: row.channelName, geo: nil, fields: fields)
    }

    private func venue(_ row: VenueRow) -> FeedEntry {
        let venue = row.venue
        var fields = StructuredFields(kind: "venue")
        fields.venue = venue.id.rawValue
        fields.venueName = venue.name
        fields.city = venue.city
        fields.latitude = venue.location?.latitude
        fields.longitude = venue.location?.longitude
        fields.distanceKm = row.distanceKilometres.map(Self.rounded)
        fields.music = venue.musicGenres.isEmpty ? nil : venue.musicGenres.map(\.rawValue)
        fields.freeEntry = venue.freeEntry
        fields.rating = venue.rating
        var facts = [venue.address ?? venue.city]
        if let distance = row.distanceKilometres { facts.append(String(format: "%.1f km", distance)) }
        if !venue.musicLabels.isEmpty { facts.append(venue.musicLabels.joined(separator: ", ")) }
        return FeedEntry(
            id: venue.id.rawValue, place: venue.id.rawValue, title: venue.name, text: facts.joined(separator: " · "),
            url: PublishedText.webURL(venue.website), image: venue.images.lazy.compactMap { PublishedText.webURL($0) }.first,
            tags: venue.musicGenres.map(\.rawValue), start: nil, end: nil, location: venue.address ?? venue.city, geo: venue.location, fields: fields)
    }

    private func night(_ row: NightRow) -> FeedEntry {
        let night = row.night
        let venue = engine.venue(night.venue)
        let name = row.venueName ?? venue?.name ?? night.venue.rawValue
        var fields = StructuredFields(kind: "night", promoted: row.promoted)
        fields.start = night.doors
        fields.stop = night.closing
        fields.venue = night.venue.rawValue
        fields.venueName = name
        fields.city = venue?.city
        fields.latitude = venue?.location?.latitude
        fields.longitude = venue?.location?.longitude
        fields.distanceKm = row.distanceKilometres.map(Self.rounded)
        fields.music = night.musicGenres.isEmpty ? nil : night.musicGenres.map(\.rawValue)
        fields.freeEntry = night.freeEntry
        fields.guestListStatus = row.guestListStatus?.rawValue
        fields.guestListPlacesLeft = row.guestList?.placesLeft
        fields.day = night.date.description
        var facts = [night.doors.map { span($0, night.closing) } ?? night.date.description, name]
        if !night.lineup.isEmpty { facts.append(night.lineup.joined(separator: ", ")) }
        if let price = night.price { facts.append(price) }
        if let status = row.guestListStatus { facts.append(label("guest list") + ": " + label(status.rawValue)) }
        let title = row.promoted ? label("Promoted") + ": " + night.title : night.title
        let start = night.doors ?? zone.instant(LocalDateTime(day: night.date, hour: 22, minute: 0))
        return FeedEntry(
            id: night.id, place: night.venue.rawValue, title: title, text: facts.joined(separator: " · "),
            url: PublishedText.webURL(night.url) ?? PublishedText.webURL(night.ticketURL), image: PublishedText.webURL(night.flyer),
            tags: night.musicGenres.map(\.rawValue), start: start, end: night.closing, location: venue?.address.map { "\(name), \($0)" } ?? name,
            geo: venue?.location, fields: fields)
    }

    private func promotion(_ row: PromotionRow) -> FeedEntry {
        let promotion = row.promotion
        var fields = StructuredFields(kind: "promotion", promoted: row.promoted)
        fields.venue = promotion.venue?.rawValue
        fields.venueName = promotion.venue.flatMap { engine.venue($0)?.name }
        fields.validFrom = promotion.validFrom
        fields.validTo = promotion.validTo
        fields.rank = promotion.rank
        // Paid placement says so in the title itself, so no reader can take it for an ordinary item.
        let title = (row.promoted ? label("Promoted") : label("Recommended")) + ": " + promotion.title
        var facts: [String] = []
        if let venue = fields.venueName { facts.append(venue) }
        if let from = promotion.validFrom, let to = promotion.validTo { facts.append(local(from) + " – " + local(to)) }
        if let sponsor = promotion.sponsor { facts.append(sponsor) }
        return FeedEntry(
            id: promotion.id, place: promotion.venue?.rawValue ?? promotion.id, title: title, text: facts.joined(separator: " · "),
            url: PublishedText.webURL(promotion.url), image: PublishedText.webURL(promotion.flyer), tags: row.promoted ? ["promoted"] : [],
            start: promotion.validFrom, end: promotion.validTo, location: fields.venueName, geo: nil, fields: fields)
    }

    private func audience(_ row: AudienceRow) -> FeedEntry {
        let entry = row.entry
        var fields = StructuredFields(kind: "audience")
        fields.start = entry.start
        fields.channel = entry.channel.rawValue
        fields.channelName = entry.channelName
        fields.viewers = entry.viewers
        fields.share = entry.share
        fields.rank = entry.rank
        fields.day = entry.day.description
        var facts = [local(entry.start), entry.channelName]
        if let viewers = entry.viewers { facts.append("\(viewers)") }
        if let share = entry.share { facts.append(String(format: "%.1f %%", share)) }
        return FeedEntry(
            id: entry.id, place: entry.channel.rawValue, title: entry.title, text: facts.joined(separator: " · "), url: nil, image: nil,
            tags: [], start: entry.start, end: nil, location: entry.channelName, geo: nil, fields: fields)
    }

    private func share(_ row: ShareRow) -> FeedEntry {
        let share = row.share
        var fields = StructuredFields(kind: "share")
        fields.channel = share.channel.rawValue
        fields.channelName = share.channelName
        fields.share = share.share
        fields.change = share.change
        fields.day = share.day.description
        return FeedEntry(
            id: share.id, place: share.channel.rawValue, title: share.channelName, text: "\(share.day) · " + String(format: "%.1f %%", share.share),
            url: nil, image: nil, tags: [], start: nil, end: nil, location: nil, geo: nil, fields: fields)
    }

    /// `YYYY-MM-DD hh:mm–hh:mm` in the guide's zone.
    private func span(_ start: Timestamp, _ end: Timestamp?) -> String {
        local(start) + (end.map { "–" + String(local($0).suffix(5)) } ?? "")
    }

    private func local(_ instant: Timestamp) -> String { zone.local(instant).description }

    /// A label in the feed's language: Spanish, else English.
    private func label(_ english: String) -> String {
        guard language.hasPrefix("es") else { return english }
        return [
            "Promoted": "Promocionado", "Recommended": "Recomendado", "guest list": "lista", "open": "abierta", "closed": "cerrada",
            "full": "completa",
        ][english] ?? english
    }

    private static func rounded(_ kilometres: Double) -> Double { (kilometres * 1000).rounded() / 1000 }
}

/// Full programmes for the rows an index answers with: the index keeps what queries filter on, the shards the rest.
final class ProgrammeLookup: @unchecked Sendable {
    private let store: any StoreSnapshot
    private var shards: [String: [String: Programme]] = [:]
    /// Shards that could not be read, each once, with the reason: the build reports them as failures.
    private(set) var failures: [String] = []
    /// A read that found the snapshot replaced by a commit: the build starts over.
    private(set) var superseded: StoreError?

    init(store: any StoreSnapshot) {
        self.store = store
    }

    /// The stored programme with this id; nil when its shard cannot be read (noted in `failures`; the row still shows what the index has).
    func programme(_ id: ProgrammeID) -> Programme? {
        guard let (channel, start) = id.parts else { return nil }
        let key = "\(start.utcDay)/\(channel.rawValue)"
        if shards[key] == nil {
            let programmes: [Programme]
            do {
                programmes = try store.programmes(day: start.utcDay, channel: channel)
            } catch {
                if error.kind == .superseded { superseded = error } else { failures.append(error.description) }
                programmes = []
            }
            shards[key] = Dictionary(programmes.map { ($0.id.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return shards[key]?[id.rawValue]
    }
}
