import CarteleraFetch
import CarteleraModel
import CarteleraScraping
import Foundation

/// Runs site definitions over the TV-guide corpus (`<corpus>/<site>/expect.json` and its captured files).
public enum CorpusCheck {
    /// The keys an `expect.json` of the corpus may have; any other is reported, as a misspelling would check nothing.
    public static let knownKeys: Set<String> = [
        "site", "source", "upstream_commit", "expectation_source", "layout", "files", "date", "channel", "timezone_hint",
        "count", "count_basis", "programmes", "primary_case_files", "reference_today", "additional_cases", "empty_files",
        "request", "request_note", "detail_requests", "detail_default_body", "derived_files", "fixture_info", "notes",
    ]
    /// The keys an additional case may have.
    public static let knownCaseKeys: Set<String> = ["upstream_test", "name", "files", "date", "channel", "count", "count_basis", "programmes", "reference_today", "notes"]

    /// The site folders of a corpus directory, sorted.
    public static func sites(in corpus: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: "\(corpus)/\($0)/expect.json") }.sorted()
    }

    /// Checks one site: every case, every unused listing variant (another encoding) and every empty file.
    public static func check(site: String, corpus: String, definitions: String) async -> CheckResult {
        let folder = "\(corpus)/\(site)"
        guard let data = FileManager.default.contents(atPath: "\(folder)/expect.json"),
              let expect = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            return CheckResult(name: site, problems: ["\(folder)/expect.json is missing or not JSON"])
        }
        var definition: CompiledDefinition
        do {
            definition = try DefinitionLoader.load(SourceID(site), from: definitions)
        } catch {
            return CheckResult(name: site, problems: [FileManager.default.fileExists(atPath: "\(definitions)/\(site)") ? error.description : "no definition in \(definitions)/\(site)"])
        }
        var roles: [String: String] = [:]
        if case .object(let files)? = expect["files"] {
            for (role, file) in files { if let name = file.string { roles[name] = role } }
        }
        func isDetail(_ file: String) -> Bool { roles[file]?.hasPrefix("detail") ?? false }
        var problems: [String] = []
        var warnings: [String] = []
        var usedFiles = Set<String>()
        let checked = checkedDefinition(definition, roles: roles)
        definition = checked.definition
        if let warning = checked.warning { warnings.append(warning) }
        if case .object(let members) = expect {
            for key in members.keys.sorted() where !knownKeys.contains(key) { problems.append("expect.json: unknown key \"\(key)\"") }
        }
        for (index, extra) in (expect["additional_cases"]?.array ?? []).enumerated() {
            guard case .object(let members) = extra else { continue }
            for key in members.keys.sorted() where !knownCaseKeys.contains(key) { problems.append("expect.json additional_cases[\(index)]: unknown key \"\(key)\"") }
        }
        // The page's own "today": dates without a year, relative day names and `date: null` are read against it.
        let referenceToday = expect["reference_today"]?.leadingDay

        struct Case { var name: String; var date: JSONValue?; var channel: JSONValue?; var files: [String]; var count: Int?; var programmes: [JSONValue]; var today: Day? = nil }
        var cases = [Case(name: "primary", date: expect["date"], channel: expect["channel"],
                          files: (expect["primary_case_files"]?.array ?? []).compactMap(\.string),
                          count: expect["count"]?.int, programmes: expect["programmes"]?.array ?? [])]
        for (index, extra) in (expect["additional_cases"]?.array ?? []).enumerated() {
            cases.append(Case(name: extra["upstream_test"]?.string ?? extra["name"]?.string ?? "case \(index + 2)", date: extra["date"] ?? expect["date"],
                              channel: extra["channel"] ?? expect["channel"], files: (extra["files"]?.array ?? []).compactMap(\.string),
                              count: extra["count"]?.int, programmes: extra["programmes"]?.array ?? [],
                              today: extra["reference_today"]?.leadingDay))
        }
        for item in cases { usedFiles.formUnion(item.files) }
        // A listing variant no case reads (the same page in another encoding) must give the primary case's results.
        let emptyFiles = Set((expect["empty_files"]?.array ?? []).compactMap(\.string))
        for (file, role) in roles.sorted(by: { $0.key < $1.key }) where role.hasPrefix("content") && !usedFiles.contains(file) && !emptyFiles.contains(file) {
            var variant = cases[0]
            variant.name = "primary with \(file)"
            variant.files = variant.files.map { isDetail($0) ? $0 : file }
            if variant.files.isEmpty { variant.files = [file] }
            cases.append(variant)
        }
        for file in emptyFiles.sorted() {
            cases.append(Case(name: "empty \(file)", date: cases[0].date, channel: cases[0].channel, files: [file], count: 0, programmes: []))
        }

        for item in cases {
            let today = item.today ?? referenceToday
            var day = today
            if let value = item.date, !value.isNull {
                guard let read = value.leadingDay else {
                    problems.append("\(item.name): the date \(value.plainText) is not a day such as 2026-11-20")
                    continue
                }
                day = read
            }
            let channel = channelEntry(item.channel, in: definition)
            if item.channel?.isNull == false, channel == nil {
                problems.append("\(item.name): the definition lists no channel \(item.channel?["site_id"]?.string ?? "?")")
                continue
            }
            var fixture = FixtureCase(
                name: item.name, day: day ?? Day(daysSince1970: 0), channel: channel ?? definition.channels.first,
                listingFiles: item.files.filter { !isDetail($0) }.map { "\(folder)/\($0)" },
                otherRoutes: detailRoutes(expect, folder: folder, allowed: Set(item.files), roles: roles))
            fixture.ownDays = day == nil
            // The corpus records what upstream grabbers extract, duplicates and raw labels included: compare extraction, not the normalized result.
            let outcome: ScrapeOutcome
            if let day {
                // "Today" is the page's reference_today when the corpus gives one, else the day asked for (noon UTC).
                outcome = await definition.scrape(fixture, now: (today ?? day).startUTC.adding(seconds: 12 * 3600), normalizing: false)
            } else if let own = await definition.scrapeOwnDays(fixture, normalizing: false) {
                outcome = own.outcome
            } else {
                problems.append("\(item.name): \(FixtureCase.dayDependentMessage)")
                continue
            }
            warnings += outcome.warnings.map { "\(item.name): \($0)" }
            for failure in outcome.failures { problems.append("\(item.name): \(failure)") }
            for problem in ExpectationCheck.problems(outcome.extraction.programmes, expected: item.programmes, count: item.count) {
                problems.append("\(item.name): \(problem)")
            }
            if item.count == nil, item.programmes.isEmpty == false, outcome.extraction.programmes.isEmpty {
                problems.append("\(item.name): no programmes")
            }
        }
        return CheckResult(name: site, problems: problems, warnings: warnings)
    }

    /// The definition as a corpus site can check it: without its session request when the corpus holds no answer to
    /// it (`detail_session`), so only the listing's reading is checked, said in the warning.
    public static func checkedDefinition(_ definition: CompiledDefinition, site: String, corpus: String) -> (definition: CompiledDefinition, warning: String?) {
        guard let data = FileManager.default.contents(atPath: "\(corpus)/\(site)/expect.json"),
              let expect = try? JSONDecoder().decode(JSONValue.self, from: data), case .object(let files)? = expect["files"] else {
            return checkedDefinition(definition, roles: [:])
        }
        var roles: [String: String] = [:]
        for (role, file) in files { if let name = file.string { roles[name] = role } }
        return checkedDefinition(definition, roles: roles)
    }

    private static func checkedDefinition(_ definition: CompiledDefinition, roles: [String: String]) -> (definition: CompiledDefinition, warning: String?) {
        guard definition.hasSession, !roles.values.contains("detail_session") else { return (definition, nil) }
        return (definition.withoutSession(),
                "the corpus has no captured session answer (detail_session): checked without the session request, its {session.…} values empty")
    }

    /// The corpus site's primary case as captured pages for `definition`, with its "today": `day` when given, else the
    /// case's date, else its `reference_today`; without any of them the fixture reads the pages' own days (`ownDays`).
    public static func primaryCase(site: String, corpus: String, definition: CompiledDefinition, day asked: Day? = nil) throws(CheckProblem) -> (fixture: FixtureCase, today: Day?) {
        let folder = "\(corpus)/\(site)"
        guard let data = FileManager.default.contents(atPath: "\(folder)/expect.json") else { throw CheckProblem("\(folder)/expect.json is missing") }
        guard let expect = try? JSONDecoder().decode(JSONValue.self, from: data) else { throw CheckProblem("\(folder)/expect.json is not JSON") }
        var roles: [String: String] = [:]
        if case .object(let files)? = expect["files"] {
            for (role, file) in files { if let name = file.string { roles[name] = role } }
        }
        let today = expect["reference_today"]?.leadingDay
        var day = asked ?? today
        if asked == nil, let date = expect["date"], !date.isNull {
            guard let read = date.leadingDay else { throw CheckProblem("\(folder)/expect.json: the date \(date.plainText) is not a day such as 2026-11-20") }
            day = read
        }
        let files = (expect["primary_case_files"]?.array ?? []).compactMap(\.string)
        var fixture = FixtureCase(
            name: "primary", day: day ?? Day(daysSince1970: 0), channel: channelEntry(expect["channel"], in: definition) ?? definition.channels.first,
            listingFiles: files.filter { !(roles[$0]?.hasPrefix("detail") ?? false) }.map { "\(folder)/\($0)" },
            otherRoutes: detailRoutes(expect, folder: folder, allowed: Set(files), roles: roles))
        fixture.ownDays = day == nil
        return (fixture, today ?? day)
    }

    /// The definition's entry for the case's channel: by site_id or xmltv_id, and by language when the case names one.
    private static func channelEntry(_ value: JSONValue?, in definition: CompiledDefinition) -> ChannelEntry? {
        guard let value, !value.isNull else { return nil }
        let siteID = value["site_id"]?.string
        let xmltvID = value["xmltv_id"]?.string
        let lang = value["lang"]?.string
        let matching = definition.channels.filter { entry in
            (siteID != nil && (entry.siteId ?? entry.id) == siteID) || (xmltvID != nil && entry.id == xmltvID)
        }
        return matching.first { lang != nil && $0.lang == lang } ?? matching.first
    }

    /// Routes for the detail requests a case may make, most specific first; `detail_default_body` answers the rest.
    private static func detailRoutes(_ expect: JSONValue, folder: String, allowed: Set<String>, roles: [String: String]) -> [FixtureFetcher.Route] {
        var specific: [FixtureFetcher.Route] = []
        var general: [FixtureFetcher.Route] = []
        // "(any other …)" answers every other detail request like the ones listed: a prefix route, tried last.
        let listed = (expect["detail_requests"]?.array ?? []).compactMap { $0["url"]?.string }.filter { !$0.hasPrefix("(") }
        var catchAll: [FixtureFetcher.Route] = []
        for request in expect["detail_requests"]?.array ?? [] {
            guard let url = request["url"]?.string else { continue }
            if url.hasPrefix("("), request["file"]?.isNull != false, let first = listed.first {
                let common = listed.dropFirst().reduce(first) { prefix, next in String(prefix.commonPrefix(with: next)) }
                if let slash = common.lastIndex(of: "/"), common.contains("://") {
                    catchAll.append(FixtureFetcher.Route(method: request["method"]?.string, url: String(common[...slash]) + "*", file: ""))
                }
                continue
            }
            let file = request["file"]?.string
            // A session's answers serve every case, as the session request precedes every listing.
            if let file, !allowed.contains(file), !(roles[file]?.hasPrefix("detail_session") ?? false) { continue }
            let path = file.map { "\(folder)/\($0)" } ?? ""
            var body: String?
            if case .object(let form)? = request["form_data"] {
                let pairs = form.compactMap { key, value -> String? in
                    guard let text = value.string, !text.hasPrefix("(") else { return nil }
                    return "\(FormEncoding.encode(key))=\(FormEncoding.encode(text))"
                }
                body = pairs.isEmpty ? nil : pairs.sorted().joined(separator: "&")
            }
            let json = request["json_body"] ?? request["body"]
            var matcher: (@Sendable ([UInt8]) -> Bool)?
            if let expected = json {
                matcher = { @Sendable (sent: [UInt8]) -> Bool in Self.jsonBody(sent, matches: expected) }
            }
            let route = FixtureFetcher.Route(method: request["method"]?.string, url: url, bodyContains: body, bodyMatches: matcher, file: path)
            if body == nil, json == nil { general.append(route) } else { specific.append(route) }
        }
        if let text = expect["detail_default_body"]?.string {
            catchAll.append(FixtureFetcher.Route(url: "*", label: "detail", file: "", body: Array(text.utf8)))
        }
        return specific + general + catchAll
    }

    /// Whether a request's body is the JSON a corpus entry records: objects member by member in any order; a value the
    /// corpus only describes in parentheses ("(a GraphQL query string…)") matches any value.
    static func jsonBody(_ body: [UInt8], matches expected: JSONValue) -> Bool {
        guard let sent = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else { return false }
        func same(_ expected: JSONValue, _ sent: JSONValue) -> Bool {
            switch (expected, sent) {
            case (.string(let text), _) where text.hasPrefix("("): return true
            case (.object(let wanted), .object(let got)):
                return Set(wanted.keys) == Set(got.keys) && wanted.allSatisfy { key, value in got[key].map { same(value, $0) } ?? false }
            case (.array(let wanted), .array(let got)):
                return wanted.count == got.count && zip(wanted, got).allSatisfy(same)
            default: return expected == sent
            }
        }
        return same(expected, sent)
    }
}

extension JSONValue {
    /// The day a text such as `2026-11-20` or `2026-11-20T06:00:00Z` starts with; nil for anything else.
    var leadingDay: Day? {
        string.flatMap { Day(String($0.prefix(10))) }
    }
}
