import CarteleraModel
import CarteleraStore

/// Small, fixed data for the store tests.
enum Sample {
    static let day = Day(year: 2026, month: 11, day: 22)!
    static let source: SourceID = "example.tv"
    static let la1: ChannelID = "La1.es"
    static let antena3: ChannelID = "Antena3.es"

    /// An instant on `day` at the given UTC hour and minute.
    static func time(_ hour: Int, _ minute: Int = 0, on day: Day = day) -> Timestamp {
        day.startUTC.adding(seconds: Int64(hour * 3600 + minute * 60))
    }

    static var provenance: Provenance { Provenance(source: source) }

    static func programme(_ channel: ChannelID, at start: Timestamp, _ title: String) -> Programme {
        Programme(channel: channel, start: start, stop: start.adding(seconds: 1800), timeZone: "Europe/Madrid", title: title, provenance: [provenance])
    }

    /// Three programmes on La 1 on `day`, given out of order on purpose.
    static func la1Evening(on day: Day = day) -> [Programme] {
        [
            programme(la1, at: time(21, on: day), "Cine"),
            programme(la1, at: time(19, on: day), "Telediario"),
            programme(la1, at: time(20, on: day), "El tiempo"),
        ]
    }

    static let channels = [
        Channel(id: la1, name: "La 1", language: "es", sources: [source]),
        Channel(id: antena3, name: "Antena 3", language: "es", sources: [source]),
    ]

    static func audienceDay(on day: Day = day) -> AudienceDay {
        AudienceDay(
            entries: [
                AudienceEntry(channel: la1, channelName: "La 1", title: "Telediario", start: time(19, on: day), durationMinutes: 60,
                              viewers: 2_100_000, share: 14.2, day: day, rank: 1, provenance: provenance),
            ],
            shares: [ChannelShare(channel: la1, channelName: "La 1", day: day, share: 9.8, change: -0.3, provenance: provenance)]
        )
    }

    static func news(on day: Day = day) -> [NewsItem] {
        [
            NewsItem(title: "Older", summary: nil, url: "https://example.tv/a", image: nil, published: time(8, on: day), day: day, provenance: provenance),
            NewsItem(title: "Newer", summary: "S", url: "https://example.tv/b", image: nil, published: time(9, on: day), day: day, provenance: provenance),
        ]
    }

    static let solID = VenueID(name: "Sala El Sol", city: "Madrid")

    static func venue(_ name: String, city: String = "Madrid", notSeenSince: Timestamp? = nil) -> Venue {
        Venue(id: VenueID(name: name, city: city), name: name, city: city, location: GeoPoint(latitude: 40.41953, longitude: -3.70220),
              musicGenres: [.indie], musicLabels: ["Indie rock"], freeEntry: false, rating: 4.4, ratingCount: 812,
              openingHours: ["Ju–Sá 23:30–06:00"], provenance: [provenance], notSeenSince: notSeenSince)
    }

    /// Two nights and a guest list at Sala El Sol on the evening of `day`.
    static func nightsDay(on day: Day = day) -> NightsDay {
        let late = Night(venue: solID, date: day, title: "Viernes indie", doors: time(22, 30, on: day), closing: time(5, on: day.advanced(by: 1)),
                         timeZone: "Europe/Madrid", lineup: ["DJ Uno"], provenance: [provenance])
        let early = Night(venue: solID, date: day, title: "Concierto", doors: time(19, on: day), timeZone: "Europe/Madrid", provenance: [provenance])
        return NightsDay(
            nights: [late, early],
            guestLists: [GuestList(venue: solID, night: late.id, date: day, declared: .open, conditions: ["gratis hasta la 1:30"],
                                   deadline: time(0, 30, on: day.advanced(by: 1)), capacity: 100, placesLeft: 12, provenance: [provenance])]
        )
    }

    static func promotion(_ id: String, paid: Bool, validTo: Timestamp? = nil) -> Promotion {
        Promotion(id: id, venue: solID, night: nil, title: "Promoción \(id)", validTo: validTo, rank: 1, paid: paid, provenance: [provenance])
    }
}
