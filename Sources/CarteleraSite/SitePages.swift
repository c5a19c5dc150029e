import CarteleraFeeds
import CarteleraModel
import CarteleraOutput
import CarteleraQuery
import Foundation

/// The pages of one language, built from the content: each with its template and the values it shows.
struct SitePages {
    let content: SiteContent
    let index: ContentIndex
    let language: SiteLanguage
    let labels: SiteLabels
    let now: Timestamp
    let zone: ZoneConverter
    let channelLists: [String: [ChannelID]]
    let feeds: [FeedDefinition]
    let baseURL: String?
    /// The local second of the day until which "tonight" is still the evening before (06:00).
    let eveningCutoff: Int
    /// Long and short names of the days the content spans.
    let dayNames: [Day: (long: String, short: String)]

    /// Takes each page as soon as it is built: a build renders and writes a page, then lets it go, so a language's pages
    /// are never all held at once.
    typealias PageSink = (SitePage) -> Void

    /// Every page of the language but the programme pages, handed to `emit` one at a time.
    func all(_ emit: PageSink) {
        emit(home())
        emit(about())
        emit(search())
        tvPages(emit)
        listingPages(emit)
        audiencePages(emit)
        nightlifePages(emit)
    }

    /// The programme pages alone, a slice at a time: the bulk of a large site, built in parallel.
    func programmePages(_ range: Range<Int>, _ emit: PageSink) {
        for position in range { emit(programmePage(position)) }
    }

    // MARK: - The frame every page shares

    /// A page at `path` (relative to the language's root) with the shared values: labels, links back to the root, the
    /// language switch, canonical address, feed links and JSON-LD. `values` have distinct names, none of them one of the
    /// frame's (`title` comes from `title`) nor `has_` a list's: each list gets a `has_<name>` flag, as Mustache has no
    /// "is this list empty" test.
    func page(_ path: String, template: String, title: String, jsonLD: String? = nil, feedLinks: [PageEntries] = [], _ values: PageEntries) -> SitePage {
        var entries = values
        for entry in values where entry.value.isList { entries.append(("has_" + entry.key, .flag(entry.value.isNonEmptyList))) }
        entries += frame(path, title: title, jsonLD: jsonLD, feedLinks: feedLinks.isEmpty ? nil : .objects(feedLinks))
        assert(Set(entries.map(\.key)).count == entries.count, "\(path): a value named twice")
        return SitePage(path: language.folder + path, template: template, value: .object(entries))
    }

    /// The values every page shares: labels, links back to the root, the language switch, canonical address, feed links
    /// and JSON-LD.
    private func frame(_ path: String, title: String, jsonLD: String?, feedLinks: PageValue?) -> PageEntries {
        let root = SitePaths.up(from: path)
        let siteRoot = language == .es ? root : root + "../"
        let other = language.other
        var frame: PageEntries = [
            ("t", .labels(labels.texts)), ("lang", .text(language.rawValue)), ("root", .text(root)), ("siteRoot", .text(siteRoot)),
            ("assets", .text(siteRoot + "assets/")), ("title", .text(title)),
            ("alternate", .object([("lang", .text(other.rawValue)), ("href", .text(siteRoot + other.folder + path)), ("name", .text(otherLanguageName))])),
            ("canonical", .text(canonical(language.folder + path))),
        ]
        if let feedLinks { frame.append(("feeds", feedLinks)) }
        if let jsonLD { frame.append(("jsonLD", .text(jsonLD))) }
        return frame
    }

    private var otherLanguageName: String { language == .es ? "English" : "Español" }

