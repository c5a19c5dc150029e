import CarteleraModel

/// `search-index.json`, what the search and shake script reads: compact rows, paths relative to a language's root.
///
/// `{"programmes": [[title, path, type, "genre,genre", channel, start, stop]], "clubs": [[name, path, "music,music",
/// free 0/1, city]], "nights": [[title, path, "music,music", free 0/1, venue, "YYYY-MM-DD"]]}`, instants in seconds since
/// 1970: the script writes them in the reader's language and puts what is over last.
enum SearchIndex {
    /// The index of `content`, ends of programmes from `index`.
    static func json(_ content: SiteContent, index: ContentIndex) -> [UInt8] {
        let programmes = content.programmes.enumerated().map { position, programme -> PageValue in
            let start = programme.start.secondsSince1970
            let stop = (index.listings.ends[position] ?? programme.start).secondsSince1970
            return .list([
                .text(programme.title), .text(SitePaths.programme(programme.id)), .text(programme.type?.rawValue ?? ""),
                .text(programme.genres.map(\.rawValue).joined(separator: ",")), .text(content.channels[programme.channel]?.name ?? programme.channel.rawValue),
                .integer(Int(start)), .integer(Int(stop)),
            ])
        }
        let clubs = content.venues.filter { index.clubs.contains($0.id) }.map { venue -> PageValue in
            .list([
                .text(venue.name), .text(SitePaths.club(venue.id)), .text(venue.musicGenres.map(\.rawValue).joined(separator: ",")),
                .integer(venue.freeEntry == true ? 1 : 0), .text(venue.city),
            ])
        }
        let names = Dictionary(content.venues.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let nights = index.nights.map { entry -> PageValue in
            let night = entry.night
            return .list([
                .text(night.title), .text(SitePaths.night(night.id)), .text(night.musicGenres.map(\.rawValue).joined(separator: ",")),
                .integer(night.freeEntry == true ? 1 : 0), .text(names[night.venue] ?? night.venue.rawValue), .text(night.date.description),
            ])
        }
        let object = PageValue.object([("programmes", .list(programmes)), ("clubs", .list(clubs)), ("nights", .list(nights))])
        return Array(SiteJSON.text(object).utf8)
    }
}
