import CarteleraModel
import CarteleraStore
import Foundation

/// `/healthz`: whether the store can be read, at which generation, and how old each source's data is.
struct Health: Sendable {
    let snapshots: StoreSnapshots
    let clock: @Sendable () -> Timestamp

    /// One source's freshness.
    struct SourceHealth: Encodable {
        var id: String
        var status: String
        var lastSuccess: Timestamp?
        var ageSeconds: Int64?
        var lastError: String?
    }

    /// The whole answer; `status` is `ok`, `degraded` (a source failing) or `unavailable` (no readable store).
    struct Report: Encodable {
        var status: String
        var storeReadable: Bool
        var generation: Int?
        var storeError: String?
        var sources: [SourceHealth]
    }

    /// The report, with 200 when the store is readable and 503 when it is not.
    func reply() -> Reply {
        let now = clock()
        var report = Report(status: "ok", storeReadable: false, generation: nil, storeError: nil, sources: [])
        do {
            let snapshot = try snapshots.current()
            report.storeReadable = true
            report.generation = snapshot.generation
            report.sources = try sources(of: snapshot.engine.snapshot, now: now)
        } catch let error as APIError {
            report.storeError = error.message
        } catch {
            report.storeError = String(describing: error)
        }
        if !report.storeReadable {
            report.status = "unavailable"
        } else if report.storeError != nil || report.sources.contains(where: { $0.status != SourceState.Status.ok.rawValue }) {
            report.status = "degraded"
        }
        var reply = (try? Reply.json(report, caching: .noStore, modified: nil))
            ?? Reply(contentType: "application/json; charset=utf-8", body: .bytes(Array("{\"status\":\"unavailable\"}".utf8)), caching: .noStore, modified: nil)
        reply.status = report.storeReadable ? .ok : .serviceUnavailable
        return reply
    }

    /// Every source that has a saved state, by id.
    private func sources(of snapshot: any StoreSnapshot, now: Timestamp) throws(StoreError) -> [SourceHealth] {
        try snapshot.sourceStates().map { state in
            let age = state.lastSuccess.map { now.secondsSince1970 &- $0.secondsSince1970 }
            return SourceHealth(id: state.source.rawValue, status: state.status.rawValue, lastSuccess: state.lastSuccess, ageSeconds: age,
                                lastError: state.lastError)
        }
    }
}
