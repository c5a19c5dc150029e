import CarteleraCore
import CarteleraModel
import CarteleraQuery
import Foundation
import Hummingbird

/// The read-only API, mounted at `/api`: `query/<kind>`, `shake/<kind>`, `now`, `airings`, `audiences/<day>`, with the
/// parameters `QueryParameter.all` declares (the command line's options without their dashes) and the engine's checks,
/// every error in the query string's words. CORS lets any site's scripts read it.
///
/// Each route ends in one call to one of the engine's JSON writers and `Snapshot.answer`: an answer is the bytes the engine
/// writes from its index (stored items spliced in as the store wrote them), the same bytes `cartelera query --json` prints.
struct QueryRoutes: Sendable {
    let snapshots: StoreSnapshots
    let configuration: ServerConfiguration

    /// The names a query's query string takes beside the declared parameters: `at` ("as of this instant").
    static let queryNames: Set<String> = ["at"]
    /// A shake's: a query's and `seed`.
    static let shakeNames: Set<String> = ["at", "seed"]

    /// The routes answered from the store alone, for the router to mount at `/api` outside the published files' middleware.
    ///
    /// Each kind has its own `query/<kind>` and `shake/<kind>` path: the router finds a constant path without making the
    /// request a parameter to store and look up again. A path with another kind reaches `:kind`, which says which exist.
    var answers: RouteCollection<ServerRequestContext> {
        let routes = RouteCollection(context: ServerRequestContext.self)
        routes.add(middleware: Self.cors)
        var paths: [RouterPath] = ["now", "airings", "query/:kind", "shake/:kind"]
        for kind in Query.Kind.allCases {
            let query = RouterPath("query/" + kind.rawValue), shake = RouterPath("shake/" + kind.rawValue)
            routes.get(query) { request, _ in try self.query(request, kind: kind) }
            routes.get(shake) { request, _ in try self.shake(request, kind: kind) }
            paths += [query, shake]
        }
        routes.get("query/:kind") { request, context in try query(request, kind: kind(context)) }
        routes.get("shake/:kind") { request, context in try shake(request, kind: kind(context)) }
        routes.get("now") { request, _ in try now(request) }
        routes.get("airings") { request, _ in try airings(request) }
        for path in paths {
            Self.refuseOtherMethods(on: path, of: routes)
        }
        return routes
    }

    /// The routes that leave some paths to the published files (`api/audiences/<day>.json`, `api/now.json`,
    /// `api/schedule/…`), for the router to mount at `/api` inside the published files' middleware; anything else is this 404.
    /// Their CORS is the published API files' (`PublishedAPICORSMiddleware`), outside that middleware.
    var besidePublishedFiles: RouteCollection<ServerRequestContext> {
        let routes = RouteCollection(context: ServerRequestContext.self)
        routes.get("audiences/:day") { request, context in try audiences(request, context) }
        Self.refuseOtherMethods(on: "audiences/:day", of: routes)
        routes.get("**") { _, _ -> Response in throw APIError.notFound("no such API endpoint: use query, shake, now, airings, audiences or nights") }
        return routes
    }

    /// CORS lets any site's scripts read the API: its answers and its published files.
    static let cors = CORSMiddleware<ServerRequestContext>(allowOrigin: .all, allowHeaders: [.ifNoneMatch, .ifModifiedSince], allowMethods: [.get, .head, .options],
                                                           exposedHeaders: ["ETag", "Last-Modified", "X-Cartelera-Generation"], maxAge: .seconds(86_400))

    /// A CORS preflight is answered by the middleware; a plain OPTIONS says what the path takes, and other methods are refused.
    private static func refuseOtherMethods(on path: RouterPath, of routes: RouteCollection<ServerRequestContext>) {
        routes.on(path, method: .options) { _, _ in Response(status: .noContent, headers: [.allow: "GET, HEAD, OPTIONS"]) }
        routes.refuseOtherMethods(on: path, allowing: [.get, .head, .options])
    }

    /// `query/<kind>`: a page of matches.
    func query(_ request: Request, kind: Query.Kind) throws -> Response {
        let raw = request.uri.query
        // The same request asked again within the second is sent as it was, before its query string is read.
        let asked = RequestKey(kind: kind, queryString: raw ?? "", now: configuration.clock())
        if let kept = (try? snapshots.current())?.answer(for: asked) { return kept }
        let given = try QueryString(request: raw)
        try given.requireOnly(declaredAnd: Self.queryNames)
        let (snapshot, queryContext) = try prepare(given, now: asked.now)
        let query = try parameters(given, kind: kind, context: queryContext)
        return snapshot.answer(AnswerKey(query: query), request: asked) { snapshot.engine.answerJSON(query, into: $0) }
    }

