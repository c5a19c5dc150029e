import Logging
import Synchronization

/// Obeys robots.txt: fetched once per origin through the wrapped fetcher, then every request is checked.
///
/// A 4xx robots.txt allows everything; a 5xx or unreachable one allows everything too, and is logged.
/// A request whose policy sets `obeyRobots: false` skips robots.txt, which is logged once per origin and source.
public final class RobotsFetcher: Fetcher {
    private let base: any Fetcher
    private let userAgent: String
    private let maxCrawlDelaySeconds: Double
    private let logger: Logger
    private let onCrawlDelay: (@Sendable (_ host: String, _ seconds: Double) -> Void)?
    private let rulesByOrigin = Mutex<[String: Task<RobotsRules, Never>]>([:])
    private let ignoredOrigins = Mutex<Set<String>>([])

    /// Wraps `base`; `onCrawlDelay` hears of each host's Crawl-delay, capped at `maxCrawlDelaySeconds`
    /// (the pipeline passes it to the throttle).
    public init(
        base: any Fetcher,
        userAgent: String = FetchConfiguration.defaultUserAgent,
        maxCrawlDelaySeconds: Double = 30,
        logger: Logger = Logger(label: "cartelera.fetch"),
        onCrawlDelay: (@Sendable (_ host: String, _ seconds: Double) -> Void)? = nil
    ) {
        self.base = base
        self.userAgent = userAgent
        self.maxCrawlDelaySeconds = FetchLimits.wait(maxCrawlDelaySeconds, fallback: FetchConfiguration().maxBackoffSeconds)
        self.logger = logger
        self.onCrawlDelay = onCrawlDelay
    }

    /// Fetches the request if the site's robots.txt allows it (or its policy says to ignore robots), else throws `.robotsDisallowed`.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard let parts = RequestURL(request.url), parts.scheme == "http" || parts.scheme == "https",
            parts.pathAndQuery != "/robots.txt"
        else { return try await base.fetch(request) }
        guard request.policy.obeyRobots != false else {
            logIgnored(parts, request: request)
            return try await base.fetch(request)
        }
        let rules = await rules(for: parts, request: request)
        guard rules.isAllowed(parts.pathAndQuery, userAgent: userAgent) else {
            logger.info(
                "disallowed by robots.txt",
                metadata: ["http.url": "\(request.url)", "source.id": "\(request.source ?? "")", "robots.url": "\(parts.origin)/robots.txt"])
            throw FetchError(.robotsDisallowed, request: request, detail: "disallowed by \(parts.origin)/robots.txt")
        }
        return try await base.fetch(request)
    }

    /// The origin's rules; concurrent first requests share one robots.txt fetch, made with the first one's policy.
    private func rules(for parts: RequestURL, request: FetchRequest) async -> RobotsRules {
        let task = rulesByOrigin.withLock { tasks in
            if let task = tasks[parts.origin] { return task }
            let task = Task { await self.load(parts, source: request.source, policy: request.policy) }
            tasks[parts.origin] = task
            return task
        }
        return await task.value
    }

    private func load(_ parts: RequestURL, source: String?, policy: FetchPolicy) async -> RobotsRules {
        let url = parts.origin + "/robots.txt"
        let rules: RobotsRules
        do {
            let response = try await base.fetch(FetchRequest(url: url, source: source, label: "robots", policy: policy))
            rules = response.status == 200 ? RobotsRules(parsing: String(decoding: response.body, as: UTF8.self)) : .allowAll
        } catch where error.kind == .httpStatus && (400...499).contains(error.status ?? 0) {
            return .allowAll
        } catch {
            logger.info(
                "robots.txt unavailable, allowing all",
                metadata: ["http.url": "\(url)", "source.id": "\(source ?? "")", "fetch.error": "\(error.detail)"])
            return .allowAll
        }
        if let asked = rules.crawlDelay(userAgent: userAgent) {
            // A site may ask for any Crawl-delay; more than the cap would stall a whole run.
            let applied = min(asked, maxCrawlDelaySeconds)
            logger.info(
                "Crawl-delay applied",
                metadata: [
                    "http.host": "\(parts.authority)", "source.id": "\(source ?? "")",
                    "robots.crawl_delay": "\(asked)", "throttle.delay": "\(applied)",
                ])
            onCrawlDelay?(parts.authority, applied)
        }
        return rules
    }

    /// Notes, once per origin and source, that a source's policy switched robots.txt off.
    private func logIgnored(_ parts: RequestURL, request: FetchRequest) {
        let source = request.source ?? ""
        let isFirst = ignoredOrigins.withLock { $0.insert(parts.origin + " " + source).inserted }
        guard isFirst else { return }
        logger.info(
            "robots.txt ignored by the source's fetch policy",
            metadata: ["http.url": "\(request.url)", "source.id": "\(source)", "robots.url": "\(parts.origin)/robots.txt"])
    }
}
