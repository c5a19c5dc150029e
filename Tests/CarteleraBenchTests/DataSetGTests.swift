import CarteleraBench
import CarteleraTesting
import CarteleraQuery
import CarteleraStore
import Foundation
import Testing

/// The port of data set G's generator against the reference generator itself, when `../shared/bench` is beside the checkout.
@Suite struct DataSetGTests {
    static let generator = RepositoryPaths.shared("bench/cartelera_gen.py")

    /// What the reference writes for its first `programmes` programmes and every venue, one JSON line each.
    static func reference(programmes: Int) throws -> (programmes: [String], venues: [String]) {
        let script = """
            import sys, json
            sys.path.insert(0, sys.argv[1])
            import cartelera_gen as g
            for row in g.programmes(limit=int(sys.argv[2])): print(g.dumps(g.PROG_KEYS, row))
            print("--")
            for row in g.venues(): print(g.dumps(g.VENUE_KEYS, row))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, URL(fileURLWithPath: try #require(generator)).deletingLastPathComponent().path, String(programmes)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        let split = try #require(lines.firstIndex(of: "--"))
        return (Array(lines[..<split]), Array(lines[(split + 1)...]))
    }

    @Test(.enabled(if: generator != nil, "needs ../shared/bench/cartelera_gen.py"))
    func theFirstProgrammesAndEveryVenueAreTheReferencesLineForLine() throws {
        let expected = try Self.reference(programmes: 3000)
        var programmes: [String] = []
        DataSetG.forEachProgramme(limit: 3000) { programmes.append(DataSetG.jsonLine($0)) }
        #expect(programmes.count == 3000)
        for (index, (ours, theirs)) in zip(programmes, expected.programmes).enumerated() where ours != theirs {
            Issue.record("programme \(index + 1): \(ours) ≠ \(theirs)")
            break
        }
        let venues = DataSetG.venues().map(DataSetG.jsonLine)
        #expect(venues.count == 5000 && expected.venues.count == 5000)
        #expect(venues == expected.venues)
    }
}

/// G written through the store's commit path and asked q3 and q4 as BENCHMARKS.md defines them: the reference answers,
/// from a part of G small enough for the suite (q1 and q2 need all of it: `cartelera-bench query` checks those).
@Suite struct ReducedGTests {
    @Test func q3AndQ4AnswerAsTheReferenceTableSays() throws {
        let folder = try TemporaryFolder("bench-g")
        let root = folder.path + "/store"
        // q3 asks for ch001 on 2026-11-24, G's second day; a neighbour channel keeps the index honest about channels.
        let report = try DataSetGStore.ingest(into: root, days: 2, channels: ["ch001", "ch002"])
        #expect(report.venues == 5000)
        let engine = try QueryEngine.open(try FileStore(root: root, creating: false))
        #expect(engine.index.origin == .files)
        for reference in QueryShapes.references where reference.shape == .q3 || reference.shape == .q4 {
            let ids = QueryShapes.ids(reference.query, engine: engine)
            #expect(ids.count == reference.rows, "\(reference.shape)")
            #expect(ids.first == reference.firstID, "\(reference.shape)")
            #expect(QueryShapes.fingerprint(ids) == reference.fingerprint, "\(reference.shape)")
        }
    }
}
