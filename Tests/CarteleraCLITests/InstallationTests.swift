import CarteleraTesting
import Foundation
import Testing
import Yams

/// The operator's path through the README: `make install`, the cron line, the deployment manifests.
@Suite struct InstallationTests {
    static let readme = (try? String(contentsOfFile: RepositoryPaths.packageRoot() + "/README.md", encoding: .utf8)) ?? ""

    /// The fenced blocks of the README in `language`, in order.
    static func blocks(_ language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Runs `make <arguments>` in the package root.
    static func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["make", "--no-print-directory"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: RepositoryPaths.packageRoot())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func theREADMECronLineWorksAsWrittenWithTheInstalledBinary() throws {
        let root = try TemporaryFolder("install")
        let prefix = "\(root.path)/usr/local"
        let folders = ["STATEDIR=\(root.path)/var/lib/cartelera", "CACHEDIR=\(root.path)/var/cache/cartelera", "WWWDIR=\(root.path)/var/www/cartelera"]
        let install = try Self.make(["install-files", "PREFIX=\(prefix)", "BINARY=\(CLIRunner.binary)"] + folders)
        #expect(install.status == 0, "\(install.output)")
        let share = "\(prefix)/share/cartelera"
        let installed = try FileManager.default.contentsOfDirectory(atPath: "\(share)/Scrapers")
        #expect(installed.contains("README.md") && installed.contains("telebilbao.es"))
        #expect(!installed.contains { $0.hasSuffix(".example") }, "samples among the installed definitions")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(share)/Samples").contains("hostile.example"))
        let configuration = "\(prefix)/etc/cartelera/cartelera.yaml"
        #expect(try String(contentsOfFile: configuration, encoding: .utf8).contains("store: \(root.path)/var/lib/cartelera/store"))

        // Cron's world: the home folder, a bare PATH, nothing else.
        let home = "\(root.path)/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        func cron(_ command: String) throws -> CLIRunner.Result {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            process.currentDirectoryURL = URL(fileURLWithPath: home)
            process.environment = ["HOME": home, "PATH": "/usr/bin:/bin", "SHELL": "/bin/sh", "LOGNAME": "cartelera"]
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let stderr = CLIRunner.Drain(err)
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return CLIRunner.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                                    stderr: String(decoding: stderr.wait(), as: UTF8.self))
        }
        // The starter configuration names no source: every real definition runs, never a sample.
        let list = try cron("\(prefix)/bin/cartelera sources list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.hasSuffix("run: every real definition (no configuration lists sources)\n"), "\(list.stdout.suffix(200))")

        // The operator names the sources in the installed file, as the README says. Tests never reach the internet,
        // so here they are two samples, fetched from a loopback server.
        let server = try CLIRunner.start(["demo", "--serve"])
        defer { server.terminate() }
        let url = try CommandLineTests.servedURL(server)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: configuration))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("""

            scrapers: ../../share/cartelera/Samples
            sample_server: \(url)
            sources:
              xmltv.example:
              guia-tv.example:
                channels: [La1.es, La2.es]

            """.utf8))
        try handle.close()

        let cronLines = try #require(Self.blocks("cron").first).split(separator: "\n").filter { !$0.hasPrefix("#") }
        let fields = try #require(cronLines.first).split(separator: " ", omittingEmptySubsequences: true)
        try #require(fields.count > 5, "no command on the README's cron line")
        let command = fields.dropFirst(5).joined(separator: " ").replacingOccurrences(of: "/usr/local/", with: "\(prefix)/")
        let result = try cron(command)
        #expect(result.status == 0, "\(command): \(result.stderr)")
        #expect(result.stderr.isEmpty, "cron mail would hold: \(result.stderr)")
        let mail = result.stdout.split(separator: "\n")
        #expect(mail.first?.hasPrefix("cartelera: 2 sources, 2 ok;") == true && mail.count <= 3, "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: "\(root.path)/var/lib/cartelera/store/manifest.json"))
        #expect(FileManager.default.fileExists(atPath: "\(root.path)/var/cache/cartelera"))
        #expect(FileManager.default.fileExists(atPath: "\(root.path)/var/www/cartelera/index.html"))

        // Installing again keeps the operator's configuration.
        #expect(try Self.make(["install-files", "PREFIX=\(prefix)", "BINARY=\(CLIRunner.binary)"] + folders).status == 0)
        #expect(try String(contentsOfFile: configuration, encoding: .utf8).contains("sample_server: \(url)"))
    }

    @Test func theREADMEManifestsParseAndCallRealCommandsAndFlags() throws {
        var documents: [Node] = []
        for block in Self.blocks("yaml") {
            var sequence = try Yams.compose_all(yaml: block)
            while let document = sequence.next() { documents.append(document) }
            #expect(sequence.error == nil, "a YAML block of the README does not parse: \(sequence.error.map { "\($0)" } ?? "")")
        }
        let job = try #require(documents.first { ["Job", "CronJob"].contains($0["kind"]?.string ?? "") }, "no Kubernetes Job in the README")
        let jobSpec = job["kind"]?.string == "CronJob" ? job["spec"]?["jobTemplate"]?["spec"] : job["spec"]
        #expect(jobSpec?["completionMode"]?.string == "Indexed")
        #expect(jobSpec?["completions"]?.int != nil && jobSpec?["completions"]?.int == jobSpec?["parallelism"]?.int)
        let workflow = try #require(documents.first { $0["jobs"] != nil }, "no GitHub Actions workflow in the README")
        let jobs = try #require(workflow["jobs"]?.mapping)
        #expect(jobs.values.contains { $0["strategy"]?["matrix"] != nil })

        // Every cartelera command in them names a real subcommand and real flags, and the variables the binary reads.
        let text = Self.blocks("yaml").joined(separator: "\n")
        for variable in ["JOB_COMPLETION_INDEX", "CARTELERA_SHARD_COUNT", "CARTELERA_SHARD_INDEX"] {
            #expect(text.contains(variable), "\(variable) is not in the manifests")
        }
        var commands = 0
        for raw in text.split(separator: "\n") {
            // `command: ["cartelera", "scrape", …]` and `run: cartelera scrape …` read alike once quotes and brackets go.
            let line = raw.filter { !"\"'[],".contains($0) }
            guard let range = line.range(of: "cartelera "), !line[range.upperBound...].hasPrefix("-") else { continue }
            let words = line[range.upperBound...].split(separator: " ").map(String.init)
            guard let subcommand = words.first, ["scrape", "commit", "build", "run"].contains(subcommand) else { continue }
            commands += 1
            let help = try CLIRunner.run([subcommand, "--help"])
            #expect(help.status == 0, "\(subcommand)")
            for flag in words.dropFirst() where flag.hasPrefix("--") {
                #expect(help.stdout.contains(flag.split(separator: "=")[0]), "\(line): \(subcommand) has no \(flag)")
            }
        }
        #expect(commands >= 4, "the manifests call scrape and commit on each scheduler")
    }
}
