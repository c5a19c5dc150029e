import CarteleraSignUps
import CarteleraSite
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// `cartelera serve`: the API, guest-list sign-ups and the published folder over HTTP/1.1, on Hummingbird.
///
/// A `Router` with one route collection per resource (`/healthz`, the query API, guest lists) and middleware for what
/// every request shares; paths no route takes are published files. It answers from the same store and index as the
/// command line, and a service beside the server opens each new commit, so no request waits for one.
/// SIGTERM or SIGINT stop it gracefully: it stops accepting, lets in-flight requests end, then exits.
public struct CarteleraServer: Sendable {
    /// What it serves and its limits.
    public let configuration: ServerConfiguration
    /// Where access and error logs go (swift-log, structured metadata).
    public let logger: Logger

    /// A server for `configuration`, logging to `logger`.
    public init(configuration: ServerConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Serves until SIGTERM or SIGINT (when `handlesSignals`), or until the task is cancelled; `onListening` gets the port bound
    /// (useful with port 0). Tests that run servers inside their own process leave the signals alone.
    public func run(handlesSignals: Bool = true, onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let configuration = self.configuration
        let snapshots = StoreSnapshots(storeRoot: configuration.storeRoot, answerBytes: configuration.answerCacheBytes)
        let reloads = StoreReloadService(snapshots: snapshots, interval: configuration.reloadInterval, logger: logger)
        let deadlines = HTTP1Channel.Configuration(
            additionalChannelHandlers: [
                RequestDeadlineHandler(requestTime: .seconds(configuration.requestSeconds), idleTime: .seconds(configuration.idleSeconds))
            ],
            idleTimeout: nil,
            httpDecoderConfiguration: .init(maxHeaderFieldSize: configuration.maximumHeadBytes, maxHeaderListSize: configuration.maximumHeadBytes,
                                            maxHeaderFieldCount: 100))
        var application = Application(
            router: router(snapshots),
            server: .http1(configuration: deadlines),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "Cartelera"),
            services: [reloads],
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        application.beforeServerStarts { await reloads.openFirst() }
        try await application.runService(gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [])
    }

    /// The router: middleware outermost first, then the routes; a path no route takes falls through to the published files.
    ///
    /// Each group of middleware is one stack of Hummingbird's middleware builder: one typed chain, which the compiler
    /// joins, where each layer added alone is a call through an existential and a copy of the request's context. The
    /// published files' middleware (the API's CORS under `/api/`, the 404 page, gzip twins, the files themselves) wraps
    /// only what can end in a file: paths no route takes, and the API routes that leave names ending in `.json` to the
    /// files. Routes answered from the store alone are added before it, so a small answer does not pass through layers it
    /// never uses, and the query API is added first, so the router's tree tries its paths before the others'.
    func router(_ snapshots: StoreSnapshots) -> Router<ServerRequestContext> {
        let configuration = self.configuration
        let folder = configuration.outputFolder
        let logger = self.logger
        let router = Router(context: ServerRequestContext.self, options: .autoGenerateHeadEndpoints)
        let compression = CompressionMiddleware()
        router.addMiddleware {
            AccessLogMiddleware(logger: logger)
            ContentSecurityMiddleware<ServerRequestContext>(contentSecurityPolicy: ResponseHeadersMiddleware.contentSecurityPolicy)
            ResponseHeadersMiddleware()
            compression
            ConditionalRequestMiddleware(limit: compression.maximumBytes)
            ErrorResponseMiddleware(logger: logger)
            RequestTargetMiddleware(maximumBytes: configuration.maximumTargetBytes)
            RateLimitMiddleware(limiter: RateLimiter(perMinute: configuration.readsPerMinute))
        }

        let queries = QueryRoutes(snapshots: snapshots, configuration: configuration)
        router.addRoutes(queries.answers, atPath: "/api")
        router.addRoutes(HealthRoutes(snapshots: snapshots, clock: configuration.clock).collection, atPath: "/healthz")
        let pages = configuration.web.map { web in
            SignUpFormPages(renderer: SignUpPageRenderer(web: web, zone: configuration.context.guideZone), snapshots: snapshots, clock: configuration.clock)
        }
        router.addRoutes(GuestListRoutes(snapshots: snapshots, book: SignUpBook(store: configuration.storeRoot), configuration: configuration,
                                         signUps: RateLimiter(perMinute: configuration.signUpsPerMinute), pages: pages).collection, atPath: "/api/nights")

        router.addMiddleware {
            PublishedAPICORSMiddleware(cors: QueryRoutes.cors)
            NotFoundPageMiddleware(folder: folder)
            PrecompressedFileMiddleware(folder: folder)
            FileMiddleware<ServerRequestContext, PublishedFolder>(fileProvider: PublishedFolder(folder: folder), cacheControl: Self.fileCaching, searchForIndexHtml: true)
                .withAdditionalMediaTypes(forFileExtensions: PublishedMediaTypes.site)
            // Inside the site's files: a feed's `.json` is a JSON Feed, not plain JSON.
            FileMiddleware<ServerRequestContext, PublishedFolder>(fileProvider: PublishedFolder(folder: folder + "/feeds"), urlBasePath: "/feeds", cacheControl: Self.fileCaching)
                .withAdditionalMediaTypes(forFileExtensions: PublishedMediaTypes.feeds)
        }
        router.addRoutes(queries.besidePublishedFiles, atPath: "/api")
        return router
    }

    /// Pages a minute, other files five, both revalidated after.
    static let fileCaching = CacheControl([
        (.textHtml, [.public, .maxAge(60), .mustRevalidate]),
        (MediaType(type: .any), [.public, .maxAge(300), .mustRevalidate]),
    ])
}
