import CarteleraModel
import CarteleraStore
import Foundation
import Hummingbird

/// `/healthz`: whether the store can be read now (checked on each call, cheaply: the manifest's identity), at which
/// generation answers come, and how old each source's data is. 200 while the store is readable, 503 with the reason when not.
struct HealthRoutes: Sendable {
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
    struct Report: ResponseEncodable {
        var status: String
        var storeReadable: Bool
        var generation: Int?
        var storeError: String?
        var sources: [SourceHealth]
    }

    /// The routes, for the router to mount at `/healthz`.
    var collection: RouteCollection<ServerRequestContext> {
        let routes = RouteCollection(context: ServerRequestContext.self)
        routes.get { _, _ in answer() }
        routes.refuseOtherMethods(on: "", allowing: [.get, .head])
        return routes
    }

    /// The report: 200 when the store is readable, 503 when it is not.
    func answer() -> EditedResponse<Report> {
        let store = snapshots.health()
        var report = Report(status: "ok", storeReadable: store.readable, generation: store.generation, storeError: store.problem, sources: [])
        if let snapshot = try? snapshots.current() {
            do {
                report.sources = try sources(of: snapshot.store, now: clock())
            } catch {
                report.storeError = report.storeError ?? error.description
            }
        }
        if !report.storeReadable {
            report.status = "unavailable"
        } else if report.storeError != nil || report.sources.contains(where: { $0.status != SourceState.Status.ok.rawValue }) {
            report.status = "degraded"
        }
        return EditedResponse(status: report.storeReadable ? .ok : .serviceUnavailable, headers: [.cacheControl: Caching.noStore.header], response: report)
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
