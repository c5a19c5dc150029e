import CarteleraCore
import CarteleraModel
import Foundation

/// Where each page lives, relative to its language's root: the one place that knows the URL layout (see `Web/README.md`).
enum SitePaths {
    static let home = "index.html"
    static let tv = "tv/index.html"
    static let listings = "listings/index.html"
    static let audiences = "audiences/index.html"
    static let tonight = "tonight/index.html"
    /// Tonight in one city, by the city's slug.
    static func tonight(city: String) -> String { "tonight/\(segment(Slug.make(city)))/index.html" }
    static let clubs = "clubs/index.html"
    static let freeClubs = "clubs/free/index.html"
    static let topRatedClubs = "clubs/rating-4/index.html"
    static let search = "search/index.html"
    static let about = "about/index.html"

    static func channelList(_ name: String) -> String { "tv/list/\(segment(name))/index.html" }
    /// A day's TV grid; a large guide's day is split into pages of channels, the first at `index.html`.
    static func grid(_ day: Day, part: Int = 0) -> String { part == 0 ? "tv/grid/\(day)/index.html" : "tv/grid/\(day)/\(part + 1).html" }
    static func channelDay(_ channel: ChannelID, _ day: Day) -> String { "channel/\(segment(channel.rawValue))/\(day)/index.html" }
    static func programme(_ id: ProgrammeID) -> String { "programme/\(segment(id.rawValue)).html" }
    static func type(_ type: ProgrammeType, _ day: Day) -> String { "listings/type/\(type.rawValue)/\(day)/index.html" }
    static func genre(_ genre: Genre, _ day: Day) -> String { "listings/genre/\(genre.rawValue)/\(day)/index.html" }
    static func decade(_ decade: Int) -> String { "listings/year/\(decade)/index.html" }
    static func audienceDay(_ day: Day) -> String { "audiences/\(day)/index.html" }
    static func club(_ id: VenueID) -> String { "club/\(segment(id.rawValue))/index.html" }
    static func night(_ id: String) -> String { "night/\(segment(id))/index.html" }
    static func music(_ genre: MusicGenre) -> String { "clubs/music/\(genre.rawValue)/index.html" }

    /// An id as one safe path segment: letters, digits, `.` and `-` kept, anything else `_`, never starting with a dot
    /// (hidden files are not served); long ids are cut and end with a hash of the whole id, so they stay distinct.
    static func segment(_ id: String) -> String {
        var result = ""
        for scalar in id.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-": result.unicodeScalars.append(scalar)
            case ".": result += result.isEmpty ? "_" : "."
            default: result += "_"
            }
        }
        if result.isEmpty { result = "_" }
        if result.utf8.count > 100 {
            var hash = FNV1a()
            hash.combine(id.utf8)
            result = String(result.prefix(80)) + "-" + String(hash.value, radix: 16)
        }
        return result
    }

    /// `../` once per folder of `path`: the way from the page back to its language's root.
    static func up(from path: String) -> String {
        String(repeating: "../", count: path.utf8.filter { $0 == UInt8(ascii: "/") }.count)
    }

    /// A night id percent-encoded as one segment of the sign-up API's path.
    static func apiSegment(_ id: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? SitePaths.segment(id)
    }
}
