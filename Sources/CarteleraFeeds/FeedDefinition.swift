import CarteleraModel
import CarteleraOutput
import CarteleraQuery
import Foundation
import Yams

/// One feed of `Feeds/<name>.yaml`: a saved query and the formats to publish its answer in.
///
/// ```yaml
/// title: Cine en las generalistas esta semana
/// language: es
/// query:                      # the filters of `cartelera query`, without their dashes
///   kind: programmes
///   type: film
///   channel: [La1.es, La2.es, Antena3.es]
///   next: 7d
/// formats: [json, ics, xmltv]
/// alarm_minutes: 5            # iCalendar only: the reminder before each start; 0 for none
/// ```
public struct FeedDefinition: Sendable {
    /// The file's name without `.yaml`: the feed's files are `feeds/<name>.<format>`.
    public var name: String
    /// Shown by calendar apps and feed readers.
    public var title: String
    /// A sentence about the feed.
    public var description: String?
    /// The language of its text (`es`, `en`), for `lang` attributes and the JSON Feed.
    public var language: String
    /// What the feed asks, as text, checked at each build against that build's moment.
    public var parameters: QueryParameters
    /// The kind of item it publishes.
    public var kind: Query.Kind
    /// The formats to write, from the registry the definition was read with.
    public var formats: [any FeedWriter]
    /// Minutes before each start that the iCalendar reminder rings; nil for no reminder.
    public var alarmMinutes: Int?
    /// The site the feed belongs to, an http(s) URL, when it has one.
    public var homePage: String?

    /// Every item of a feed, unless its query sets a smaller limit.
    public static let itemLimit = QueryParameters.maximumLimit
}

/// A feed definition that cannot be used, naming its file and key.
public struct FeedDefinitionError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The definition file, relative to the feeds folder.
    public var file: String
    /// The key at fault (`query.year`), when one is.
    public var key: String?
    /// What is wrong and what would be right.
    public var message: String

    /// One line: `films.yaml: query.year: …`.
    public var description: String {
        "\(file): " + (key.map { "\($0): " } ?? "") + message
    }
}

