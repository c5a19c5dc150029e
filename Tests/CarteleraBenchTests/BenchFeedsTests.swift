import CarteleraBench
import CarteleraTesting
import Foundation
import Testing

/// `cartelera-bench feeds` run as a user runs it, over a small part of G.
@Suite(.serialized) struct BenchFeedsTests {
    /// The `cartelera-bench` binary beside the test bundle.
    static let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("cartelera-bench").path

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
        let folder = try TemporaryFolder("bench-feeds")
        _ = try DataSetGStore.ingest(into: folder.path + "/store", days: 1, channels: ["ch001"])
        // What an earlier publishing run left: a read-only run removes none of it and adds nothing.
        try FileManager.default.createDirectory(atPath: folder.path + "/public/api", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder.path + "/public/api/now.json"))
        let before = try tree(folder.path)
        let run = try ExternalCommand.run(Self.binary, ["feeds", folder.path, "--read-only"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("read only: "), "\(run.output)")
        #expect(try tree(folder.path) == before)
    }

    @Test func anIndexEveryBuildWouldRebuildIsSaidOnceBeforeTheBuildsStart() throws {
        let folder = try TemporaryFolder("bench-feeds-index")
        _ = try DataSetGStore.ingest(into: folder.path + "/store", days: 1, channels: ["ch001"])
        let current = try ExternalCommand.run(Self.binary, ["feeds", folder.path, "--skip-check"])
        #expect(current.status == 0, "\(current.errors)")
        #expect(!current.errors.contains("query index"), "\(current.errors)")

        let index = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.path + "/store/index/programmes.idx"))
        try index.write(contentsOf: Data("CARTIDX4".utf8))
        try index.close()
        let older = try ExternalCommand.run(Self.binary, ["feeds", folder.path, "--skip-check"])
        #expect(older.status == 0, "\(older.errors)")
        let store = URL(fileURLWithPath: folder.path + "/store").standardizedFileURL.path
        let lines = older.errors.split(separator: "\n")
        let own = lines.filter { $0.hasPrefix("cartelera-bench: query index") }
        #expect(own == ["cartelera-bench: query index \(store)/index/programmes.idx not used (of format CARTIDX4; this release reads CARTIDX5): "
            + "every command builds the index from the shards in memory, slow on a large store; run `cartelera store reindex --store \(store)` once to write it"])
        // Before the first build's own line.
        #expect(lines.first { $0.contains("query index") }?.hasPrefix("cartelera-bench: ") == true, "\(older.errors)")
    }
}
