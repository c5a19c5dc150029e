import CarteleraCore
import CarteleraFetch
import CarteleraMarkup
import CarteleraModel


/// Ingests any XMLTV file: channels and programmes, with the file's own offsets.
public struct XMLTVScraper: Scraper {
    /// The validated definition this scraper runs.
    public let definition: CompiledDefinition
    /// The source's id.
    public var id: SourceID { definition.source }

    /// A scraper for an xmltv definition.
    public init(definition: CompiledDefinition) { self.definition = definition }

    /// Fetches each distinct file once and reads its channels and programmes; failures are per file.
    public func scrape(_ job: ScrapeJob, context: ScrapeContext) async -> ScrapeOutcome {
        let loader = PageLoader(fetcher: context.fetcher, source: id)
        var outcome = ScrapeOutcome(extraction: Extraction(source: id, days: job.days))
        // A URL without {date} is one file for every day: the loader fetches it once.
        var seen = Set<String>()
        for day in job.days {
            let request = RequestBuilder.request(definition.request, values: PlaceholderValues(day: day), source: id, label: "listing", policy: definition.fetchPolicy)
            guard seen.insert(request.url).inserted else { continue }
            do throws(ScrapeError) {
                let response = try await loader.response(request)
                let document = try definition.document(from: response, xml: true, warnings: &outcome.warnings)
                var file = try read(document, url: response.url, channelFilter: job.channels)
                if definition.keep == .requestedDay {
                    // A file spanning many days gives each job only the days it asked for, by the definition's zone.
                    let days = Set(job.days)
                    file.programmes = file.programmes.filter { days.contains(definition.zone.local($0.start).day) }
                    // Coverage claims only what is kept, so days outside the job are not marked as scraped.
                    file.coverage = file.coverage.compactMap { window in
                        let starts = file.programmes.filter { $0.channel == window.channel }.map(\.start)
                        guard let from = starts.min(), let to = starts.max() else { return nil }
                        return Coverage(channel: window.channel, from: from, to: to)
                    }
                }
                outcome.extraction.channels += file.channels.filter { channel in !outcome.extraction.channels.contains { $0.id == channel.id } }
                outcome.extraction.programmes += file.programmes
                outcome.coverage += file.coverage
                outcome.warnings += file.warnings
            } catch {
                outcome.failures.append(error)
            }
        }
        return outcome
    }

    struct FileContent {
        var channels: [Channel] = []
        var programmes: [Programme] = []
        var coverage: [Coverage] = []
        var warnings: [String] = []
    }

