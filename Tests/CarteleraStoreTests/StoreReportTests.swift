import CarteleraModel
import CarteleraStore
import Foundation
import Testing

@Suite("Every store keeps the last 50 run reports")
struct StoreReportTests {
    @Test("a report is named after the run's instant", arguments: StoreKind.allCases)
    func reportName(kind: StoreKind) throws {
        try kind.withStore { store in
            let lock = try store.lock(at: Sample.time(6))
            let name = try store.saveReport(Array(#"{"ok":true}"#.utf8), at: Sample.time(16, 5), lock: lock)
            #expect(name.hasSuffix("reports/2026-11-22T160500Z.json"))
            let second = try store.saveReport(Array("{}".utf8), at: Sample.time(16, 5), lock: lock)
            #expect(second.hasSuffix("reports/2026-11-22T160500Z-2.json"))
        }
    }

    @Test("an Encodable report is written as JSON with sorted keys")
    func encodableReport() throws {
        struct Report: Encodable { var sources = 3; var failed = ["b.tv"] }
        try withTemporaryFolder { root in
            let store = try FileStore(root: root)
            let path = try store.saveReport(encoding: Report(), at: Sample.time(16), lock: try store.lock(at: Sample.time(6)))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"failed\":[\"b.tv\"],\"sources\":3}\n")
        }
    }

    @Test("reports are written and pruned to the last 50")
    func fileReportsPruned() throws {
        try withTemporaryFolder { root in
            let store = try FileStore(root: root)
            let lock = try store.lock(at: Sample.time(6))
            var paths: [String] = []
            for run in 0..<55 {
                paths.append(try store.saveReport(Array("{\"run\":\(run)}".utf8), at: Sample.time(0).adding(seconds: Int64(run * 60)), lock: lock))
            }
            let kept = try FileManager.default.contentsOfDirectory(atPath: root + "/reports").sorted()
            #expect(kept.count == FileStore.reportsKept)
            #expect(kept.first == "2026-11-22T000500Z.json")
            #expect(kept.last == "2026-11-22T005400Z.json")
            #expect(try String(contentsOfFile: paths[54], encoding: .utf8) == "{\"run\":54}")
        }
    }

    @Test("the memory store keeps the last 50 reports too")
    func memoryReportsPruned() throws {
        let store = MemoryStore()
        let lock = try store.lock(at: Sample.time(6))
        for run in 0..<55 {
            _ = try store.saveReport(Array("\(run)".utf8), at: Sample.time(0).adding(seconds: Int64(run * 60)), lock: lock)
        }
        #expect(store.reports.count == 50)
        #expect(store.reports.first?.json == Array("5".utf8))
    }
}
