import CarteleraModel

/// `search-index.json`, what the search and shake script reads: compact rows, paths relative to a language's root.
///
/// `{"programmes": [[title, path, type, "genre,genre", "channel · YYYY-MM-DD HH:MM"]], "clubs": [[name, path, "music,music",
/// free 0/1, city]], "nights": [[title, path, "music,music", free 0/1, "venue · YYYY-MM-DD"]]}`.
enum SearchIndex {
    /// The index of `content`, local days and times in `zone`, as JSON.
    static func json(_ content: SiteContent, index: ContentIndex, zone: ZoneConverter) -> [UInt8] {
        let programmes: [Any] = content.programmes.enumerated().map { position, programme in
            let second = zone.local(programme.start).secondOfDay
            let when = "\(index.localDays[position]) \(SitePages.clock(second))"
            return [programme.title, SitePaths.programme(programme.id), programme.type?.rawValue ?? "", programme.genres.map(\.rawValue).joined(separator: ","),
                    "\(content.channels[programme.channel]?.name ?? programme.channel.rawValue) · \(when)"]
        }
        let clubs: [Any] = content.venues.map { venue in
            [venue.name, SitePaths.club(venue.id), venue.musicGenres.map(\.rawValue).joined(separator: ","), venue.freeEntry == true ? 1 : 0, venue.city]
        }
        let names = Dictionary(content.venues.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        // One row per night, every evening's in turn: typed as rows, so `flatMap` joins the evenings' lists.
        let nights: [[Any]] = content.evenings.keys.sorted().flatMap { day -> [[Any]] in
            (content.evenings[day]?.nights ?? []).map { night -> [Any] in
                [night.title, SitePaths.night(night.id), night.musicGenres.map(\.rawValue).joined(separator: ","), night.freeEntry == true ? 1 : 0,
                 "\(names[night.venue] ?? night.venue.rawValue) · \(night.date)"]
            }
        }
        let object: [String: Any] = ["programmes": programmes, "clubs": clubs, "nights": nights]
        return Array(SiteJSON.text(object).utf8)
    }
}