    func read(_ document: Document, url: String, channelFilter: [ChannelID]?) throws(ScrapeError) -> FileContent {
        guard let root = document.root, root.name == "tv" else {
            throw ScrapeError(kind: .markup, source: id, url: url, message: "not an XMLTV file: the root element is <\(document.root?.name ?? "none")>, not <tv>")
        }
        // The definition's channels (when listed) choose and rename the file's channels.
        var mapping: [String: ChannelEntry] = [:]
        for entry in definition.channels { mapping[entry.siteId ?? entry.id] = entry }
        func channelID(_ fileID: String) -> ChannelID? {
            let id = definition.channels.isEmpty ? ChannelID(fileID) : mapping[fileID].map { ChannelID($0.id) }
            guard let id, channelFilter?.contains(id) ?? true else { return nil }
            return id
        }
        var content = FileContent()
        do {
            for element in try root.xpath(XMLTVPaths.channels) {
                guard let fileID = element.attribute("id"), let id = channelID(fileID) else { continue }
                let displayName = try element.xpath(XMLTVPaths.displayName).first?.text
                let name = mapping[fileID]?.name ?? displayName ?? fileID
                let logo = try element.xpath(XMLTVPaths.iconSource).first?.text ?? mapping[fileID]?.logo
                let website = try element.xpath(XMLTVPaths.url).first.flatMap { LinkResolver.resolve($0.text, against: url) }
                content.channels.append(Channel(id: id, name: name, logo: logo.flatMap { LinkResolver.resolve($0, against: url) }, website: website, language: mapping[fileID]?.lang, sources: [self.id]))
            }
            var windows: [ChannelID: (Timestamp, Timestamp)] = [:]
            for (index, element) in try root.xpath(XMLTVPaths.programmes).enumerated() {
                guard let fileChannel = element.attribute("channel"), let channel = channelID(fileChannel) else { continue }
                let title = try element.xpath(XMLTVPaths.title).first?.text ?? ""
                guard let startText = element.attribute("start"), let start = XMLTVTime.parse(startText) else {
                    content.warnings.append("\(id): \(url): programme \(index + 1) (\(title)) has an unreadable start \"\(element.attribute("start") ?? "")\"")
                    continue
                }
                guard !title.isEmpty else {
                    content.warnings.append("\(id): \(url): programme \(index + 1) has no title")
                    continue
                }
                var stop = element.attribute("stop").flatMap(XMLTVTime.parse)
                if let value = stop, value <= start { stop = nil }
                var numbers = NumberFields(item: "programme \(index + 1) (\(title))")
                content.programmes.append(try programme(element, channel: channel, title: title, start: start, stop: stop, url: url, numbers: &numbers))
                content.warnings += numbers.warnings(source: id, url: url)
                let window = windows[channel] ?? (start, start)
                windows[channel] = (min(window.0, start), max(window.1, start))
            }
            content.coverage = windows.sorted { $0.key < $1.key }.map { Coverage(channel: $0.key, from: $0.value.0, to: $0.value.1) }
        } catch {
            throw ScrapeError.markup(error, source: id, url: url)
        }
        if content.programmes.isEmpty, !content.warnings.isEmpty {
            throw ScrapeError(kind: .badTime, source: id, url: url, message: "no programme could be read: \(content.warnings[0])")
        }
        return content
    }

    private func programme(
        _ element: Node, channel: ChannelID, title: String, start: Timestamp, stop: Timestamp?, url: String, numbers: inout NumberFields
    ) throws(MarkupError) -> Programme {
        func texts(_ path: XPathExpression) throws(MarkupError) -> [String] { try element.xpath(path).map(\.text).filter { !$0.isEmpty } }
        let categories = try texts(XMLTVPaths.category)
        var season: Int?, episode: Int?
        for number in try element.xpath(XMLTVPaths.episodeNumber) {
            let value = number.text
            if number.attribute("system") == "xmltv_ns" {
                // "season.episode.part", each zero-based and optionally "n/total".
                let parts = value.split(separator: ".", omittingEmptySubsequences: false).map { part in
                    String(part.split(separator: "/").first ?? "").trimmingWhitespace()
                }
                if parts.count > 0 { season = Self.oneBased(parts[0], field: "episode-num season", numbers: &numbers) ?? season }
                if parts.count > 1 { episode = Self.oneBased(parts[1], field: "episode-num episode", numbers: &numbers) ?? episode }
            } else if season == nil, episode == nil, let parts = try? DateTimeFormat("'S'HH'E'mm").parse(value.uppercased()) {
                season = parts.hour
                episode = parts.minute
            }
        }
        let ratingElement = try element.xpath(XMLTVPaths.rating).first
        let rating = try ratingElement.flatMap { node throws(MarkupError) -> Rating? in
            guard let value = try node.xpath(XMLTVPaths.value).first?.text, !value.isEmpty else { return nil }
            return Rating(system: node.attribute("system"), value: value)
        }
        let score = try element.xpath(XMLTVPaths.starRating).first.flatMap { node in Self.score(node.text, numbers: &numbers) }
        return Programme(
            channel: channel, start: start, stop: stop, timeZone: definition.zone.identifier, title: title,
            subtitle: try texts(XMLTVPaths.subTitle).first, description: try texts(XMLTVPaths.description).first,
            categories: categories,
            year: try texts(XMLTVPaths.date).first.flatMap { date in date.prefix(4).allSatisfy { $0.asciiDigit != nil } ? Int(date.prefix(4)) : nil },
            season: season, episode: episode,
            image: try element.xpath(XMLTVPaths.iconSource).first.flatMap { LinkResolver.resolve($0.text, against: url) },
            url: try texts(XMLTVPaths.url).first.flatMap { LinkResolver.resolve($0, against: url) },
            directors: try texts(XMLTVPaths.directors), actors: try texts(XMLTVPaths.actors), guests: try texts(XMLTVPaths.guests),
            rating: rating, score: score, country: try texts(XMLTVPaths.country).first, language: try texts(XMLTVPaths.language).first,
            provenance: [Provenance(source: id, url: url)])
    }

