import ArgumentParser
import CarteleraChecks
import CarteleraFetch
import CarteleraModel
import CarteleraScraping
import Foundation
import Logging

extension Cartelera.Sources {
    /// `cartelera sources try ID`: the definition debugger.
    struct Try: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "try",
            abstract: "Run one source for one day and show its requests, what each selector matched and every item read.",
            discussion: """
                Fetches the live site, or reads captured pages: --case (a case of the source's expect.json), \
                --corpus (the site's primary case in a corpus folder) or --file (pages answering the listing requests, \
                in page order). Prints tables, or JSON with --json. Exits 1 when a part of the scrape failed.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The source to try.", valueName: "id"))
        var id: String

        @Option(name: .long, help: ArgumentHelp("The day (default: the case's, or today in the source's zone).", valueName: "yyyy-mm-dd"))
        var date: String?

        @Option(name: .long, help: ArgumentHelp("The channel, by id or site_id (default: the first listed).", valueName: "channel"))
        var channel: String?

        @Option(name: .long, help: ArgumentHelp("Read the captured pages of this expect.json case (its name or number, from 1).", valueName: "case"))
        var `case`: String?

        @Option(name: .long, help: ArgumentHelp("Read the site's captured pages from this corpus folder.", valueName: "dir"))
        var corpus: String?

        @Option(name: .long, help: ArgumentHelp("A captured page answering the next listing request (repeatable).", valueName: "file"))
        var file: [String] = []

        func validate() throws {
            if let date, Day(date) == nil { throw ValidationError("--date must be a day such as 2026-11-20, not \(date)") }
            if [`case` != nil, corpus != nil, !file.isEmpty].filter({ $0 }).count > 1 {
                throw ValidationError("use one of --case, --corpus and --file")
            }
        }

        func run() async throws {
            try global.requireScrapers()
            var definition: CompiledDefinition
            do { definition = try DefinitionLoader.load(SourceID(id), from: global.scrapersDirectory) } catch {
                throw CommandFailure(description: error.description, status: .usage)
            }
            var chosen = definition.channels.first
            if let channel {
                guard let entry = definition.channels.first(where: { $0.id == channel || $0.siteId == channel }) else {
                    throw ValidationError("\(id) lists no channel \(channel) (known: \(definition.channels.map(\.id).joined(separator: ", ")))")
                }
                chosen = entry
            }
            var now = Timestamp(Date())
            var checkWarning: String?
            var day = date.flatMap(Day.init) ?? definition.dayZone.local(now).day
            let fetcher: any Fetcher
            if let name = `case` {
                let cases = try expectCases(definition)
                guard let item = cases.enumerated().first(where: { $0.element["name"]?.string == name || "\($0.offset + 1)" == name })?.element else {
                    throw ValidationError("\(id)/expect.json has no case \(name) (its cases: \(cases.enumerated().map { $0.element["name"]?.string ?? "\($0.offset + 1)" }.joined(separator: ", ")))")
                }
                guard var fixture = SourceCheck.fixtureCase(item, definition: definition, name: name) else {
                    throw ValidationError("\(id)/expect.json case \(name): \(SourceCheck.caseProblem(item, definition: definition))")
                }
                let ownDays = fixture.ownDays
                if let asked = date.flatMap(Day.init) { fixture.day = asked; fixture.ownDays = false }
                fixture = try await withOwnDay(fixture, definition)
                day = fixture.day
                if channel == nil { chosen = fixture.channel }
                // A case without a day of its own is tried as of the day its pages cover.
                now = ownDays ? fixture.day.startUTC.adding(seconds: 12 * 3600) : SourceCheck.now(item)
                fetcher = definition.fixtureFetcher(fixture, now: now)
            } else if let corpus {
                let primary: (fixture: FixtureCase, today: Day?)
                do { primary = try CorpusCheck.primaryCase(site: id, corpus: corpus, definition: definition, day: date.flatMap(Day.init)) } catch {
                    throw ValidationError(error.description)
                }
                let checked = CorpusCheck.checkedDefinition(definition, site: id, corpus: corpus)
                checkWarning = checked.warning
                definition = checked.definition
                let fixture = try await withOwnDay(primary.fixture, definition)
                day = fixture.day
                if channel == nil { chosen = fixture.channel }
                now = (primary.today ?? fixture.day).startUTC.adding(seconds: 12 * 3600)
                fetcher = definition.fixtureFetcher(fixture, now: now)
            } else if !file.isEmpty {
                fetcher = definition.fixtureFetcher(FixtureCase(name: "files", day: day, channel: chosen, listingFiles: file), now: now)
            } else {
                fetcher = FetchPipeline.make(FetchConfiguration(), logger: Logger(label: "cartelera.try"))
            }
            var report = await DefinitionTrial.run(definition, day: day, channel: chosen, fetcher: fetcher, now: now)
            if let checkWarning { report.warnings.insert(checkWarning, at: 0) }
            if global.json {
                try GlobalOptions.printJSON(report)
            } else {
                TrialTable.print(report)
            }
            if !report.failures.isEmpty { throw ExitCode(ExitStatus.failed.rawValue) }
        }

        /// A case that names no day tried on the first day its pages cover; an error says why when they name none.
        private func withOwnDay(_ fixture: FixtureCase, _ definition: CompiledDefinition) async throws -> FixtureCase {
            guard fixture.ownDays else { return fixture }
            guard let own = await definition.scrapeOwnDays(fixture, normalizing: false) else {
                throw ValidationError("\(id): the case names no day, and its pages' times depend on the day asked for: give --date")
            }
            guard let first = own.days.first else { throw ValidationError("\(id): the case names no day, and its pages list nothing to take one from: give --date") }
            var dated = fixture
            dated.day = first
            dated.ownDays = false
            return dated
        }

        private func expectCases(_ definition: CompiledDefinition) throws -> [JSONValue] {
            let path = "\(definition.directory)/\(SourceCheck.fileName)"
            guard let data = FileManager.default.contents(atPath: path), let expect = try? JSONDecoder().decode(JSONValue.self, from: data) else {
                throw ValidationError("\(id) has no readable \(SourceCheck.fileName)")
            }
            return expect["cases"]?.array ?? []
        }
    }
}

/// The text form of a trial: requests, selector matches and items as aligned tables.
enum TrialTable {
    /// Prints the report's sections.
    static func print(_ report: TrialReport) {
        Swift.print("\(report.source) (\(report.kind)) \(report.day)\(report.channel.map { " \($0)" } ?? "")")
        Swift.print("\nRequests")
        table(["label", "method", "status", "bytes", "url"], report.requests.map { request in
            [request.label ?? "", request.method, request.status.map(String.init) ?? "failed", request.bytes.map(String.init) ?? "", request.error.map { "\(request.url): \($0)" } ?? request.url]
        })
        // The bodies sent (forms, JSON), each after its request's label: what a site's API was asked.
        for request in report.requests {
            guard let body = request.body else { continue }
            Swift.print("  \(request.label ?? request.method) body: \(body.prefix(4000))\(body.count > 4000 ? "…" : "")")
        }
        Swift.print("\nSelectors")
        table(["key", "matched", "first value", "page"], report.selectors.map { [$0.key, String($0.matched), String(($0.example ?? "").prefix(50)), $0.url] })
        if !report.sections.isEmpty {
            Swift.print("\nDay sections")
            table(["header", "day", "rows", "", "page"], report.sections.map {
                [String($0.header.prefix(40)), $0.day ?? "unreadable", String($0.rows), $0.asked ? "read" : "", $0.url]
            })
        }
        Swift.print("\nItems (\(report.items.count))")
        let columns = ["start", "stop", "title", "name", "venue", "channel"].filter { key in report.items.contains { $0[key] != nil } }
        table(["#"] + columns, report.items.enumerated().map { index, item in
            [String(index)] + columns.map { String((item[$0].map(cell) ?? "").prefix(60)) }
        })
        for failure in report.failures { Swift.print("failure: \(failure)") }
        for warning in report.warnings { Swift.print("warning: \(warning)") }
    }

    /// A value as a table cell: text and numbers as they read, anything else as its JSON.
    private static func cell(_ value: JSONValue) -> String {
        value.string ?? (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    private static func table(_ header: [String], _ rows: [[String]]) {
        guard !rows.isEmpty else { Swift.print("  (none)"); return }
        var widths = header.map(\.count)
        for row in rows { for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], cell.count) } }
        for row in [header] + rows {
            let cells = row.enumerated().map { index, cell in index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0) }
            Swift.print("  " + cells.joined(separator: "  "))
        }
    }
}
