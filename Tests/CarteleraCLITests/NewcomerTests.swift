import CarteleraTesting
import Foundation
import Testing

/// A newcomer's path: `make demo`, then the commands it prints, then the README's figures.
@Suite struct NewcomerTests {
    /// Runs a shell command line in the package root, as a newcomer types it there.
    static func shell(_ command: String) throws -> CLIRunner.Result {
        try CLIRunner.runShell(command, in: RepositoryPaths.packageRoot())
    }

    /// The binary as `make demo` starts it: a path relative to the package root.
    static var relativeBinary: String {
        let root = URL(fileURLWithPath: RepositoryPaths.packageRoot()).resolvingSymlinksInPath().path
        let binary = URL(fileURLWithPath: CLIRunner.binary).resolvingSymlinksInPath().path
        return binary.hasPrefix(root + "/") ? String(binary.dropFirst(root.count + 1)) : binary
    }

    @Test func theCommandsTheDemoPrintsWorkAsPrinted() throws {
        let output = try TemporaryFolder("newcomer")
        let demo = try Self.shell("\(Self.relativeBinary) demo --output \(output.path)")
        #expect(demo.status == 0, "\(demo.stderr)")
        let printed = demo.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix(Self.relativeBinary + " ") }
        #expect(printed.count == 3, "\(demo.stdout)")
        for command in printed where !command.contains(" serve ") {
            let result = try Self.shell(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stdout.contains("times in "), "\(command): \(result.stdout)")
        }
        // The server's line as printed, on a free port instead of 8080 (tests never take a fixed port).
        let serve = try #require(printed.first { $0.contains(" serve ") })
        let server = try CLIRunner.startShell(serve + " --port 0", in: RepositoryPaths.packageRoot())
        defer { server.terminate() }
        let handle = try #require((server.standardOutput as? Pipe)?.fileHandleForReading)
        let line = String(decoding: handle.availableData, as: UTF8.self)
        #expect(line.hasPrefix("Serving \(output.path)/store and \(output.path)/public on http://127.0.0.1:"), "\(line)")
    }

    @Test func theREADMEQuotesTheDemoAsItIs() throws {
        let output = try TemporaryFolder("readme-demo")
        let demo = try CLIRunner.run(["demo", "--output", output.path])
        #expect(demo.status == 0, "\(demo.stderr)")
        let readme = try String(contentsOfFile: RepositoryPaths.packageRoot() + "/README.md", encoding: .utf8)
        // The figures that do not depend on the clock: sources served, the summary's counts, the store's contents.
        func figures(_ text: String) -> [String] {
            let patterns = [
                #"Serving \d+ sample sources"#, #"cartelera: \d+ sources, \d+ ok; \d+ programmes, \d+ audiences, \d+ venues, \d+ nights; \d+ requests"#,
                #"programmes  \d+ on \d+ channels"#, #"audiences   \d+ entries, \d+ news items"#, #"venues      \d+, \d+ nights"#,
            ]
            return patterns.compactMap { pattern in text.range(of: pattern, options: .regularExpression).map { String(text[$0]) } }
        }
        let printed = figures(demo.stdout)
        #expect(printed.count == 5, "\(demo.stdout)")
        #expect(figures(readme) == printed)
        // `demo --serve` serves every sample, the hostile ones too.
        let server = try CLIRunner.start(["demo", "--serve"])
        defer { server.terminate() }
        let handle = try #require((server.standardOutput as? Pipe)?.fileHandleForReading)
        let first = String(decoding: handle.availableData, as: UTF8.self)
        let serving = try #require(first.range(of: #"Serving \d+ sample sources"#, options: .regularExpression).map { String(first[$0]) })
        #expect(readme.contains("# prints: \(serving) on http://127.0.0.1:PORT"), "the README's `demo --serve` line says another count than \(serving)")
    }
}
