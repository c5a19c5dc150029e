import ArgumentParser
import CarteleraModel
import CarteleraScraping
import Foundation

extension Cartelera {
    /// `cartelera sources`: list and check source definitions.
    struct Sources: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List source definitions or check them against their captured pages.",
            subcommands: [List.self, Test.self])
    }
}

extension Cartelera.Sources {
    /// `cartelera sources list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every source with its kind, zone and channels.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            var rows: [[String: String]] = []
            var invalid = 0
            for id in DefinitionLoader.sourceIDs(in: global.scrapers) {
                do {
                    let definition = try DefinitionLoader.load(id, from: global.scrapers)
                    rows.append(["id": id.rawValue, "kind": definition.kind.rawValue, "name": definition.name,
                                 "timezone": definition.zone.identifier, "channels": String(definition.channels.count)])
                } catch {
                    invalid += 1
                    rows.append(["id": id.rawValue, "error": error.description])
                }
            }
            if global.json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                print(String(decoding: try encoder.encode(rows), as: UTF8.self))
            } else {
                for row in rows {
                    if let error = row["error"] {
                        print("\(row["id"]!)  INVALID  \(error)")
                    } else {
                        let id = row["id"]!.padding(toLength: 30, withPad: " ", startingAt: 0)
                        let kind = row["kind"]!.padding(toLength: 12, withPad: " ", startingAt: 0)
                        print("\(id) \(kind) \(row["timezone"]!)  \(row["channels"]!) channels  \(row["name"]!)")
                    }
                }
            }
            if invalid > 0 { throw ExitCode(ExitStatus.usage.rawValue) }
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

        func run() async throws {
            let known = DefinitionLoader.sourceIDs(in: global.scrapers)
            let wanted = ids.isEmpty ? known : ids.map { SourceID($0) }
            for id in wanted where !known.contains(id) {
                throw ValidationError("unknown source \"\(id)\" (known: \(known.map(\.rawValue).joined(separator: ", ")))")
            }
            var passed = 0, failed = 0, skipped = 0, invalid = false
            for id in wanted {
                let results: [CheckResult]
                do {
                    let definition = try DefinitionLoader.load(id, from: global.scrapers)
                    // Sites whose pages belong to a shared corpus carry no captures: `corpus check` covers them.
                    guard SourceCheck.hasCaptures(definition) || !ids.isEmpty else {
                        skipped += 1
                        print("SKIP \(id): no captured pages here (checked with `cartelera corpus check`)")
                        continue
                    }
                    results = await SourceCheck.check(definition)
                } catch {
                    invalid = true
                    results = [CheckResult(name: id.rawValue, problems: ["\(error)"])]
                }
                for result in results {
                    if result.passed {
                        passed += 1
                        print("PASS \(result.name)")
                    } else {
                        failed += 1
                        print("FAIL \(result.name)")
                        for problem in result.problems.prefix(10) { print("     \(problem)") }
                        if result.problems.count > 10 { print("     … \(result.problems.count - 10) more") }
                    }
                }
            }
            print("\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : ""))
            if invalid { throw ExitCode(ExitStatus.usage.rawValue) }
            if failed > 0 { throw ExitCode(ExitStatus.sourcesFailed.rawValue) }
        }
    }
}
