import Logging

/// Builds the standard stack: robots → per-host throttle → request log → retry → conditional cache → transport (CurlFetcher).
///
/// Outermost first, like Scrapy's DOWNLOADER_MIDDLEWARES_BASE: robots.txt is checked before a slot is
/// taken; each request that goes out (robots.txt included) is logged once with its tries; retries wait
/// inside the host's slot; the cache sits next to the transport so each retry revalidates. Every layer
/// honours the request's `FetchPolicy`.
public enum FetchPipeline {
    /// The stack for a configuration, logging through `logger`; `transport` replaces the CurlFetcher at the bottom.
    public static func make(_ configuration: FetchConfiguration, logger: Logger, transport: (any Fetcher)? = nil) -> any Fetcher {
        var fetcher: any Fetcher = transport ?? CurlFetcher(configuration: configuration)
        if let directory = configuration.cacheDirectory {
            fetcher = CachingFetcher(base: fetcher, cache: HTTPCache(directory: directory), logger: logger)
        }
        fetcher = RetryingFetcher(
            base: fetcher, maxRetries: configuration.maxRetries, backoffBaseSeconds: configuration.backoffBaseSeconds,
            maxBackoffSeconds: configuration.maxBackoffSeconds, maxRetryAfterSeconds: configuration.maxRetryAfterSeconds,
            logger: logger)
        fetcher = LoggingFetcher(base: fetcher, logger: logger)
        let throttle = ThrottlingFetcher(
            base: fetcher, concurrencyPerHost: configuration.perHostConcurrency,
            delaySeconds: configuration.perHostDelaySeconds)
        guard configuration.obeyRobots else { return throttle }
        // A site may ask for any Crawl-delay; more than the backoff cap would stall a whole run.
        return RobotsFetcher(
            base: throttle, userAgent: configuration.userAgent, maxCrawlDelaySeconds: configuration.maxBackoffSeconds,
            logger: logger
        ) { host, seconds in
            throttle.raiseDelay(to: seconds, forHost: host)
        }
    }
}
