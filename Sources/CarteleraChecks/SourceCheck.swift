import CarteleraFetch
import CarteleraModel
import CarteleraScraping
import Foundation

/// Checks a source against its own captured pages: the cases in `Scrapers/<id>/expect.json`.
///
/// Each case names a day, a channel (Cartelera id), the captured files answering the listing requests in
/// page order (paths relative to the source folder), optionally their Content-Type, and the facts the scrape
/// must yield: `count`, `programmes` (as in the corpus); `audiences`, `shares`, `news`, `venues`, `nights`,
/// `guestLists` and `promotions` (listed fields of
/// the stored JSON form, by index).
public enum SourceCheck {
    /// The expectation file's name inside a source folder.
    public static let fileName = "expect.json"

    /// The keys a case may have; any other is reported, as a misspelling would check nothing.
    public static let knownCaseKeys: Set<String> = [
        "name", "date", "reference_today", "channel", "files", "content_type", "detail_routes", "empty", "count",
        "programmes", "audiences", "shares", "news", "venues", "nights", "guestLists", "promotions", "venueCount", "nightCount",
    ]

    /// Whether the source carries its own captured pages (sites checked only against a corpus do not).
    public static func hasCaptures(_ definition: CompiledDefinition) -> Bool {
        FileManager.default.fileExists(atPath: "\(definition.directory)/\(fileName)")
    }

    /// One line per case.
    public static func check(_ definition: CompiledDefinition) async -> [CheckResult] {
        let path = "\(definition.directory)/\(fileName)"
        guard let data = FileManager.default.contents(atPath: path) else {
            return [CheckResult(name: "\(definition.source)", problems: ["no \(fileName): add captured pages and what they must yield"])]
        }
        let expect: JSONValue
        do { expect = try JSONDecoder().decode(JSONValue.self, from: data) } catch {
            return [CheckResult(name: "\(definition.source)", problems: ["\(definition.source)/\(fileName) is not valid JSON"])]
        }
        var results: [CheckResult] = []
        if case .object(let members) = expect, let key = members.keys.sorted().first(where: { $0 != "cases" }) {
            results.append(CheckResult(name: "\(definition.source)", problems: ["\(fileName): unknown key \"\(key)\" (only \"cases\")"]))
        }
        for (index, item) in (expect["cases"]?.array ?? []).enumerated() {
            let name = "\(definition.source) \(item["name"]?.string ?? "case \(index + 1)")"
            var problems: [String] = []
            if case .object(let members) = item {
                for key in members.keys.sorted() where !knownCaseKeys.contains(key) { problems.append("unknown key \"\(key)\" in the case") }
            }
            guard let fixture = fixtureCase(item, definition: definition, name: name) else {
                results.append(CheckResult(name: name, problems: problems + [caseProblem(item, definition: definition)]))
                continue
            }
            // A source's own expectations describe what gets stored: canonical genres included.
            let outcome: ScrapeOutcome
            if !fixture.ownDays {
                outcome = await definition.scrape(fixture, now: now(item), normalizing: true)
            } else if let own = await definition.scrapeOwnDays(fixture, normalizing: true) {
                outcome = own.outcome
            } else {
                results.append(CheckResult(name: name, problems: problems + [FixtureCase.dayDependentMessage]))
                continue
            }
            problems += outcome.failures.map(\.description)
            problems += ExpectationCheck.problems(outcome.extraction.programmes, expected: item["programmes"]?.array ?? [], count: item["count"]?.int)
            problems += compareItems(outcome.extraction.audiences, item["audiences"], label: "audiences")
            problems += compareItems(outcome.extraction.shares, item["shares"], label: "shares")
            problems += compareItems(outcome.extraction.news, item["news"], label: "news")
            problems += compareItems(outcome.extraction.venues, item["venues"], label: "venues")
            problems += compareItems(outcome.extraction.nights, item["nights"], label: "nights")
            problems += compareItems(outcome.extraction.guestLists, item["guestLists"], label: "guestLists")
            problems += compareItems(outcome.extraction.promotions, item["promotions"], label: "promotions")
            if let count = item["venueCount"]?.int, count != outcome.extraction.venues.count {
                problems.append("expected \(count) venues, got \(outcome.extraction.venues.count)")
            }
            if let count = item["nightCount"]?.int, count != outcome.extraction.nights.count {
                problems.append("expected \(count) nights, got \(outcome.extraction.nights.count)")
            }
            if item["empty"] == .bool(true) {
                let extraction = outcome.extraction
                let total = extraction.programmes.count + extraction.venues.count + extraction.nights.count + extraction.audiences.count
                    + extraction.shares.count + extraction.news.count + extraction.guestLists.count + extraction.promotions.count
                if total != 0 { problems.append("expected an empty page, got \(total) items") }
            }
            results.append(CheckResult(name: name, problems: problems))
        }
        if results.isEmpty { results.append(CheckResult(name: "\(definition.source)", problems: ["\(fileName) lists no cases"])) }
        return results
    }

