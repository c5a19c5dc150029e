import CarteleraModel
import CarteleraStore
import CarteleraTesting
import Foundation
import Testing

/// Several machines: workers scrape their part into batches as separate processes, one committer stores them.
@Suite struct ShardedRunTests {
    static let samples = ["audiencias.example", "club-malasana.example", "guia-tv.example", "madrid-noche.example", "sala-sol.example",
                          "teatro-norte.example", "xmltv.example"]

    /// Every file of a store but the lock and the run reports (which hold timings and request counts), with its bytes.
    static func contents(of store: String, under folders: [String] = []) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for relative in try FileManager.default.subpathsOfDirectory(atPath: store) where !relative.hasPrefix("reports") && relative != "lock" {
            guard folders.isEmpty || folders.contains(where: { relative.hasPrefix($0 + "/") }) else { continue }
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: "\(store)/\(relative)", isDirectory: &isDirectory)
            if !isDirectory.boolValue { files[relative] = try Data(contentsOf: URL(fileURLWithPath: "\(store)/\(relative)")) }
        }
        return files
    }

    /// Starts one `scrape --shard K/N` process per part at once, as separate machines would, and waits for them all.
    static func scrapeInParts(_ parts: [Int], of count: Int, configuration: String, into batches: String, cache: String, at: String) throws -> [CLIRunner.Result] {
        let workers = try parts.map { part in
            try CLIRunner.start(["scrape", "--config", configuration, "--shard", "\(part)/\(count)", "--batch", batches,
                                 "--cache", "\(cache)-\(part)", "--at", at])
        }
        return workers.map { worker in
            let stderr = CLIRunner.Drain(worker.standardError)
            let stdout = (worker.standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
            worker.waitUntilExit()
            return CLIRunner.Result(status: worker.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                                    stderr: String(decoding: stderr.wait(), as: UTF8.self))
        }
    }

    @Test func oneTwoOrFourShardsCommitToTheStoreOneRunLeaves() throws {
        let root = try TemporaryFolder("shards")
        let server = try CLIRunner.start(["demo", "--serve"])
        defer { server.terminate() }
        let url = try CommandLineTests.servedURL(server)
        let configuration = try ConfigurationCommandLineTests.writeConfiguration(
            in: root.path, server: url, sources: Self.samples.map { "  \($0):" }.joined(separator: "\n"))
        // Every process scrapes as of the same instant, as one run does.
        let now = Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970) / 60 * 60)
        let single = try CLIRunner.run(["scrape", "--config", configuration, "--store", "\(root.path)/single", "--at", now.iso8601])
        #expect(single.status == 0, "\(single.stderr)")
        let expected = try Self.contents(of: "\(root.path)/single")
        #expect(expected.keys.contains("manifest.json") && expected.keys.contains("sources/guia-tv.example.json") && expected.keys.contains { $0.hasPrefix("index/") })

        for count in [1, 2, 4] {
            let batches = "\(root.path)/batches-\(count)"
            let workers = try Self.scrapeInParts(Array(1...count), of: count, configuration: configuration, into: batches,
                                                 cache: "\(root.path)/cache-\(count)", at: now.iso8601)
            for (part, worker) in workers.enumerated() {
                #expect(worker.status == 0, "part \(part + 1)/\(count): \(worker.stderr)")
                #expect(worker.stdout.hasPrefix("cartelera: shard \(part + 1)/\(count) into \(batches): "), "\(worker.stdout)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: batches).filter { $0.hasSuffix(".batch.json") }.count == Self.samples.count)
            let store = "\(root.path)/store-\(count)"
            let commit = try CLIRunner.run(["commit", batches, "--config", configuration, "--store", store, "--at", now.iso8601])
            #expect(commit.status == 0, "\(commit.stderr)")
            #expect(commit.stdout.hasPrefix("cartelera: 7 sources, 7 ok;"), "\(commit.stdout)")
            let committed = try Self.contents(of: store)
            #expect(committed.keys.sorted() == expected.keys.sorted(), "\(count) shards")
            #expect(committed.keys.filter { committed[$0] != expected[$0] }.sorted() == [], "\(count) shards: these files differ from one run's")
        }

        // Later: part 2 fails (its worker reaches a site that answers 404 to everything), part 3 never arrives.
        let store = "\(root.path)/store-4"
        let before = try Self.contents(of: store, under: ["tv", "nightlife"])
        let broken = try LoopbackServer { _ in .status(404) }
        defer { broken.stop() }
        let failing = try TemporaryFolder("shards-failing")
        let failingConfiguration = try ConfigurationCommandLineTests.writeConfiguration(
            in: failing.path, server: broken.baseURL, sources: Self.samples.map { "  \($0):" }.joined(separator: "\n"))
        let later = now.adding(seconds: 60).iso8601
        let batches = "\(root.path)/batches-late"
        let good = try Self.scrapeInParts([1, 4], of: 4, configuration: configuration, into: batches, cache: "\(root.path)/cache-late", at: later)
        #expect(good.allSatisfy { $0.status == 0 })
        let bad = try Self.scrapeInParts([2], of: 4, configuration: failingConfiguration, into: batches, cache: "\(root.path)/cache-bad", at: later)
        #expect(bad.first?.status == 1, "a worker whose sources failed exits 1 (its batches are still written)")
        let commit = try CLIRunner.run(["commit", batches, "--config", configuration, "--store", store, "--at", later])
        #expect(commit.status == 1)
        #expect(commit.stdout.hasPrefix("cartelera: 7 sources, 3 ok, 4 failed (club-malasana.example, guia-tv.example, teatro-norte.example, xmltv.example);"),
                "\(commit.stdout)")
        #expect(commit.stderr.contains("guia-tv.example: no batch arrived (its shard failed or has not finished); its last good data is kept"))
        #expect(commit.stderr.contains("club-malasana.example: "), "\(commit.stderr)")
        let after = try Self.contents(of: store, under: ["tv", "nightlife"])
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(after.keys.filter { after[$0] != before[$0] }.sorted() == [], "stored items changed although their sources failed or were missing")
        #expect(try FileStore(root: store).sourceState("guia-tv.example")?.status == .failed)
    }
}
