import CarteleraModel
import CarteleraStore
import CarteleraTesting
import Foundation
import Testing

/// Every failure said and counted: each step that fails changes the exit code and names its file; bad arguments get clear words.
@Suite(.serialized) struct FailureCommandLineTests {
    /// One demo store for the suite, copied by each test that changes it.
    static let demo: Result<String, QueryCommandLineTests.DemoFailure> = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("failure-cli-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let result = try CLIRunner.run(["demo", "--output", folder])
            guard result.status == 0 else { return .failure(QueryCommandLineTests.DemoFailure(description: result.stderr)) }
            return .success(folder)
        } catch {
            return .failure(QueryCommandLineTests.DemoFailure(description: "\(error)"))
        }
    }()

    /// A copy of the demo's store (and its cache) in a folder of its own; the folder's `store` is the copy.
    func copyOfDemo(_ name: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(name)
        for part in ["store", "cache"] {
            try FileManager.default.copyItem(atPath: "\(try Self.demo.get())/\(part)", toPath: "\(folder.path)/\(part)")
        }
        return folder
    }

    /// Runs `run` for one sample source of a `demo --serve` server over `store`.
    func runOnce(_ store: String, source: String = "xmltv.example", environment: [String: String] = [:], extra: [String] = []) throws -> CLIRunner.Result {
        let server = try CLIRunner.start(["demo", "--serve"])
        defer { server.terminate() }
        let url = try CommandLineTests.servedURL(server)
        return try CLIRunner.run(["run", "--sample-server", url, "--source", source, "--store", store, "--output", "\(store)/../public"] + extra,
                                 environment: environment)
    }

    @Test func aFullDiskForTheQueryIndexFailsTheRunNamingTheFile() throws {
        let compiler = try #require(["/usr/bin/gcc", "/usr/bin/cc"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                    "gcc builds the ENOSPC shim (make test-deps installs it)")
        let folder = try copyOfDemo("index-full")
        let shim = "\(folder.path)/enospc.so"
        let built = Process()
        built.executableURL = URL(fileURLWithPath: compiler)
        built.arguments = ["-shared", "-fPIC", "-O2", "-o", shim, "\(RepositoryPaths.packageRoot())/scripts/enospc.c", "-ldl"]
        try built.run()
        built.waitUntilExit()
        try #require(built.terminationStatus == 0)
        let store = URL(fileURLWithPath: "\(folder.path)/store").resolvingSymlinksInPath().path
        // The index is gone, so the run must write it; every write under index/ meets a full disk.
        try FileManager.default.removeItem(atPath: "\(store)/index")
        try FileManager.default.createDirectory(atPath: "\(store)/index", withIntermediateDirectories: false)
        let full = ["LD_PRELOAD": shim, "CARTELERA_ENOSPC_PATH": "\(store)/index", "CARTELERA_ENOSPC_BUDGET": "0"]
        let result = try runOnce(store, environment: full)
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("cartelera: the query index could not be written: store: \(store)/index/"), "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device"))
        #expect(result.stdout.contains(", 1 run problem;"), "\(result.stdout)")
        let check = try CLIRunner.run(["store", "check", "--store", store])
        #expect(check.status == 1)
        #expect(check.stdout.contains("index        \(store)/index/state.json: missing or unreadable"), "\(check.stdout)")
        // With room again, the next run writes the index and is healthy.
        #expect(try runOnce(store).status == 0)
        #expect(try CLIRunner.run(["store", "check", "--store", store]).status == 0)
    }

    @Test func aCorruptSignUpFileIsCountedInTheRunAndNamedByStoreCheck() throws {
        let folder = try copyOfDemo("signups-corrupt")
        let store = "\(folder.path)/store"
        try FileManager.default.createDirectory(atPath: "\(store)/signups", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let sheet = "\(store)/signups/2026-01-02-00000000000000ff.json"
        try Data("{\"schemaVersion\":1,".utf8).write(to: URL(fileURLWithPath: sheet))
        let result = try runOnce(store)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cartelera: sign-up retention: sign-ups \(URL(fileURLWithPath: sheet).standardizedFileURL.path): is corrupt"),
                "\(result.stderr)")
        #expect(result.stdout.contains(", 1 run problem;"))
        let check = try CLIRunner.run(["store", "check", "--store", store])
        #expect(check.status == 1)
        #expect(check.stdout.contains("sign-ups     sign-ups "), "\(check.stdout)")
        #expect(check.stdout.hasSuffix("NOT healthy\n"))
    }

    @Test func aCorruptSourceStateIsReportedThenSetAsideByTheNextRun() throws {
        let folder = try copyOfDemo("state-corrupt")
        let store = "\(folder.path)/store"
        let state = "\(store)/sources/xmltv.example.json"
        try Data([0, 0]).write(to: URL(fileURLWithPath: state))
        let check = try CLIRunner.run(["store", "check", "--store", store, "--json"])
        #expect(check.status == 1)
        let found = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        #expect((found["sourceStates"] as? [String])?.first?.contains("sources/xmltv.example.json is corrupt") == true, "\(check.stdout)")
        #expect(found["healthy"] as? Bool == false)

        let result = try runOnce(store)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("xmltv.example: store: sources/xmltv.example.json could not be read"), "\(result.stderr)")
        #expect(result.stderr.contains("moved to quarantine/"))
        let quarantined = try FileManager.default.subpathsOfDirectory(atPath: "\(store)/quarantine").filter { $0.hasSuffix("sources/xmltv.example.json") }
        #expect(quarantined.count == 1)
        // A fresh history, which this run's attempt starts (as partial: the run exits 1 so the operator looks at the file kept).
        #expect(try FileStore(root: store).sourceState("xmltv.example")?.lastAttempt != nil)
        #expect(try CLIRunner.run(["store", "check", "--store", store]).status == 0)
    }

    @Test func runJSONHoldsTheBuildToo() throws {
        let folder = try copyOfDemo("run-json")
        let result = try runOnce("\(folder.path)/store", extra: ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((report["sources"] as? [[String: Any]])?.count == 1)
        let build = try #require(report["build"] as? [String: Any], "\(result.stdout.prefix(300))")
        #expect(build["feeds"] is [String] && build["written"] is [String])
        #expect((build["site"] as? [String: Any])?["pages"] as? Int ?? 0 > 0)
    }

    @Test func badArgumentsGetClearWordsAndTheirExitCodes() throws {
        let folder = try TemporaryFolder("bad-arguments")
        let days = try CLIRunner.run(["run", "--days", "-3"], in: folder.path)
        #expect(days.status == 2)
        #expect(days.stderr.contains("--days must be from 1 to 31, not -3"), "\(days.stderr)")

        // A store path that is a file, or inside one: the file is named, never a raw Foundation error.
        let file = "\(folder.path)/not-a-folder"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        for (arguments, message) in [
            (["query", "programmes", "--store", file], "store: \(file): is a file, not a store folder"),
            (["run", "--source", "xmltv.example", "--store", file], "store: \(file): is a file, not a store folder"),
            (["run", "--source", "xmltv.example", "--store", "\(file)/store"], "cannot create folder: \(file) is a file, not a folder"),
        ] {
            let result = try CLIRunner.run(arguments + ["--scrapers", RepositoryPaths.scrapers()], in: folder.path)
            #expect(result.status == 1 || result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain"))
        }
    }

    @Test func aMistypedNightIsAnErrorNotAnEmptyDoorList() throws {
        let store = "\(try Self.demo.get())/store"
        let nights = try CLIRunner.run(["query", "nights", "--json", "--store", store, "--limit", "1"])
        let page = try #require(try JSONSerialization.jsonObject(with: Data(nights.stdout.utf8)) as? [String: Any])
        let night = try #require(((page["rows"] as? [[String: Any]])?.first?["night"] as? [String: Any])?["id"] as? String, "\(nights.stdout.prefix(400))")
        let stored = try CLIRunner.run(["guestlist", night, "--store", store])
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(stored.stdout == "reference,name,party_size,contact,signed_up\r\n")
        let typo = try CLIRunner.run(["guestlist", night + "x", "--store", store])
        #expect(typo.status == 2)
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderr.contains("holds no night \"\(night)x\" and nobody signed up for it"), "\(typo.stderr)")
        let notAnID = try CLIRunner.run(["guestlist", "sala-el-sol", "--store", store])
        #expect(notAnID.status == 2)
        #expect(notAnID.stderr.contains("\"sala-el-sol\" is not a night id"))
    }
}
