import CarteleraTesting
import Foundation
import Testing

/// An index the commands cannot use is said once per process, naming the file, why and the command that rewrites it.
extension FailureCommandLineTests {
    /// The lines of `stderr` that say the query index is not used.
    private func indexNotices(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.contains("query index ") && $0.contains(" not used (") }
    }

    /// The notice for `file` of `store`, not used for `reason`.
    private func notice(_ store: String, _ file: String, _ reason: String, program: String = "cartelera") -> String {
        "\(program): query index \(store)/index/\(file) not used (\(reason)): every command builds the index from the shards in memory, "
            + "slow on a large store; run `cartelera store reindex --store \(store)` once to write it"
    }

    /// Writes `bytes` over the start of `file`, keeping the rest.
    private func overwrite(_ file: String, with bytes: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.write(contentsOf: Data(bytes.utf8))
        try handle.close()
    }

    @Test func anIndexOfAnOlderFormatIsSaidOnceByEachCommandAndTheAnswersStayTheSame() throws {
        let folder = try copyOfDemo("index-older")
        let store = URL(fileURLWithPath: "\(folder.path)/store").resolvingSymlinksInPath().path
        let questions: [[String]] = [
            ["query", "programmes", "--text", "telediario", "--json"], ["query", "venues", "--music", "techno", "--json"],
            ["now", "--at", "2026-11-27T16:00Z", "--json"], ["shake", "programmes", "--genre", "comedy", "--seed", "42", "--json"],
            ["airings", "telediario matinal", "--json"],
        ]
        let current = try questions.map { try CLIRunner.run($0 + ["--store", store]) }
        for (question, answer) in zip(questions, current) {
            #expect(answer.status == 0 && answer.stderr.isEmpty, "\(question): \(answer.stderr)")
        }

        // An older release's files: the previous format's first bytes on two of them; the first one read is named.
        try overwrite(store + "/index/programmes.idx", with: "CARTIDX4")
        try overwrite(store + "/index/audiences.idx", with: "CARTIDX4")
        let expected = notice(store, "programmes.idx", "of format CARTIDX4; this release reads CARTIDX5")
        for (question, answer) in zip(questions, current) {
            let older = try CLIRunner.run(question + ["--store", store])
            #expect(older.status == 0, "\(question): \(older.stderr)")
            #expect(older.stdout == answer.stdout, "\(question)")
            #expect(older.stderr == expected + "\n", "\(question)")
        }
        // Started by a process that said it already (a benchmark): the same answers, nothing said.
        for (question, answer) in zip(questions, current) {
            let told = try CLIRunner.run(question + ["--store", store], environment: ["CARTELERA_INDEX_NOTICE_GIVEN": "1"])
            #expect(told.status == 0 && told.stdout == answer.stdout, "\(question)")
            #expect(told.stderr.isEmpty, "\(question): \(told.stderr)")
        }
        // A build opens the index for the feeds and the site shares it; a site alone opens its own: one line each.
        let build = try CLIRunner.run(["build", "--store", store, "--output", folder.path + "/public", "--at", "2026-11-27T16:00Z"])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(indexNotices(build.stderr) == [Substring(expected)], "\(build.stderr)")
        let site = try CLIRunner.run(["build", "--only", "site", "--store", store, "--output", folder.path + "/site", "--at", "2026-11-27T16:00Z"])
        #expect(site.status == 0, "\(site.stderr)")
        #expect(indexNotices(site.stderr) == [Substring(expected)], "\(site.stderr)")

        // The command the line names makes it go.
        #expect(try CLIRunner.run(["store", "reindex", "--store", store]).status == 0)
        let reindexed = try CLIRunner.run(questions[0] + ["--store", store])
        #expect(reindexed.stdout == current[0].stdout)
        #expect(reindexed.stderr.isEmpty, "\(reindexed.stderr)")
    }

    @Test func aDamagedOrStaleIndexIsSaidOnceAndTheAnswersStayTheSame() throws {
        let folder = try copyOfDemo("index-damaged")
        let store = URL(fileURLWithPath: "\(folder.path)/store").resolvingSymlinksInPath().path
        let question = ["query", "programmes", "--text", "telediario", "--json", "--store", store]
        let current = try CLIRunner.run(question)
        #expect(current.status == 0 && current.stderr.isEmpty, "\(current.stderr)")

        // Cut short: its column table runs past the end.
        let file = store + "/index/nightlife.idx"
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        try whole.prefix(40).write(to: URL(fileURLWithPath: file))
        let damaged = try CLIRunner.run(question)
        #expect(damaged.status == 0)
        #expect(damaged.stdout == current.stdout)
        #expect(damaged.stderr == notice(store, "nightlife.idx", "damaged: its column table runs past the end") + "\n", "\(damaged.stderr)")

        // No state file: the files are not trusted.
        try whole.write(to: URL(fileURLWithPath: file))
        try FileManager.default.removeItem(atPath: store + "/index/state.json")
        let missing = try CLIRunner.run(question)
        #expect(missing.stdout == current.stdout)
        #expect(missing.stderr == notice(store, "state.json", "missing or unreadable") + "\n", "\(missing.stderr)")
    }

    @Test func serveSaysAnIndexItCannotUseOnceAtStartAndOnceForEachGenerationItOpens() async throws {
        let folder = try copyOfDemo("index-serve")
        let store = URL(fileURLWithPath: "\(folder.path)/store").resolvingSymlinksInPath().path
        try overwrite(store + "/index/programmes.idx", with: "CARTIDX4")
        let (server, port) = try ServeLoadTests.serve(store: store, output: folder.path + "/public")
        defer { server.terminate() }
        let target = "/api/query/programmes?text=telediario"
        let first = try LoopbackClient.send("GET", target, port: port)
        #expect(first.status == 200 && first.text.contains("Telediario"))
        #expect(try LoopbackClient.send("GET", target + "&limit=1", port: port).status == 200)

        // The same manifest written anew, with another time: the server opens the store again (its answers then carry that time).
        let manifest = store + "/manifest.json"
        try FileManager.default.copyItem(atPath: manifest, toPath: manifest + ".new")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_800_000_000)], ofItemAtPath: manifest + ".new")
        #expect(rename(manifest + ".new", manifest) == 0)
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        var reopened = try LoopbackClient.send("GET", target, port: port)
        while reopened.headers["last-modified"] == first.headers["last-modified"], ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            reopened = try LoopbackClient.send("GET", target, port: port)
        }
        #expect(reopened.headers["last-modified"] != first.headers["last-modified"])
        #expect(reopened.body == first.body)
        server.terminate()
        server.waitUntilExit()
        let stderr = String(decoding: (server.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        let notices = indexNotices(stderr)
        #expect(notices.count == 2, "\(stderr)")
        let expected = "query index \(store)/index/programmes.idx not used (of format CARTIDX4; this release reads CARTIDX5)"
        #expect(notices.allSatisfy { $0.contains(expected) && $0.contains("run `cartelera store reindex --store \(store)` once to write it") }, "\(stderr)")
    }
}
