import ArgumentParser
import CarteleraChecks
import CarteleraScraping
import Foundation

extension Cartelera {
    /// `cartelera corpus`: the TV-guide conformance corpus.
    struct Corpus: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "corpus",
            abstract: "Check site definitions against a corpus of captured TV-guide pages.",
            subcommands: [Check.self])
    }
}

extension Cartelera.Corpus {
    /// `cartelera corpus check DIR`.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Run each site's definition over its captured pages and compare with expect.json.",
            discussion: "Prints one line per site and ends with 'N passed, M failed'. Exits 1 when a site fails.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The corpus folder (one folder per site with expect.json).", valueName: "dir"))
        var directory: String

        @Option(name: .long, help: ArgumentHelp("Only this site (repeatable).", valueName: "site"))
        var site: [String] = []

        @Flag(name: .long, help: "List every problem, not only the first.")
        var details = false

        func validate() throws {
            guard !CorpusCheck.sites(in: directory).isEmpty else {
                throw ValidationError("\(directory) holds no corpus (no <site>/expect.json)")
            }
        }

        /// One site's result, for `--json`.
        struct Site: Codable {
            var site: String
            var passed: Bool
            var problems: [String]
            var warnings: [String]
        }

        func run() async throws {
            try global.requireScrapers()
            let sites = site.isEmpty ? CorpusCheck.sites(in: directory) : site
            var results: [CheckResult] = []
            for name in sites {
                results.append(await CorpusCheck.check(site: name, corpus: directory, definitions: global.scrapersDirectory))
            }
            let failed = results.filter { !$0.passed }.count
            if global.json {
                try GlobalOptions.printJSON(results.map { Site(site: $0.name, passed: $0.passed, problems: $0.problems, warnings: $0.warnings) })
                if failed > 0 { throw ExitCode(ExitStatus.failed.rawValue) }
                return
            }
            var passed = 0
            for result in results {
                let name = result.name
                if result.passed {
                    passed += 1
                    print("PASS \(name)")
                } else {
                    let more = result.problems.count > 1 && !details ? " (+\(result.problems.count - 1) more)" : ""
                    print("FAIL \(name): \(result.problems[0])\(more)")
                    if details { for problem in result.problems.dropFirst() { print("     \(problem)") } }
                }
                if details {
                    for warning in result.warnings.prefix(20) { print("     warning: \(warning)") }
                }
            }
            print("\(passed) passed, \(failed) failed")
            if failed > 0 { throw ExitCode(ExitStatus.failed.rawValue) }
        }
    }
}