    /// The page's address: absolute under the base URL when there is one, else the page's own file name.
    func canonical(_ fullPath: String) -> String {
        guard let baseURL else {
            // A page's path never ends with a slash: its file name is what follows the last one.
            guard !fullPath.hasSuffix("/") else { return (fullPath as NSString).lastPathComponent }
            return fullPath.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(fullPath[fullPath.utf8.index(after: $0)...]) } ?? fullPath
        }
        return baseURL + (fullPath.hasSuffix("index.html") ? String(fullPath.dropLast("index.html".count)) : fullPath)
    }

    // MARK: - Formatting

    /// `21:30` in the guide's zone.
    func time(_ instant: Timestamp) -> String {
        Self.clock(zone.local(instant).secondOfDay)
    }

    /// `HH:MM` of a second of the day.
    static func clock(_ second: Int) -> String {
        let hour = second / 3600, minute = second % 3600 / 60
        return (hour < 10 ? "0" : "") + String(hour) + (minute < 10 ? ":0" : ":") + String(minute)
    }

    /// `21:30`, or `lunes 24 · 00:30` when the instant falls on another local day than `day`.
    func time(_ instant: Timestamp, on day: Day) -> String {
        let local = zone.local(instant)
        return local.day == day ? Self.clock(local.secondOfDay) : shortDate(local.day) + " · " + Self.clock(local.secondOfDay)
    }

    /// `lunes 23 de noviembre de 2026 · 21:30`.
    func dateTime(_ instant: Timestamp) -> String {
        let local = zone.local(instant)
        return longDate(local.day) + " · " + Self.clock(local.secondOfDay)
    }

    /// `miércoles 25 · 21:30`: for lists of instants within a few days of each other.
    func shortDateTime(_ instant: Timestamp) -> String {
        let local = zone.local(instant)
        return shortDate(local.day) + " · " + Self.clock(local.secondOfDay)
    }

    /// The day's long name, from the names worked out once per build.
    func longDate(_ day: Day) -> String { dayNames[day]?.long ?? labels.longDate(day) }

    /// The day's short name, from the names worked out once per build.
    func shortDate(_ day: Day) -> String { dayNames[day]?.short ?? labels.shortDate(day) }

    func typeLabel(_ type: ProgrammeType) -> String { language == .es ? type.spanishLabel : type.englishLabel }
    func genreLabel(_ genre: Genre) -> String { language == .es ? genre.spanishLabel : genre.englishLabel }
    func musicLabel(_ genre: MusicGenre) -> String { language == .es ? genre.spanishLabel : genre.englishLabel }

    /// A number with one decimal in the language's style (`4,5` / `4.5`).
    func decimal(_ value: Double, digits: Int = 1) -> String {
        if digits == 1, let texts = index.oneDecimal[value.bitPattern] { return language == .es ? texts.comma : texts.point }
        let text = String(format: "%.\(digits)f", value)
        return language == .es ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// A whole number with the language's thousands separator.
    func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(language == .es ? "." : ",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// What an image shows, for the size its box is given before it loads.
    enum ImageKind {
        /// A night's or promotion's flyer, portrait.
        case flyer
        /// A venue's photo.
        case photo
        /// A programme's still, widescreen.
        case still

        /// Width and height in pixels: the box's proportions until the image loads (CSS keeps the image's own after).
        var size: (width: Int, height: Int) {
            switch self {
            case .flyer: (400, 500)
            case .photo: (640, 427)
            case .still: (640, 360)
            }
        }
    }

    /// An image for a template: its http(s) address (links were checked when the content was read), its alt text and
    /// its box's size; the template loads it lazily.
    func image(_ source: String, alt: String, kind: ImageKind) -> PageValue {
        let size = kind.size
        return .object([("src", .text(source)), ("alt", .text(alt)), ("width", .integer(size.width)), ("height", .integer(size.height))])
    }

    func channelName(_ channel: ChannelID) -> String { content.channels[channel]?.name ?? channel.rawValue }

    /// The programme listed at `position` as a row of a schedule or list, linked from a page at `path`; its type is left
    /// out when it is `hiddenType` (the list's own heading).
    func programmeRow(_ position: Int, from path: String, showsChannel: Bool, showsType: Bool, hiddenType: String? = nil, day: Day? = nil,
                      current: Bool = false) -> PageEntries {
        let programme = index.listings.rows[position]
        var row: PageEntries = [
            ("time", .text(day.map { time(programme.start, on: $0) } ?? time(programme.start))),
            ("startISO", .text(programme.start.iso8601)),
            ("title", .text(programme.title)),
            ("href", .text(SitePaths.up(from: path) + SitePaths.programme(programme.id))),
        ]
        if showsChannel { row.append(("channelName", .text(programme.channelName))) }
        if showsType, let type = programme.type, typeLabel(type) != hiddenType { row.append(("typeLabel", .text(typeLabel(type)))) }
        if current { row.append(("current", .flag(true))) }
        return row
    }

    // MARK: - Home, about, search

    /// The home page: the sections, and every feed once with a link per format; a feed in the other language says so.
    func home() -> SitePage {
        let path = SitePaths.home
        var list: [PageEntries] = []
        var links: [PageEntries] = []
        for feed in feeds {
            var formats: [PageEntries] = []
            for (position, format) in feed.formats.enumerated() {
                let href = (language == .es ? "" : "../") + format.linkedFile(feed: feed.name)
                let formatName = labels.feedFormats[format.name] ?? format.name
                formats.append([("href", .text(href)), ("name", .text(formatName)), ("last", .flag(position == feed.formats.count - 1))])
                if format.isAnnouncedInPages {
                    links.append([("href", .text(href)), ("title", .text("\(feed.title) (\(formatName))")), ("mediaType", .text(format.mediaType))])
                }
            }
            var entry: PageEntries = [("title", .text(feed.title)), ("formats", .objects(formats))]
            if let description = nonEmpty(feed.description) { entry.append(("description", .text(description))) }
            if feed.language != language.rawValue {
                entry.append(("feedLanguage", .text(feed.language)))
                entry.append(("languageNote", .text(labels.languageNames[feed.language].map { "(\($0))" } ?? "(\(feed.language))")))
            }
            list.append(entry)
        }
        return page(path, template: "home", title: labels["homeTitle"], feedLinks: links, [("feedList", .objects(list))])
    }

    func about() -> SitePage {
        let sources = content.sources.keys.sorted { $0.rawValue < $1.rawValue }.map { source -> PageEntries in
            var row: PageEntries = [("name", .text(source.rawValue))]
            if !source.rawValue.hasSuffix(".example"), PublishedText.isWebURL("https://\(source.rawValue)/") { row.append(("href", .text("https://\(source.rawValue)/"))) }
            if case .some(.some(let updated)) = content.sources[source] {
                row.append(("updated", .text(dateTime(updated))))
                row.append(("updatedISO", .text(updated.iso8601)))
            }
            return row
        }
        return page(SitePaths.about, template: "about", title: labels["aboutTitle"], [("sources", .objects(sources))])
    }

    func search() -> SitePage {
        let path = SitePaths.search
        let root = SitePaths.up(from: path)
        let today = zone.local(now).day
        let types = ProgrammeType.allCases.compactMap { type -> PageEntries? in
            guard let days = index.listings.byType[type], let day = days.keys.filter({ $0 >= today }).min() ?? days.keys.max() else { return nil }
            return [("value", .text(type.rawValue)), ("label", .text(typeLabel(type))), ("href", .text(root + SitePaths.type(type, day)))]
        }
        let genres = Genre.allCases.filter { index.listings.byGenre[$0] != nil }.map { genre -> PageEntries in
            [("value", .text(genre.rawValue)), ("label", .text(genreLabel(genre)))]
        }
        return page(path, template: "search", title: labels["searchTitle"], [
            ("typeOptions", .objects(types)), ("genreOptions", .objects(genres)), ("musicOptions", musicOptions(from: path)), ("zone", .text(zone.identifier)),
        ])
    }

    /// The music genres any venue plays, each with its pre-filtered club list.
    func musicOptions(from path: String) -> PageValue {
        let used = Set(content.venues.flatMap(\.musicGenres))
        return .objects(MusicGenre.allCases.filter { used.contains($0) }.map { genre -> PageEntries in
            [("value", .text(genre.rawValue)), ("label", .text(musicLabel(genre))), ("href", .text(SitePaths.up(from: path) + SitePaths.music(genre)))]
        })
    }
}
