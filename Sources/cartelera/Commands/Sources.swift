import ArgumentParser
import CarteleraChecks
import CarteleraModel
import CarteleraScraping
import Foundation

extension Cartelera {
    /// `cartelera sources`: list and check source definitions.
    struct Sources: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
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
        var error: String?
    }

    /// `cartelera sources list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every source with its kind, zone and channels.",
            discussion: "Invalid definitions are listed with their error, and the command then exits 2.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try global.requireScrapers()
            let folder = global.scrapersDirectory
            var rows: [Row] = []
            for id in DefinitionLoader.sourceIDs(in: folder) {
                do {
                    let definition = try DefinitionLoader.load(id, from: folder)
                    rows.append(Row(id: id.rawValue, kind: definition.kind.rawValue, name: definition.name,
                                    timezone: definition.zone.identifier, channels: definition.channels.count))
                } catch {
                    rows.append(Row(id: id.rawValue, error: error.description))
                }
            }
            if rows.isEmpty { throw CommandFailure(description: "no sources in \(folder) (no <id>/source.yaml)", status: .usage) }
            if global.json {
                try GlobalOptions.printJSON(rows)
            } else {
                for row in rows {
                    if let error = row.error {
                        print("\(row.id)  INVALID  \(error)")
                    } else {
                        let id = row.id.padding(toLength: 30, withPad: " ", startingAt: 0)
                        let kind = (row.kind ?? "").padding(toLength: 12, withPad: " ", startingAt: 0)
                        print("\(id) \(kind) \(row.timezone ?? "")  \(row.channels ?? 0) channels  \(row.name ?? "")")
                    }
                }
            }
            if rows.contains(where: { $0.error != nil }) { throw ExitCode(ExitStatus.usage.rawValue) }
        }
    }

    /// `cartelera sources test`.
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check sources against their own captured pages (expect.json).",
            discussion: "Prints one line per case and ends with 'N passed, M failed'. Exits 1 when a case fails, 2 when a definition is invalid.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("Sources to check (default: all).", valueName: "id"))
        var ids: [String] = []

        @Flag(name: .long, help: "List every problem of a failing case, not only the first ten.")
        var details = false

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
                    // Sites whose pages belong to a shared corpus carry no captures: `corpus check` covers them.
                    guard SourceCheck.hasCaptures(definition) || !ids.isEmpty else {
                        skipped.append(id.rawValue)
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
                for id in skipped { print("SKIP \(id): no captured pages here (checked with `cartelera corpus check`)") }
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
