import Logging

/// Builds the standard stack: robots → per-host throttle → retry → conditional cache → transport (CurlFetcher).
///
/// Outermost first, like Scrapy's DOWNLOADER_MIDDLEWARES_BASE: robots.txt is checked before a slot is
/// taken; retries wait inside the host's slot; the cache sits next to the transport so each retry revalidates.
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
        let throttle = ThrottlingFetcher(
            base: fetcher, concurrencyPerHost: configuration.perHostConcurrency,
            delaySeconds: configuration.perHostDelaySeconds)
        guard configuration.obeyRobots else { return throttle }
        return RobotsFetcher(base: throttle, userAgent: configuration.userAgent, logger: logger) { host, seconds in
            // A site may ask for any Crawl-delay; more than the backoff cap would stall a whole run.
            throttle.raiseDelay(to: min(seconds, configuration.maxBackoffSeconds), forHost: host)
        }
    }
}
