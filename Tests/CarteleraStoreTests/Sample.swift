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

    static var provenance: Provenance { Provenance(source: source, fetchedAt: time(6)) }

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
}
