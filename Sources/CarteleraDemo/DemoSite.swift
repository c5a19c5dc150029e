import CarteleraCore
import CarteleraModel
import CarteleraChecks
import CarteleraScraping
import Foundation

/// The sample sources' captured pages, answered by URL with their dates moved to today.
public struct DemoSite: Sendable {
    /// The sample sources, by id.
    public let sources: [SourceID]
    private let pages: [String: Page]

    struct Page: Sendable {
        var body: [UInt8]
        var contentType: String
    }

    /// Reads every `*.example` source's cases and moves each capture's dates (`shift(of:firstCapture:today:byWeeks:)`).
    public init(scrapers: String, now: Timestamp) throws {
        var sources: [SourceID] = []
        var pages: [String: Page] = [:]
        for id in DefinitionLoader.sourceIDs(in: scrapers) where SampleSites.isSample(id) {
            // An invalid sample fails in the run, with its file and key; serving the others must not depend on it.
            guard let definition = try? DefinitionLoader.load(id, from: scrapers) else { continue }
            let nightlife = definition.kind == .clubListing || definition.kind == .jsonld
            // The first capture answers the first day a run at `now` asks for: after midnight, a club listing's is yesterday's evening.
            let today = definition.firstDay(at: now)
            guard let data = FileManager.default.contents(atPath: "\(definition.directory)/\(SourceCheck.fileName)") else { continue }
            let expect = try JSONDecoder().decode(JSONValue.self, from: data)
            // In capture order, so a page every case shares (a venue list, promotions) moves with the first one.
            let cases = (expect["cases"]?.array ?? []).filter { ($0["count"]?.int ?? 1) > 0 }
                .sorted { ($0["date"]?.string ?? "") < ($1["date"]?.string ?? "") }
            let captureDays = Set(cases.compactMap { $0["date"]?.string.flatMap(Day.init) }).sorted()
            guard let firstCapture = captureDays.first else { continue }
            // Nightlife keeps its weekdays where every evening a run asks for still finds a page: the captures cover a
            // week, or the listing's address does not name the day.
            let byWeeks = nightlife && (captureDays.count >= 7
                || definition.listingRequests(channel: nil, day: today) == definition.listingRequests(channel: nil, day: today.advanced(by: 1)))
            sources.append(id)
            for item in cases {
                guard let fixture = SourceCheck.fixtureCase(item, definition: definition, name: id.rawValue) else { continue }
                let shift = Self.shift(of: fixture.day, firstCapture: firstCapture, today: today, byWeeks: byWeeks)
                let day = fixture.day.advanced(by: shift)
                let files = fixture.listingFiles.isEmpty ? fixture.otherRoutes.map(\.file) : fixture.listingFiles
                let contentType = item["content_type"]?.string ?? (definition.kind == .xmltv ? "application/xml" : "text/html; charset=utf-8")
                for (request, file) in zip(definition.listingRequests(channel: fixture.channel, day: day), files) {
                    guard var body = FileManager.default.contents(atPath: file).map(Array.init) else { continue }
                    switch definition.kind {
                    case .xmltv: body = Self.shiftXMLTVDates(body, byDays: shift)
                    case .clubListing, .jsonld: body = Self.shiftISODates(body, byDays: shift)
                    default: break
                    }
                    let key = Self.key(method: request.method, url: request.url, body: request.body)
                    if pages[key] == nil { pages[key] = Page(body: body, contentType: contentType) }
                }
            }
        }
        self.sources = sources
        self.pages = pages
    }

    /// The moment a scraping demo scrapes as of, for readers asking at `now`: `now`, except from midnight to 06:00 in
    /// `zone`, when "tonight" is the evening that began the day before while a guide's run asks from today's pages on
    /// (what is on the air then, and tonight's films, are on the evening's). The demo then scrapes as of that evening's
    /// last minute, so its captures start with the evening, as an earlier run of a deployment would have left the store.
    public static func scrapeMoment(at now: Timestamp, zone: ZoneConverter) -> Timestamp {
        let evening = NightTimes.evening(of: now, zone: zone)
        guard evening != zone.local(now).day else { return now }
        return zone.instant(LocalDateTime(day: evening, hour: 23, minute: 59))
    }