/// Reads `Feeds/*.yaml`.
public enum FeedDefinitionLoader {
    /// Every definition in `folder`, by name, and the problems of those that cannot be used; a missing folder has no
    /// feeds, and one that exists but cannot be listed is a problem naming it. `formats:` names the formats of `writers`.
    public static func load(folder: String, writers: [any FeedWriter] = FeedWriters.standard) -> (feeds: [FeedDefinition], problems: [FeedDefinitionError]) {
        guard FileManager.default.fileExists(atPath: folder) else { return ([], []) }
        let listed: [String]
        do {
            listed = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            return ([], [FeedDefinitionError(file: folder, message: "the feeds folder cannot be listed: \(error.localizedDescription)")])
        }
        let names = listed.filter { $0.hasSuffix(".yaml") }.sorted()
        var feeds: [FeedDefinition] = []
        var problems: [FeedDefinitionError] = []
        for file in names {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file) else {
                problems.append(FeedDefinitionError(file: file, message: "cannot be read"))
                continue
            }
            do {
                feeds.append(try parse(String(decoding: data, as: UTF8.self), file: file, writers: writers))
            } catch {
                problems.append(error)
            }
        }
        return (feeds, problems)
    }

    /// The definition in `yaml`, named after `file`, its formats among `writers`.
    public static func parse(_ yaml: String, file: String, writers: [any FeedWriter] = FeedWriters.standard) throws(FeedDefinitionError) -> FeedDefinition {
        let name = String(file.dropLast(file.hasSuffix(".yaml") ? 5 : 0))
        func fail(_ key: String?, _ message: String) -> FeedDefinitionError { FeedDefinitionError(file: file, key: key, message: message) }
        guard name.range(of: #"^[a-z0-9][a-z0-9-]{0,63}$"#, options: .regularExpression) != nil else {
            throw fail(nil, "name the file with lowercase letters, digits and dashes (it names the feed's files)")
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else { throw fail(nil, "the file is empty") }
            root = node
        } catch let error as FeedDefinitionError {
            throw error
        } catch {
            // Yams's message spans lines (the reason, then the text with a caret): keep the reason, on one line.
            let reason = String(describing: error).split(separator: "\n").prefix(2).joined(separator: ": ")
            throw fail(nil, "not valid YAML: \(reason)")
        }
        guard let mapping = root.mapping else { throw fail(nil, "expected keys such as title, query and formats") }
        let known: Set<String> = ["title", "description", "language", "query", "formats", "alarm_minutes", "home_page"]
        for key in mapping.keys.compactMap(\.string) where !known.contains(key) {
            throw fail(key, "unknown key (use \(known.sorted().joined(separator: ", ")))")
        }
        func text(_ key: String, required: Bool = false) throws(FeedDefinitionError) -> String? {
            guard let node = mapping[key] else {
                if required { throw fail(key, "is required") }
                return nil
            }
            guard let value = node.scalar?.string, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, value.count <= 500 else {
                throw fail(key, "expected one line of text of at most 500 characters")
            }
            return value
        }
        let title = try text("title", required: true) ?? name
        let language = try text("language") ?? "es"
        guard language.range(of: #"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$"#, options: .regularExpression) != nil else {
            throw fail("language", "expected a language tag such as es or en")
        }
        let homePage = try text("home_page")
        if let homePage, !PublishedText.isWebURL(homePage) { throw fail("home_page", "expected an http or https URL") }

        guard let queryNode = mapping["query"], let query = queryNode.mapping else { throw fail("query", "is required: the filters of `cartelera query`") }
        let (kind, parameters) = try FeedQuery.parameters(query, fail: fail)

        let formatList = writers.map(\.name).joined(separator: ", ")
        guard let formatsNode = mapping["formats"] else { throw fail("formats", "is required: any of \(formatList)") }
        let formatNames = formatsNode.sequence.map { $0.compactMap(\.string) } ?? formatsNode.string.map { [$0] } ?? []
        var formats: [any FeedWriter] = []
        for formatName in formatNames {
            guard let format = writers.first(where: { $0.name == formatName }) else { throw fail("formats", "unknown format \(formatName) (use \(formatList))") }
            guard format.kinds.contains(kind) else {
                let kinds = format.kinds.map(\.rawValue).joined(separator: " and ")
                throw fail("formats", "\(format.name) publishes \(kinds), and this feed's query asks for \(kind.rawValue)")
            }
            if !formats.contains(where: { $0.name == format.name }) { formats.append(format) }
        }
        guard !formats.isEmpty else { throw fail("formats", "name at least one of \(formatList)") }

        var alarm: Int? = 5
        if let node = mapping["alarm_minutes"] {
            guard let minutes = node.int, (0...10_080).contains(minutes) else { throw fail("alarm_minutes", "expected minutes from 0 (no reminder) to 10080 (a week)") }
            alarm = minutes == 0 ? nil : minutes
        }
        return FeedDefinition(name: name, title: title, description: try text("description"), language: language, parameters: parameters,
                              kind: kind, formats: formats, alarmMinutes: alarm, homePage: homePage)
    }
}

/// A feed's `query:` mapping as the command line's parameters.
enum FeedQuery {
    /// The keys a `query:` mapping takes: `kind` and every query parameter but `offset`.
    static let definitionKeys = ["kind"] + QueryParameter.all.filter { $0 != .offset }.map(\.name)

    /// The kind and parameters of a `query:` mapping; `fail` names the key.
    static func parameters(_ query: Node.Mapping, fail: (String?, String) -> FeedDefinitionError) throws(FeedDefinitionError) -> (Query.Kind, QueryParameters) {
        guard let kindName = query["kind"]?.string else { throw fail("query.kind", "is required: one of \(Query.Kind.allCases.map(\.rawValue).joined(separator: ", "))") }
        guard let kind = Query.Kind(rawValue: kindName) else {
            throw fail("query.kind", "unknown kind \(kindName) (use \(Query.Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var parameters = QueryParameters()
        parameters[.limit] = [String(FeedDefinition.itemLimit)]
        for (keyNode, value) in query {
            guard let key = keyNode.string else { continue }
            let path = "query.\(key)"
            if key == "kind" { continue }
            // A feed lists from its first match: it has no offset.
            guard let parameter = QueryParameter.named(key), parameter != .offset else {
                throw fail(path, "unknown filter (use the parameters of `cartelera query` without their dashes: \(definitionKeys.joined(separator: ", ")))")
            }
            let values: [String]
            if parameter.value == .flag {
                guard let on = value.bool else { throw fail(path, "expected true or false") }
                values = [on ? "true" : "false"]
            } else if let items = value.sequence {
                values = items.compactMap { $0.scalar?.string }
                guard values.count == items.count else { throw fail(path, "expected a list of values") }
            } else if let text = value.scalar?.string {
                values = [text]
            } else {
                throw fail(path, "expected one value")
            }
            do {
                try parameters.set(key, to: values)
            } catch {
                throw fail(path, error.message.text(.definition))
            }
        }
        return (kind, parameters)
    }
}
