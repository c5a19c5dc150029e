import CarteleraFetch
import CarteleraModel
import CarteleraPipeline
import CarteleraStore
import CarteleraTesting
import Foundation
import Logging
import Testing

/// Every failure is counted, reported and keeps what was stored.
@Suite(.serialized) struct RunnerFailureTests {
    @Test func anInvalidDefinitionFailsOnlyItsOwnSource() async throws {
        let site = try ChangingSite()
        site.serve(["Uno", "Dos"])
        try FileManager.default.createDirectory(atPath: "\(site.scrapers)/bad.example", withIntermediateDirectories: true)
        try "kind: tv-schedule\ntimezone: Mars/Olympus\nrequest: {url: \"https://bad.example/\"}\n"
            .write(toFile: "\(site.scrapers)/bad.example/source.yaml", atomically: true, encoding: .utf8)
        let report = try await site.run()
        #expect(report.sources.map(\.source) == ["bad.example", "tv.example"])
        #expect(report.sources[0].status == .invalid)
        #expect(report.sources[0].errors.first?.contains("bad.example: source.yaml timezone: unknown IANA time zone \"Mars/Olympus\"") == true)
        #expect(report.sources[1].status == .ok)
        #expect(report.hasInvalidDefinitions && !report.allSucceeded)
        #expect(try site.storedTitles() == ["Uno", "Dos"])
    }

    @Test func aMissingOrEmptySourcesFolderStopsTheRun() async throws {
        let folder = try TemporaryFolder("empty")
        for scrapers in ["\(folder.path)/none", folder.path] {
            let configuration = RunConfiguration(scrapersDirectory: scrapers, storeRoot: "\(folder.path)/store", now: Timestamp(secondsSince1970: 0))
            await #expect(throws: RunError.self) { _ = try await Runner(configuration: configuration, logger: Logger(label: "test")).run() }
        }
        #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/store/manifest.json"))
    }

    @Test func detailPagesThatFailAreCountedAndTheItemsKept() async throws {
        let site = try ChangingSite(extra: """
            detail:
              url: "/detail/{field.title}"
              fields:
                description: "p"
            """)
        site.serve(["Uno", "Dos"])
        let report = try await site.run()
        let source = try #require(report.sources.first)
        #expect(source.status == .partial)
        #expect(source.detailFailures == 2)
        #expect(source.errors.count == 2)
        #expect(source.errors.allSatisfy { $0.contains("/detail/") && $0.contains("HTTP 404") })
        #expect(try site.storedTitles() == ["Uno", "Dos"])
    }

    @Test func aShardThatCannotBeReadFailsTheSourceAndKeepsItsData() async throws {
        let site = try ChangingSite()
        site.serve(["Uno", "Dos"])
        _ = try await site.run()
        let shard = "\(site.store)/tv/programmes/2026-11-20/La1.es.json"
        let kept = try Data(contentsOf: URL(fileURLWithPath: shard))
        // A folder where the shard was: opening works, reading fails (EISDIR) as an I/O error would.
        try FileManager.default.moveItem(atPath: shard, toPath: "\(site.folder.path)/kept.json")
        try FileManager.default.createDirectory(atPath: shard, withIntermediateDirectories: false)
        site.serve(["Tres"])
        let report = try await site.run(at: "2026-11-20T10:00:00Z")
        let source = try #require(report.sources.first)
        #expect(source.status == .failed)
        #expect(source.errors.contains { $0.contains("La1.es.json: cannot read") && $0.contains("its last good data is kept") })
        #expect(try FileStore(root: site.store).sourceState("tv.example")?.status == .failed)
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(site.folder.path)/kept.json")) == kept)
    }

    @Test func aCorruptShardIsSetAsideNamedAndRebuilt() async throws {
        let site = try ChangingSite()
        site.serve(["Uno", "Dos"])
        _ = try await site.run()
        let shard = "\(site.store)/tv/programmes/2026-11-20/La1.es.json"
        try Data("{\"schemaVersion\":2,\"items\":[".utf8).write(to: URL(fileURLWithPath: shard))
        let report = try await site.run(at: "2026-11-20T10:00:00Z")
        let source = try #require(report.sources.first)
        #expect(source.status == .partial)
        #expect(source.setAside == ["quarantine/2026-11-20T100000Z/tv/programmes/2026-11-20/La1.es.json"])
        #expect(source.errors.contains { $0.contains("could not be read; moved to quarantine/") })
        #expect(FileManager.default.contents(atPath: "\(site.store)/\(source.setAside[0])") == Data("{\"schemaVersion\":2,\"items\":[".utf8))
        #expect(try site.storedTitles() == ["Uno", "Dos"])
    }