    /// `shake/<kind>`: one random pick among every match; reproducible with `seed`, else never stored.
    func shake(_ request: Request, kind: Query.Kind) throws -> Response {
        let given = try QueryString(request: request.uri.query)
        try given.requireOnly(declaredAnd: Self.shakeNames)
        let (snapshot, queryContext) = try prepare(given)
        let parsed = try parameters(given, kind: kind, context: queryContext)
        let seed = try given.single("seed").map { text throws(APIError) -> UInt64 in
            guard let seed = UInt64(text) else { throw APIError.badParameter("seed", "seed=\(text): use a whole number from 0 to \(UInt64.max)") }
            return seed
        }
        let nothing = APIError(status: .notFound, code: "nothing_matches", message: "nothing matches these filters: shake has nothing to pick from")
        guard let seed else {
            var generator = SystemRandomNumberGenerator()
            let response = ResponseBytes()
            guard snapshot.engine.shakeJSON(parsed, using: &generator, into: response) else { throw nothing }
            return snapshot.answer(response, caching: .noStore)
        }
        // A seed makes the pick reproducible, so it is kept like a query's answer.
        return try snapshot.answer(AnswerKey(query: parsed, seed: seed)) { response throws(APIError) in
            var generator = SplitMix64(seed: seed)
            guard snapshot.engine.shakeJSON(parsed, using: &generator, into: response) else { throw nothing }
        }
    }

    /// `now`: every channel's programme now, with minutes left, and the next one; `channel` and `channel-list` narrow it.
    func now(_ request: Request) throws -> Response {
        let given = try QueryString(request: request.uri.query)
        try given.requireOnly([QueryParameter.channel.name, QueryParameter.channelList.name, "at"])
        let (snapshot, queryContext) = try prepare(given)
        let channels: Set<ChannelID>?
        do {
            channels = try QueryParameters(given).channelSelection(context: queryContext)
        } catch {
            throw APIError.badQuery(error)
        }
        return snapshot.answer { snapshot.engine.nowAndNextJSON(at: queryContext.now, channels: channels, into: $0) }
    }

    /// `airings?title=…`: the airings of a title that have not ended, as `cartelera airings`.
    func airings(_ request: Request) throws -> Response {
        let given = try QueryString(request: request.uri.query)
        try given.requireOnly(["title", "at"])
        let (snapshot, queryContext) = try prepare(given)
        guard let title = try given.single("title"), !title.trimmingCharacters(in: .whitespaces).isEmpty, title.count <= 200 else {
            throw APIError.badParameter("title", "title: give the title, 1 to 200 characters")
        }
        return snapshot.answer { snapshot.engine.airingsJSON(of: title, at: queryContext.now, into: $0) }
    }

    /// `audiences/<day>`: the day's programme ranking and channel shares in the guide's zone.
    func audiences(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let name = context.parameters.get("day") ?? ""
        // The build publishes `api/audiences/<day>.json` beside this route: such a name is left to the published files.
        guard !name.hasSuffix(".json") else { throw APIError.notFound() }
        let given = try QueryString(request: request.uri.query)
        try given.requireOnly(["at"])
        let (snapshot, queryContext) = try prepare(given)
        let today = queryContext.guideZone.local(queryContext.now).day
        let day: Day
        switch name {
        case "today": day = today
        case "yesterday": day = today.advanced(by: -1)
        case "tomorrow": day = today.advanced(by: 1)
        default:
            guard let parsed = Day(name) else { throw APIError.badParameter("day", "\(name): use /api/audiences/ with YYYY-MM-DD, today, yesterday or tomorrow") }
            day = parsed
        }
        return snapshot.answer { snapshot.engine.audienceDayJSON(day, zone: queryContext.guideZone, into: $0) }
    }

    /// The snapshot to answer from and the context: "now" (the `at` parameter, else `now` or the clock) and the store's channels.
    private func prepare(_ given: QueryString, now: Timestamp? = nil) throws(APIError) -> (StoreSnapshots.Snapshot, QueryContext) {
        var context = configuration.context
        if let at = try given.single("at") {
            guard let instant = Timestamp(iso8601: at) else {
                throw APIError.badParameter("at", "at=\(at): use an ISO 8601 instant with its offset, such as 2026-11-25T18:00Z")
            }
            context.now = instant
        } else {
            context.now = now ?? configuration.clock()
        }
        let snapshot = try snapshots.current()
        context.knownChannels = snapshot.channels
        return (snapshot, context)
    }

    /// The query parameters checked as the command line checks them.
    private func parameters(_ given: QueryString, kind: Query.Kind, context: QueryContext) throws(APIError) -> Query {
        do {
            return try QueryParameters(given).query(kind: kind, context: context)
        } catch {
            throw APIError.badQuery(error)
        }
    }

    private func kind(_ context: ServerRequestContext) throws(APIError) -> Query.Kind {
        let name = context.parameters.get("kind") ?? ""
        guard let kind = Query.Kind(rawValue: name) else {
            throw APIError.notFound("no kind \(name): use \(Query.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return kind
    }
}
