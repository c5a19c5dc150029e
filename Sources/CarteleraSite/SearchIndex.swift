import CarteleraModel

/// `search-index.json`, what the search and shake script reads: compact rows, paths relative to a language's root.
///
/// `{"programmes": [[title, path, type, "genre,genre", channel, start, stop]], "clubs": [[name, path, "music,music",
/// free 0/1, city]], "nights": [[title, path, "music,music", free 0/1, venue, "YYYY-MM-DD"]]}`, instants in seconds since
/// 1970: the script writes them in the reader's language and puts what is over last.
enum SearchIndex {
    /// The index of `content`, ends of programmes from `index`.
    static func json(_ content: SiteContent, index: ContentIndex) -> [UInt8] {
        let programmes: [Any] = content.programmes.enumerated().map { position, programme in
            let start = programme.start.secondsSince1970
            let stop = (index.stops[position] ?? programme.start).secondsSince1970
            return [programme.title, SitePaths.programme(programme.id), programme.type?.rawValue ?? "", programme.genres.map(\.rawValue).joined(separator: ","),
                    content.channels[programme.channel]?.name ?? programme.channel.rawValue, Int(start), Int(stop)] as [Any]
        }
        let clubs: [Any] = content.venues.filter { index.clubs.contains($0.id) }.map { venue in
            [venue.name, SitePaths.club(venue.id), venue.musicGenres.map(\.rawValue).joined(separator: ","), venue.freeEntry == true ? 1 : 0, venue.city] as [Any]
        }
        let names = Dictionary(content.venues.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let nights: [Any] = index.nights.map { entry in
            let night = entry.night
            return [night.title, SitePaths.night(night.id), night.musicGenres.map(\.rawValue).joined(separator: ","), night.freeEntry == true ? 1 : 0,
                    names[night.venue] ?? night.venue.rawValue, night.date.description] as [Any]
        }
        let object: [String: Any] = ["programmes": programmes, "clubs": clubs, "nights": nights]
        return Array(SiteJSON.text(object).utf8)
    }
}
