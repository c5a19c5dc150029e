import ArgumentParser
import CarteleraChecks
import CarteleraDemo
import CarteleraModel
import CarteleraScraping
import Foundation

extension Cartelera {
    /// `cartelera sources`: list and check source definitions.
    struct Sources: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sources",
            abstract: "List source definitions or check them against their captured pages.",
            subcommands: [List.self, Test.self, Try.self])
    }
}

extension Cartelera.Sources {
    /// One row of `sources list`.
    struct Row: Codable {
        var id: String
        var kind: String?
        var name: String?
        var timezone: String?
        var channels: Int?
        /// Whether `run` scrapes it under the configuration in use.
        var runs: Bool
        /// The channels the configuration keeps of it; absent when it keeps all.
        var keptChannels: [String]?
        var error: String?
    }

    /// `cartelera sources list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List every source with its kind, zone and channels, and whether `run` scrapes it.",
            discussion: """
                The runs column says what the configuration enables: the sources its sources: list names (with the channels \
                it keeps of each), else every real definition; sample sources (*.example) run only when named. A \
                configuration naming an unknown source or channel is an error naming it (exit 2). Invalid definitions are \
                listed with their error, and the command then exits 2.
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(name: .long, help: "List every channel of the sources named (or of all) with its id, for the configuration's channels: lists.")
        var channels = false

        @Argument(help: ArgumentHelp("Only these sources (default: all).", valueName: "id"))
        var ids: [String] = []

        func run() async throws {
            try global.requireScrapers()
            let folder = global.scrapersDirectory
            let file = try global.configuration()
            let known = DefinitionLoader.sourceIDs(in: folder)
            if let unknown = ids.first(where: { !known.contains(SourceID($0)) }) {
                throw CommandFailure(description: "unknown source \"\(unknown)\" (`cartelera sources list` shows the \(known.count) in \(folder))", status: .usage)
            }
            let selection = try RunSelection.resolve(named: [], configuration: file, scrapers: folder, sampleServer: file.sampleServer != nil,
                                                    allowingNone: true)
            var rows: [Row] = []
            var channelRows = [["source", "channel", "name", "kept"]]
            for id in known where ids.isEmpty || ids.contains(id.rawValue) {
                let runs = selection.sources.contains(id)
                let kept = selection.channels[id]?.map(\.rawValue)
                do {
                    let definition = try DefinitionLoader.load(id, from: folder)
                    rows.append(Row(id: id.rawValue, kind: definition.kind.rawValue, name: definition.name, timezone: definition.zone.identifier,
                                    channels: definition.channels.count, runs: runs, keptChannels: kept))
                    for channel in definition.channels {
                        let keeps = runs && (kept?.contains(channel.id) ?? true)
                        channelRows.append([id.rawValue, channel.id, channel.name, keeps ? "yes" : "no"])
                    }
                } catch {
                    rows.append(Row(id: id.rawValue, runs: runs, keptChannels: kept, error: error.description))
                }
            }
            if rows.isEmpty { throw CommandFailure(description: "no sources in \(folder) (no <id>/source.yaml)", status: .usage) }
            if channels, !global.json {
                for line in QueryTable.table(channelRows, cutting: false) { print(line) }
                print("\(channelRows.count - 1) channels of \(rows.count) sources")
            } else if global.json {
                try GlobalOptions.printJSON(rows)
            } else {
                var table = [["source", "kind", "zone", "channels", "runs", "name"]]
                for row in rows {
                    let channels = row.keptChannels.map { "\($0.count) of \(row.channels.map(String.init) ?? "?")" } ?? row.channels.map { $0 == 0 ? "-" : String($0) } ?? ""
                    let runs = row.runs ? "yes" : SampleSites.isSample(SourceID(row.id)) ? "no (sample)" : "no"
                    table.append([row.id, row.kind ?? "INVALID", row.timezone ?? "", channels, runs, row.error ?? row.name ?? ""])
                }
                for line in QueryTable.table(table, cutting: false) { print(line) }
                let origin = file.sources != nil ? "the sources: of \(file.file ?? "the configuration")"
                    : "every real definition (no configuration lists sources)"
                print("\(rows.count) sources, \(rows.filter(\.runs).count) run: \(origin)")
            }
            if rows.contains(where: { $0.error != nil }) { throw ExitCode(ExitStatus.usage.rawValue) }
        }
    }

    /// `cartelera sources test`.
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Check sources against their own captured pages (expect.json), or a corpus's.",
            discussion: "Prints one line per case and ends with 'N passed, M failed'. Exits 1 when a case fails, 2 when a definition is invalid.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("Sources to check (default: all).", valueName: "id"))
        var ids: [String] = []

        @Flag(name: .long, help: "List every problem of a failing case, not only the first ten.")
        var details = false

        @Option(name: .long, help: ArgumentHelp(
            "A corpus folder (one folder per site with expect.json): a source without captured pages of its own is checked against its folder there (repeatable).",
            valueName: "dir"))
        var corpus: [String] = []

        /// What `--json` prints.
        struct Output: Codable {
            var results: [Case]
            var passed: Int
            var failed: Int
            var skipped: [String]
        }

        /// One case's result.
        struct Case: Codable {
            var name: String
            var passed: Bool
            var problems: [String]
        }

        func run() async throws {
            try global.requireScrapers()
            let folder = global.scrapersDirectory
            let known = DefinitionLoader.sourceIDs(in: folder)
            let wanted = ids.isEmpty ? known : ids.map { SourceID($0) }
            for id in wanted where !known.contains(id) {
                throw ValidationError("unknown source \"\(id)\" (known: \(known.map(\.rawValue).joined(separator: ", ")))")
            }
            var results: [CheckResult] = []
            var skipped: [String] = []
            var invalid = false
            for id in wanted {
                do {
                    let definition = try DefinitionLoader.load(id, from: folder)
                    // Sites whose pages belong to a shared corpus carry no captures: their folder in a corpus checks them.
                    if !SourceCheck.hasCaptures(definition) {
                        if let folder = corpus.first(where: { CorpusCheck.sites(in: $0).contains(id.rawValue) }) {
                            results.append(await CorpusCheck.check(site: id.rawValue, corpus: folder, definitions: global.scrapersDirectory))
                        } else if ids.isEmpty {
                            skipped.append(id.rawValue)
                        } else {
                            results.append(CheckResult(name: id.rawValue, problems: [
                                "no captured pages (expect.json) here: add them, or check the source against a corpus folder with --corpus DIR",
                            ]))
                        }
                        continue
                    }
                    results += await SourceCheck.check(definition)
                } catch {
                    invalid = true
                    results.append(CheckResult(name: id.rawValue, problems: ["\(error)"]))
                }
            }
            let passed = results.filter(\.passed).count
            let failed = results.count - passed
            if global.json {
                try GlobalOptions.printJSON(Output(
                    results: results.map { Case(name: $0.name, passed: $0.passed, problems: $0.problems) },
                    passed: passed, failed: failed, skipped: skipped))
            } else {
                for id in skipped { print("SKIP \(id): no captured pages here (checked against a corpus folder with --corpus DIR)") }
                for result in results {
                    print("\(result.passed ? "PASS" : "FAIL") \(result.name)")
                    for problem in result.problems.prefix(details ? Int.max : 10) { print("     \(problem)") }
                    if !details, result.problems.count > 10 { print("     … \(result.problems.count - 10) more (--details lists them)") }
                }
                print("\(passed) passed, \(failed) failed" + (skipped.isEmpty ? "" : ", \(skipped.count) skipped"))
            }
            if invalid { throw ExitCode(ExitStatus.usage.rawValue) }
            if failed > 0 { throw ExitCode(ExitStatus.failed.rawValue) }
        }
    }
}
