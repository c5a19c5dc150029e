import CarteleraBench
import CarteleraTesting
import Foundation
import Testing

/// `cartelera-bench feeds` run as a user runs it, over a small part of G.
@Suite(.serialized) struct BenchFeedsTests {
    /// The `cartelera-bench` binary beside the test bundle.
    static let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("cartelera-bench").path

    /// One small part of G for the suite: a day of one channel, and every venue. The tests run one at a time, and each
    /// leaves it fit for the other (a read-only run reads only the shards; the index test leaves its index of an older format).
    static let data: Result<String, DataFailure> = {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Statics are never deinitialized: the folder goes when the test process exits.
            atexit { try? FileManager.default.removeItem(atPath: BenchFeedsTests.folder) }
            _ = try DataSetGStore.ingest(into: folder + "/store", days: 1, channels: ["ch001"])
            return .success(folder)
        } catch {
            return .failure(DataFailure(description: "\(error)"))
        }
    }()
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-feeds-\(UUID().uuidString)").path

    struct DataFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Every file and folder under `folder` with its size and modification time.
    private func tree(_ folder: String) throws -> [String: String] {
        var entries: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + path)
            entries[path] = "\(attributes[.type] ?? "") \(attributes[.size] ?? "") \(attributes[.modificationDate] ?? "")"
        }
        return entries
    }

    @Test func aReadOnlyRunLeavesTheFolderAsItWas() throws {
        let folder = try Self.data.get()
        // What an earlier publishing run left: a read-only run removes none of it and adds nothing.
        try FileManager.default.createDirectory(atPath: folder + "/public/api", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/public/api/now.json"))
        let before = try tree(folder)
        let run = try ExternalCommand.run(Self.binary, ["feeds", folder, "--read-only", "--skip-check"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("read only: "), "\(run.output)")
        #expect(try tree(folder) == before)
    }

    @Test func anIndexEveryBuildWouldRebuildIsSaidOnceBeforeTheBuildsStart() throws {
        let folder = try Self.data.get()
        let current = try ExternalCommand.run(Self.binary, ["feeds", folder, "--skip-check"])
        #expect(current.status == 0, "\(current.errors)")
        #expect(!current.errors.contains("query index"), "\(current.errors)")

        let index = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/store/index/programmes.idx"))
        try index.write(contentsOf: Data("CARTIDX4".utf8))
        try index.close()
        let older = try ExternalCommand.run(Self.binary, ["feeds", folder, "--skip-check"])
        #expect(older.status == 0, "\(older.errors)")
        let store = URL(fileURLWithPath: folder + "/store").standardizedFileURL.path
        let lines = older.errors.split(separator: "\n")
        let own = lines.filter { $0.hasPrefix("cartelera-bench: query index") }
        #expect(own == ["cartelera-bench: query index \(store)/index/programmes.idx not used (of format CARTIDX4; this release reads CARTIDX5): "
            + "every command builds the index from the shards in memory, slow on a large store; run `cartelera store reindex --store \(store)` once to write it"])
        // Before the first build's own line.
        #expect(lines.first { $0.contains("query index") }?.hasPrefix("cartelera-bench: ") == true, "\(older.errors)")
        // Once for the run: the builds it times are told it was said (CARTELERA_INDEX_NOTICE_GIVEN) and keep quiet.
        #expect(lines.filter { $0.contains("query index") }.count == 1, "\(older.errors)")
    }
}
