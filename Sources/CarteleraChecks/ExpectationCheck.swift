import CarteleraModel
import CarteleraScraping
import Foundation

/// Compares scraped programmes with the facts an expectation file lists (`expect.json`).
///
/// Only listed indexes and fields are checked; `null` means empty or absent; times compare as instants;
/// text compares after trimming. Field names follow the corpus README's mapping (`icon` ≈ `image`, …); a field
/// the model has no place for is a problem ("not a field Cartelera reads"), never skipped.
public enum ExpectationCheck {
    /// Every mismatch, as a sentence; empty when all listed facts hold.
    public static func problems(_ programmes: [Programme], expected: [JSONValue], count: Int?) -> [String] {
        var problems: [String] = []
        if let count, programmes.count != count {
            problems.append("expected \(count) programmes, got \(programmes.count)")
        }
        for (position, entry) in expected.enumerated() {
            guard case .object(let facts) = entry, let index = facts["index"]?.int, index >= 0 else {
                problems.append("programmes entry \(position + 1) has no \"index\": it would check nothing")
                continue
            }
            guard index < programmes.count else {
                problems.append("#\(index): missing (only \(programmes.count) programmes)")
                continue
            }
            let programme = programmes[index]
            for (key, value) in facts.sorted(by: { $0.key < $1.key }) where key != "index" {
                if let problem = compare(key, value, programme) { problems.append("#\(index) \(key): \(problem)") }
            }
        }
        return problems
    }

    private static func compare(_ key: String, _ expected: JSONValue, _ p: Programme) -> String? {
        switch key {
        case "start": return instant(expected, p.start)
        case "stop": return instant(expected, p.stop)
        case "title": return text(expected, p.title)
        case "description", "desc": return text(expected, p.description)
        case "sub_title", "subTitle", "subtitle": return text(expected, p.subtitle)
        case "image", "icon": return text(expected, p.image)
        case "url": return text(expected, p.url)
        case "category", "categories": return list(expected, p.categories)
        case "actors", "actor": return list(expected, p.actors)
        case "director", "directors": return list(expected, p.directors)
        case "guest", "guests": return list(expected, p.guests)
        case "writer", "writers": return list(expected, p.extras?.writers ?? [])
        case "adapter", "adapters": return list(expected, p.extras?.adapters ?? [])
        case "producer", "producers": return list(expected, p.extras?.producers ?? [])
        case "composer", "composers": return list(expected, p.extras?.composers ?? [])
        case "editor", "editors": return list(expected, p.extras?.editors ?? [])
        case "presenter", "presenters": return list(expected, p.extras?.presenters ?? [])
        case "commentator", "commentators": return list(expected, p.extras?.commentators ?? [])
        case "images": return list(expected, p.extras?.images ?? [])
        case "keyword", "keywords": return list(expected, p.extras?.keywords ?? [])
        // XMLTV's <url> list: a programme keeps one page.
        case "urls": return list(expected, p.url.map { [$0] } ?? [])
        case "country": return text(expected, p.country)
        case "language", "lang": return text(expected, p.language)
        case "date", "year": return text(expected.string.map { .string(String($0.prefix(4))) } ?? expected, p.year.map(String.init))
        case "season": return number(expected, p.season)
        case "episode": return number(expected, p.episode)
        case "rating": return rating(expected, p.rating)
        // XMLTV-shaped lists keep every <rating>; a programme keeps the first.
        case "ratings": return rating(expected.array?.first ?? expected, p.rating)
        case "length": return length(expected, p)
        default:
            return "not a field Cartelera reads"
        }
    }

    /// The plain text of an expected value: a string, or the first `{value}`/`{src}` of XMLTV-shaped lists.
    static func plain(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .number: return value.string
        case .array(let items): return items.first.flatMap(plain)
        case .object(let object): return (object["value"] ?? object["src"]).flatMap(plain)
        default: return nil
        }
    }

    private static func rating(_ expected: JSONValue, _ actual: Rating?) -> String? {
        if expected.isNull { return actual == nil ? nil : "expected none, got \(actual!.value)" }
        let value = expected["value"]?.string ?? expected.string
        let system = expected["system"]?.string
        guard let rating = actual else { return "expected \(value ?? "?"), got none" }
        if rating.value != value { return "expected \(value ?? "?"), got \(rating.value)" }
        if let system, rating.system != system { return "expected system \(system), got \(rating.system ?? "none")" }
        return nil
    }

    /// A length (`{units, value}` as XMLTV writes it, or minutes) against the programme's stop minus start.
    private static func length(_ expected: JSONValue, _ p: Programme) -> String? {
        let entry = expected.array?.first ?? expected
        if entry.isNull { return nil }
        guard let amount = (entry["value"] ?? entry).string.flatMap({ Int64($0) }) else { return "unreadable expected length" }
        let unit: Int64 = switch entry["units"]?.string ?? "minutes" {
        case "seconds": 1
        case "hours": 3600
        default: 60
        }
        let (wanted, overflow) = amount.multipliedReportingOverflow(by: unit)
        guard !overflow else { return "unreadable expected length" }
        guard let stop = p.stop else { return "expected \(wanted)s, got no stop" }
        let (seconds, late) = stop.secondsSince1970.subtractingReportingOverflow(p.start.secondsSince1970)
        return !late && seconds == wanted ? nil : "expected \(wanted)s, got \(late ? "an out-of-range length" : "\(seconds)s")"
    }

    private static func instant(_ expected: JSONValue, _ actual: Timestamp?) -> String? {
        if expected.isNull { return actual == nil ? nil : "expected none, got \(actual!)" }
        guard let text = expected.string, let instant = Timestamp(iso8601: text) else { return "unreadable expected time" }
        guard let actual else { return "expected \(instant), got none" }
        return actual == instant ? nil : "expected \(instant), got \(actual)"
    }

    private static func text(_ expected: JSONValue, _ actual: String?) -> String? {
        let actualText = actual?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if expected.isNull { return actualText.isEmpty ? nil : "expected none, got \"\(actualText.prefix(80))\"" }
        let wanted = CharacterReferences.decode(plain(expected) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return wanted == actualText ? nil : "expected \"\(wanted.prefix(120))\", got \"\(actualText.prefix(120))\""
    }

    /// A list compared element by element after trimming; empty strings are no element, so `""`, `[]`, `[""]` and `null` all mean none.
    private static func list(_ expected: JSONValue, _ actual: [String]) -> String? {
        let got = actual.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        if expected.isNull { return got.isEmpty ? nil : "expected none, got \(JSONValue.array(got.map(JSONValue.string)).plainText)" }
        let wanted = (expected.array ?? [expected]).compactMap(plain).map { CharacterReferences.decode($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        return wanted == got ? nil : ListMismatch.describe(expected: wanted.map(JSONValue.string), got: got.map(JSONValue.string))
    }

    private static func number(_ expected: JSONValue, _ actual: Int?) -> String? {
        if expected.isNull { return actual == nil ? nil : "expected none, got \(actual!)" }
        return expected.int == actual ? nil : "expected \(expected.string ?? "?"), got \(actual.map(String.init) ?? "none")"
    }
}
