import CarteleraCore
import CarteleraModel
import CarteleraQuery
import Foundation
import Hummingbird

/// The read-only API: `/api/query/<kind>`, `/api/shake/<kind>`, `/api/now`, `/api/airings`, `/api/audiences/<day>`,
/// with the command line's parameters (its flags without dashes) and its checks.
struct APIRoutes: Sendable {
    let snapshots: StoreSnapshots
    let configuration: ServerConfiguration

    /// Seconds an answer may be reused: answers move with the clock ("now", "tonight"), so briefly.
    static let answerSeconds = 30

    /// The reply for `/api/<segments>` with `query`.
    func reply(_ segments: [String], query: QueryString) throws(APIError) -> Reply {
        switch segments.first {
        case "query":
            let kind = try self.kind(segments)
            try query.requireOnly(Set(QueryParameters.names + ["at"]))
            let (engine, snapshot, context) = try prepare(query)
            let answer = engine.answer(try parameters(query, kind: kind, context: context))
            return try json(answer, snapshot, caching: .seconds(Self.answerSeconds))
        case "shake":
            let kind = try self.kind(segments)
            try query.requireOnly(Set(QueryParameters.names + ["at", "seed"]))
            let (engine, snapshot, context) = try prepare(query)
            let parsed = try parameters(query, kind: kind, context: context)
            let picked: QueryAnswer?
            if let seedText = try query.single("seed") {
                guard let seed = UInt64(seedText) else { throw APIError.badParameter("seed", "use a whole number from 0 to \(UInt64.max)") }
                var generator = SplitMix64(seed: seed)
                picked = engine.shake(parsed, using: &generator)
            } else {
                var generator = SystemRandomNumberGenerator()
                picked = engine.shake(parsed, using: &generator)
            }
            guard let picked else {
                throw APIError(status: .notFound, code: "nothing_matches", message: "nothing matches these filters: shake has nothing to pick from")
            }
            // A random pick is a new answer each time unless seeded.
            return try json(picked, snapshot, caching: query.values["seed"] == nil ? .noStore : .seconds(Self.answerSeconds))
        case "now":
            try noMoreSegments(segments)
            try query.requireOnly(["channel", "channel-list", "at"])
            let (engine, snapshot, context) = try prepare(query)
            var channels: Set<ChannelID>?
            if query.values["channel"] != nil || query.values["channel-list"] != nil {
                var chosen = Set((query.values["channel"] ?? []).flatMap { $0.split(separator: ",") }.map { ChannelID(String($0)) })
                if let name = try query.single("channel-list") {
                    guard let listed = context.channelLists[name] else {
                        throw APIError.badParameter("channel-list", "no list \(name) in the configuration file")
                    }
                    chosen.formUnion(listed)
                }
                channels = chosen
            }
            return try json(engine.nowAndNext(at: context.now, channels: channels), snapshot, caching: .seconds(Self.answerSeconds))
        case "airings":
            try noMoreSegments(segments)
            try query.requireOnly(["title", "at"])
            let (engine, snapshot, context) = try prepare(query)
            guard let title = try query.single("title"), !title.trimmingCharacters(in: .whitespaces).isEmpty, title.count <= 200 else {
                throw APIError.badParameter("title", "give the title, 1 to 200 characters")
            }
            let rows = engine.airings(of: title, at: context.now)
            return try json(QueryAnswer.programmes(QueryPage(total: rows.count, offset: 0, rows: rows)), snapshot, caching: .seconds(Self.answerSeconds))
        case "audiences":
            guard segments.count == 2 else { throw APIError.notFound("use /api/audiences/<YYYY-MM-DD, today or yesterday>") }
            try query.requireOnly(["at"])
            let (engine, snapshot, context) = try prepare(query)
            let today = context.guideZone.local(context.now).day
            let day: Day
            switch segments[1] {
            case "today": day = today
            case "yesterday": day = today.advanced(by: -1)
            case "tomorrow": day = today.advanced(by: 1)
            default:
                guard let parsed = Day(segments[1]) else { throw APIError.badParameter("day", "use YYYY-MM-DD, today, yesterday or tomorrow") }
                day = parsed
            }
            let (ranking, shares) = engine.audienceDay(day, zone: context.guideZone)
            return try json(AudienceDayAnswer(day: day.description, ranking: ranking, shares: shares), snapshot, caching: .seconds(Self.answerSeconds))
        default:
            throw APIError.notFound("no such API endpoint: use query, shake, now, airings, audiences or nights")
        }
    }

    /// The snapshot to answer from and the context with "now" (the `at` parameter, else the clock).
    private func prepare(_ query: QueryString) throws(APIError) -> (QueryEngine, StoreSnapshots.Snapshot, QueryContext) {
        var context = configuration.context
        if let at = try query.single("at") {
            guard let instant = Timestamp(iso8601: at) else {
                throw APIError.badParameter("at", "use an ISO 8601 instant with its offset, such as 2026-11-25T18:00Z")
            }
            context.now = instant
        } else {
            context.now = configuration.clock()
        }
        let snapshot = try snapshots.current()
        return (snapshot.engine, snapshot, context)
    }

    /// The query parameters checked as the command line checks them.
    private func parameters(_ query: QueryString, kind: Query.Kind, context: QueryContext) throws(APIError) -> Query {
        var parameters = QueryParameters()
        do {
            for (name, values) in query.values.sorted(by: { $0.key < $1.key }) where QueryParameters.names.contains(name) {
                try parameters.set(name, to: values)
            }
            return try parameters.query(kind: kind, context: context)
        } catch {
            throw APIError.badParameter(error.parameter, error.description.replacingOccurrences(of: "--\(error.parameter)", with: error.parameter))
        }
    }

    private func kind(_ segments: [String]) throws(APIError) -> Query.Kind {
        guard segments.count == 2 else { throw APIError.notFound("name a kind: \(Query.Kind.allCases.map(\.rawValue).joined(separator: ", "))") }
        guard let kind = Query.Kind(rawValue: segments[1]) else {
            throw APIError.notFound("no kind \(segments[1]): use \(Query.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return kind
    }

    private func noMoreSegments(_ segments: [String]) throws(APIError) {
        guard segments.count == 1 else { throw APIError.notFound() }
    }

    private func json(_ value: some Encodable, _ snapshot: StoreSnapshots.Snapshot, caching: Reply.Caching) throws(APIError) -> Reply {
        do {
            var reply = try Reply.json(value, caching: caching, modified: snapshot.modified)
            reply.headers[.carteleraGeneration] = String(snapshot.generation)
            return reply
        } catch {
            throw APIError(status: .internalServerError, code: "encoding_failed", message: "the answer could not be encoded")
        }
    }
}

/// `/api/audiences/<day>`: the day's programme ranking and channel shares.
struct AudienceDayAnswer: Encodable {
    var day: String
    var ranking: [AudienceRow]
    var shares: [ShareRow]
}