    /// A zero-based xmltv_ns number made one-based; nil when empty, not a number, or dropped as out of range.
    private static func oneBased(_ text: String, field: String, numbers: inout NumberFields) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.asciiDigit != nil }) else { return nil }
        guard let value = Int(text), let oneBased = Checked.add(value, 1) else {
            numbers.drop(field, "\"\(text)\" is beyond the largest whole number")
            return nil
        }
        return oneBased
    }

    /// A star rating on a scale of 10 from "7/10", "3.5/5" or "8"; nil when unreadable or dropped as outside 0 to 10.
    private static func score(_ text: String, numbers: inout NumberFields) -> Double? {
        let parts = text.split(separator: "/")
        guard let value = numbers.decimal("star-rating", parts.first.map(String.init)) else { return nil }
        let scale = parts.count > 1 ? numbers.decimal("star-rating scale", String(parts[1])) ?? 10 : 10
        guard scale > 0 else { return nil }
        let score = value / scale * 10
        guard (0...10).contains(score) else {
            numbers.drop("star-rating", "\"\(text)\" is outside 0 to 10")
            return nil
        }
        return score
    }
}

/// XMLTV's times: `YYYYMMDDhhmmss` or a leading part of it, then an optional `+hhmm` offset or zone name (UTC if absent).
public enum XMLTVTime {
    static let zoneNames: [String: Int] = [
        "UTC": 0, "GMT": 0, "Z": 0, "UT": 0, "WET": 0, "BST": 3600, "IST": 3600, "WEST": 3600, "CET": 3600, "MET": 3600,
        "CEST": 7200, "MEST": 7200, "EET": 7200, "EEST": 10800, "MSK": 10800,
        "EST": -18000, "EDT": -14400, "CST": -21600, "CDT": -18000, "MST": -25200, "MDT": -21600, "PST": -28800, "PDT": -25200,
    ]

    /// The instant a time attribute names, or nil when it is malformed.
    public static func parse(_ text: String) -> Timestamp? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let digitsPart = parts.first else { return nil }
        let digits = Array(digitsPart.utf8)
        guard digits.count >= 4, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }), digits.count <= 14, digits.count % 2 == 0 else { return nil }
        func field(_ start: Int, _ length: Int, _ fallback: Int) -> Int {
            guard start + length <= digits.count else { return fallback }
            return digits[start..<start + length].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        let year = field(0, 4, 1970), month = field(4, 2, 1), day = field(6, 2, 1)
        let hour = field(8, 2, 0), minute = field(10, 2, 0), second = field(12, 2, 0)
        guard let date = Day(year: year, month: month, day: day), hour < 24, minute < 60, second < 61 else { return nil }
        var offset = 0
        if parts.count > 1 {
            let zone = String(parts[1])
            if let sign = zone.first, sign == "+" || sign == "-" {
                let value = zone.dropFirst().filter { $0 != ":" }
                guard value.count == 4, value.allSatisfy({ $0.asciiDigit != nil }), let number = Int(value),
                      number / 100 <= 23, number % 100 < 60 else { return nil }
                offset = (number / 100 * 3600 + number % 100 * 60) * (sign == "-" ? -1 : 1)
            } else if let named = zoneNames[zone.uppercased()] {
                offset = named
            } else {
                return nil
            }
        }
        return Timestamp(checkedSecondsSince1970: Int64(date.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset))
    }
}