    @Test func retentionAndReportFailuresAreRunProblems() async throws {
        let site = try ChangingSite()
        site.serve(["Uno"])
        _ = try await site.run()
        // Retention reads the promotions to drop expired ones; a corrupt file stops it. A file where the reports folder belongs stops the report.
        try Data("not json".utf8).write(to: URL(fileURLWithPath: "\(site.store)/nightlife/promotions.json"))
        try FileManager.default.removeItem(atPath: "\(site.store)/reports")
        try Data("x".utf8).write(to: URL(fileURLWithPath: "\(site.store)/reports"))
        let report = try await site.run(at: "2026-11-20T10:00:00Z")
        #expect(report.sources.first?.status == .ok)
        #expect(report.problems.count == 2)
        #expect(report.problems[0].hasPrefix("retention failed: store: nightlife/promotions.json is corrupt"))
        #expect(report.problems[1].hasPrefix("the run report could not be saved"))
        #expect(!report.allSucceeded)
    }
}

/// A definition's `fetch:` section reaches its requests.
@Suite(.serialized) struct RunnerFetchPolicyTests {
    @Test func robotsFalseInADefinitionFetchesWhatRobotsTxtForbidsOthers() async throws {
        let forbidden = try ChangingSite(robots: "User-agent: *\nDisallow: /\n")
        forbidden.serve(["Uno"])
        let refused = try await forbidden.run()
        #expect(refused.sources.first?.status == .failed)
        #expect(refused.sources.first?.errors.first?.contains("disallowed by") == true)

        let overridden = try ChangingSite(extra: "fetch: {robots: false}", robots: "User-agent: *\nDisallow: /\n")
        overridden.serve(["Uno"])
        let report = try await overridden.run()
        #expect(report.sources.first?.status == .ok)
        #expect(try overridden.storedTitles() == ["Uno"])
    }

    @Test func aSmallBodyLimitInADefinitionRefusesABiggerPage() async throws {
        let site = try ChangingSite(extra: "fetch: {max_body_bytes: 64}")
        site.serve((1...10).map { "Programa con un título largo \($0)" })
        let report = try await site.run()
        #expect(report.sources.first?.status == .failed)
        #expect(report.sources.first?.errors.first?.contains("larger than 64 bytes") == true)
    }
}

/// Pages whose bytes do not match their label are read right, or said to be damaged; never stored as mojibake in silence.
@Suite(.serialized) struct RunnerDecodingTests {
    @Test func aWindows1252PageLabelledUTF8IsReadRightAndTheRunSaysSo() async throws {
        let site = try ChangingSite()
        site.serve(["España directo", "Telediario", "Acción mutante"], encoding: .windowsCP1252)
        let report = try await site.run()
        let source = try #require(report.sources.first)
        #expect(source.status == .ok)
        #expect(try site.storedTitles() == ["España directo", "Telediario", "Acción mutante"])
        #expect(source.warnings.contains { $0.contains("declared \"utf-8\"") && $0.contains("windows-1252") })
    }

    @Test func aDamagedTitleNeverReplacesTheGoodOneStored() async throws {
        let site = try ChangingSite()
        site.serve(["España directo", "Acción, Canción, Pasión"])
        _ = try await site.run()
        // UTF-8 with one stray byte: decoding replaces it with U+FFFD, and the stored title is kept instead.
        let bytes = Array("<ul><li><b>06:00</b><h3>Espa".utf8) + [0xF1] + Array("a directo</h3></li><li><b>07:00</b><h3>Acción, Canción, Pasión</h3></li></ul>".utf8)
        site.page.value.withLock { $0 = (200, bytes, "text/html; charset=utf-8") }
        let report = try await site.run(at: "2026-11-20T10:00:00Z")
        let source = try #require(report.sources.first)
        #expect(try site.storedTitles() == ["España directo", "Acción, Canción, Pasión"])
        #expect(source.warnings.contains { $0.contains("invalid UTF-8 sequence") })
        #expect(source.warnings.contains { $0.contains("kept the stored \"España directo\"") })
    }
}