    /// How many days a capture's dates move. Captures follow on from today: the first captured day becomes today, the
    /// next tomorrow. By weeks, a night keeps its weekday ("Viernes Techno" stays on a Friday): each captured evening
    /// becomes the first day from today with its weekday.
    static func shift(of capture: Day, firstCapture: Day, today: Day, byWeeks: Bool) -> Int {
        guard byWeeks else { return firstCapture.distance(to: today) }
        let days = capture.distance(to: today)
        let weeks = days >= 0 ? (days + 6) / 7 : -(-days / 7)
        return weeks * 7
    }

    /// Sends `https://<id>/…` to the sample server under `/<id>/…`.
    public func rewrites(to baseURL: String) -> [String: String] {
        SampleSites.rewrites(to: baseURL, sources: sources)
    }

    /// The answer to a request for `target` (`/<id>/<path and query>`, as the sample server receives it).
    public func answer(method: String, target: String, body: [UInt8], ifNoneMatch: String?) -> SampleAnswer {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        if path.hasSuffix("/robots.txt") {
            return SampleAnswer(status: 200, headers: ["Content-Type": "text/plain"], body: Array("User-agent: *\nDisallow: /private/\n".utf8))
        }
        // The request arrives as /<id>/<path>; the page table is keyed by the site's own URL.
        let parts = target.dropFirst().split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return SampleAnswer(status: 404) }
        let url = "https://\(parts[0])/\(parts[1])"
        guard let page = pages[Self.key(method: method, url: url, body: body.isEmpty ? nil : body)] else {
            return SampleAnswer(status: 404)
        }
        // Pages carry a validator, as real sites do, so a second demo run is answered with 304s.
        let etag = "\"\(FNV1a.hex(page.body))\""
        if ifNoneMatch == etag { return SampleAnswer(status: 304, headers: ["ETag": etag]) }
        return SampleAnswer(status: 200, headers: ["Content-Type": page.contentType, "ETag": etag], body: page.body)
    }

    private static func key(method: String, url: String, body: [UInt8]?) -> String {
        "\(method) \(url) \(body.map { String(decoding: $0, as: UTF8.self) } ?? "")"
    }

    /// Moves every ISO 8601 date (`2026-11-27`, alone or in a date-time) by whole days, for listing pages and JSON-LD.
    /// Offsets stay as written, so a sample shifted across a DST change reads an hour off.
    static func shiftISODates(_ body: [UInt8], byDays days: Int) -> [UInt8] {
        shiftDates(body, byDays: days, pattern: "(?<![0-9])([0-9]{4}-[0-9]{2}-[0-9]{2})(?![0-9])", compact: false)
    }

    /// Moves every XMLTV time (`"YYYYMMDDhhmmss`) by whole days.
    static func shiftXMLTVDates(_ body: [UInt8], byDays days: Int) -> [UInt8] {
        shiftDates(body, byDays: days, pattern: "\"([0-9]{8})[0-9]{6}", compact: true)
    }

    /// Replaces the date in capture group 1 of every match, written `YYYY-MM-DD` or, when compact, `YYYYMMDD`.
    private static func shiftDates(_ body: [UInt8], byDays days: Int, pattern: String, compact: Bool) -> [UInt8] {
        guard days != 0 else { return body }
        var text = String(decoding: body, as: UTF8.self)
        let expression = try! NSRegularExpression(pattern: pattern)
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let range = Range(match.range(at: 1), in: text) else { continue }
            var digits = String(text[range])
            if compact { digits = "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))" }
            guard let day = Day(digits) else { continue }
            let shifted = day.advanced(by: days).description
            text.replaceSubrange(range, with: compact ? shifted.replacingOccurrences(of: "-", with: "") : shifted)
        }
        return Array(text.utf8)
    }
}

/// What the sample server answers: a status, headers and a body.
public struct SampleAnswer: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// Header names and values.
    public var headers: [String: String]
    /// The body's bytes.
    public var body: [UInt8]

    /// An answer from its parts.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
