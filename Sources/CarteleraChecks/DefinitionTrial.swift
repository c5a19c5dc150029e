import CarteleraFetch
import CarteleraModel
import CarteleraScraping
import Foundation
import Logging
import Synchronization

/// What one try of a definition did: the requests it made, what each selector matched, and the items it read.
public struct TrialReport: Codable, Sendable {
    /// One request and how it was answered.
    public struct Request: Codable, Sendable {
        /// What the request was for: `listing`, `listing-2`, `detail`, `venues`…
        public var label: String?
        /// The HTTP method.
        public var method: String
        /// The resolved URL.
        public var url: String
        /// The body sent (a form or a JSON body), as text; bytes that are not UTF-8 are counted instead.
        public var body: String?
        /// The answer's status, when there was one.
        public var status: Int?
        /// The answer's body size in bytes.
        public var bytes: Int?
        /// Why there was no answer.
        public var error: String?
    }

    /// The source tried.
    public var source: String
    /// Its kind.
    public var kind: String
    /// The day asked for.
    public var day: String
    /// The channel asked for (its id), for per-channel sources.
    public var channel: String?
    /// Every request, in the order made.
    public var requests: [Request]
    /// What each selector matched on each page.
    public var selectors: [SelectorMatch]
    /// The day sections of each page, for a definition with `day_header`: each header, its day and its rows.
    public var sections: [DaySection]
    /// Every item read, as it would be stored (programmes, venues, nights, audiences…), before normalizing.
    public var items: [JSONValue]
    /// Parts of the scrape that failed (a detail page that failed is a warning: it costs only its own fields).
    public var failures: [String]
    /// Warnings: detail pages that failed, rows skipped, pages repaired, selectors that could not run.
    public var warnings: [String]
}

/// Runs one definition for one day and channel through a fetcher, recording everything, for `cartelera sources try`.
public enum DefinitionTrial {
    /// Tries `definition` on `day` (and `channel`) with `fetcher` (live, or captured pages), `now` being the run's time.
    public static func run(_ definition: CompiledDefinition, day: Day, channel: ChannelEntry?, fetcher: any Fetcher, now: Timestamp) async -> TrialReport {
        let recorder = RecordingFetcher(fetcher)
        let context = ScrapeContext(fetcher: recorder, now: now, logger: Logger(label: "cartelera.try"))
        let job = ScrapeJob(days: [day], channels: channel.map { [ChannelID($0.id)] })
        // Only the channel asked for: a channel listed once per language is tried in that language.
        let outcome = await makeScraper(for: channel.map { definition.restricted(to: $0) } ?? definition).scrape(job, context: context)
        let today = definition.dayZone.local(now).day
        var selectors: [SelectorMatch] = []
        var sections: [DaySection] = []
        var warnings = outcome.warnings
        var requests: [TrialReport.Request] = []
        for (request, result) in recorder.exchanges {
            switch result {
            case .success(let response):
                requests.append(.init(label: request.label, method: request.method, url: request.url, body: bodyText(request.body), status: response.status, bytes: response.body.count))
                let inspected = definition.inspect(response, label: request.label, channel: channel, day: day, today: today)
                selectors += inspected.matches
                sections += inspected.sections
                warnings += inspected.problems
            case .failure(let error):
                requests.append(.init(label: request.label, method: request.method, url: request.url, body: bodyText(request.body), error: error.description))
            }
        }
        let extraction = outcome.extraction
        var items: [JSONValue] = []
        items += encoded(extraction.programmes) + encoded(extraction.audiences) + encoded(extraction.shares) + encoded(extraction.news)
        items += encoded(extraction.venues) + encoded(extraction.nights) + encoded(extraction.guestLists) + encoded(extraction.promotions)
        return TrialReport(
            source: definition.source.rawValue, kind: definition.kind.rawValue, day: day.description, channel: channel?.id,
            requests: requests, selectors: selectors, sections: sections, items: items,
            failures: outcome.failures.map(\.description),
            // A detail page that fails costs only its own fields, as in a run.
            warnings: outcome.detailFailures.map { "detail page failed: \($0)" } + warnings)
    }

    /// A request body as it reads: UTF-8 text, else its size.
    private static func bodyText(_ body: [UInt8]?) -> String? {
        guard let body else { return nil }
        return String(validating: body, as: UTF8.self) ?? "(\(body.count) bytes, not UTF-8)"
    }

    private static func encoded<T: Encodable>(_ values: [T]) -> [JSONValue] {
        let encoder = JSONEncoder()
        return values.compactMap { value in
            guard let data = try? encoder.encode(value) else { return nil }
            return try? JSONDecoder().decode(JSONValue.self, from: data)
        }
    }
}

/// A fetcher that keeps every request and its answer, in order.
final class RecordingFetcher: Fetcher {
    private let inner: any Fetcher
    private let log = Mutex<[(FetchRequest, Result<FetchResponse, FetchError>)]>([])

    init(_ inner: any Fetcher) { self.inner = inner }

    /// Every request made so far, with its answer.
    var exchanges: [(FetchRequest, Result<FetchResponse, FetchError>)] { log.withLock { $0 } }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        do throws(FetchError) {
            let response = try await inner.fetch(request)
            log.withLock { $0.append((request, .success(response))) }
            return response
        } catch {
            log.withLock { $0.append((request, .failure(error))) }
            throw error
        }
    }
}