    /// The check's "now": noon UTC of the case's `reference_today`, else the Unix epoch (so guest lists and
    /// relative days read as the captures say, not as the day the check runs).
    public static func now(_ item: JSONValue) -> Timestamp {
        guard let day = item["reference_today"]?.leadingDay else { return Timestamp(secondsSince1970: 0) }
        return day.startUTC.adding(seconds: 12 * 3600)
    }

    /// Why `fixtureCase` cannot make a case of `item`, in one sentence.
    public static func caseProblem(_ item: JSONValue, definition: CompiledDefinition) -> String {
        if let date = item["date"], !date.isNull, date.leadingDay == nil { return "the date \(date.plainText) is not a day such as 2026-11-20" }
        if let reference = item["reference_today"], reference.leadingDay == nil { return "reference_today \(reference.plainText) is not a day such as 2026-11-20" }
        if let id = item["channel"]?.string, !definition.channels.contains(where: { $0.id == id }) {
            return "the definition lists no channel \(id) (known: \(definition.channels.map(\.id).joined(separator: ", ")))"
        }
        return "the case lists no files"
    }

    /// The captured files and request routes of a case; a case with neither a date nor `reference_today` reads its pages' own days (`ownDays`).
    public static func fixtureCase(_ item: JSONValue, definition: CompiledDefinition, name: String) -> FixtureCase? {
        let reference = item["reference_today"]?.leadingDay
        if item["reference_today"] != nil, reference == nil { return nil }
        var day = reference
        if let date = item["date"], !date.isNull {
            guard let read = date.leadingDay else { return nil }
            day = read
        }
        var channel: ChannelEntry?
        if let id = item["channel"]?.string {
            guard let entry = definition.channels.first(where: { $0.id == id }) else { return nil }
            channel = entry
        } else {
            channel = definition.channels.first
        }
        let files = (item["files"]?.array ?? []).compactMap(\.string).map { "\(definition.directory)/\($0)" }
        guard !files.isEmpty else { return nil }
        var fixture = FixtureCase(name: name, day: day ?? Day(daysSince1970: 0), channel: channel, listingFiles: files)
        fixture.ownDays = day == nil
        if let contentType = item["content_type"]?.string {
            // The listing routes are built from the requests; a content type applies to all of them.
            let requests = definition.listingRequests(channel: channel, day: fixture.day)
            fixture.otherRoutes = zip(requests, files).map { request, file in
                // Without a day the URLs are not known yet: the label says which page a file answers.
                FixtureFetcher.Route(method: request.method, url: fixture.ownDays ? "*" : request.url, label: request.label, file: file, contentType: contentType)
            }
            fixture.listingFiles = []
        }
        for route in item["detail_routes"]?.array ?? [] {
            guard let url = route["url"]?.string, let file = route["file"]?.string else { continue }
            fixture.otherRoutes.append(FixtureFetcher.Route(url: url, bodyContains: route["body_contains"]?.string, file: "\(definition.directory)/\(file)"))
        }
        return fixture
    }

    /// Listed fields of listed items, compared with the items' stored JSON.
    static func compareItems<T: Encodable>(_ items: [T], _ expected: JSONValue?, label: String) -> [String] {
        guard let expected = expected?.array else { return [] }
        var problems: [String] = []
        let encoder = JSONEncoder()
        for (position, entry) in expected.enumerated() {
            guard case .object(let facts) = entry, let index = facts["index"]?.int, index >= 0 else {
                problems.append("\(label) entry \(position + 1) has no \"index\": it would check nothing")
                continue
            }
            guard index < items.count else {
                problems.append("\(label) #\(index): missing (only \(items.count))")
                continue
            }
            guard let data = try? encoder.encode(items[index]), let actual = try? JSONDecoder().decode(JSONValue.self, from: data) else {
                problems.append("\(label) #\(index): cannot be compared (it does not encode as JSON)")
                continue
            }
            for (key, value) in facts.sorted(by: { $0.key < $1.key }) where key != "index" {
                let got = actual[key] ?? .null
                let same: Bool
                switch (value, got) {
                case (.number(let a), .number(let b)): same = abs(a - b) < 1e-9
                // Times compare as instants: "…00.000Z" is "…00Z" and "…01:00+01:00".
                case (.string(let a), .string(let b)) where a != b && Timestamp(iso8601: a) != nil:
                    same = Timestamp(iso8601: a) == Timestamp(iso8601: b)
                default: same = value == got
                }
                guard !same else { continue }
                if let wanted = value.array, let found = got.array {
                    problems.append("\(label) #\(index) \(key): \(ListMismatch.describe(expected: wanted, got: found))")
                } else {
                    problems.append("\(label) #\(index) \(key): expected \(value.plainText), got \(got.plainText)")
                }
            }
        }
        return problems
    }
}
