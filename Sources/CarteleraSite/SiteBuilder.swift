import CarteleraCore
import CarteleraFeeds
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Dispatch
import Foundation

/// What a site build did: pages published, and which were rendered and written, left as they were, or removed.
public struct SiteReport: Sendable, Encodable {
    /// Every page and file the site holds now.
    public var pages = 0
    /// Pages and files written by this build, relative to the output folder.
    public var written: [String] = []
    /// How many were left alone because their input did not change.
    public var unchanged = 0
    /// Pages and files an earlier build published and this one does not.
    public var removed: [String] = []
    /// The store generation the site shows.
    public var generation = 0
    /// Where the index came from when the build opened one itself (not given one, and something changed); not in the report's JSON.
    public var indexOrigin: QueryIndex.Origin?

    private enum CodingKeys: String, CodingKey { case pages, written, unchanged, removed, generation }
}

/// How a site build reads and writes: the options of `cartelera build` that concern the site.
public struct SiteOptions: Sendable {
    /// The address the site is published at (`https://cartelera.example/`), for canonical links and the sitemap; nil when
    /// unknown: canonical links are then relative and no sitemap is published (it may hold absolute addresses only).
    public var baseURL: String?
    /// Only the first N programmes by start are listed and get pages, ties at the cut left out (a benchmark's site); nil for all.
    public var programmeLimit: Int?
    /// Rendering threads; the machine's cores by default.
    public var workers: Int
    /// Renders every page with swift-mustache alone: the reference the compiled templates are checked and timed against.
    public var mustacheOnly: Bool

    /// Options with every programme, no base URL, one worker per core and the compiled templates.
    public init(baseURL: String? = nil, programmeLimit: Int? = nil, workers: Int = ProcessInfo.processInfo.activeProcessorCount, mustacheOnly: Bool = false) {
        self.baseURL = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        self.programmeLimit = programmeLimit
        self.workers = max(1, workers)
        self.mustacheOnly = mustacheOnly
    }
}

/// Renders the store into the output folder as a static site, through the templates of a `WebFolder`, in Spanish at the
/// root and English under `en/`; rewrites only pages whose input changed (see `SiteManifest`).
public struct SiteBuilder: Sendable {
    /// The store snapshot to publish.
    public var snapshot: any StoreSnapshot
    /// The templates, labels and assets.
    public var web: WebFolder
    /// The folder to publish into (the feeds' folder).
    public var output: String
    /// The moment and zone the pages are built for.
    public var context: QueryContext
    /// The feeds published beside the site, linked from the home page.
    public var feeds: [FeedDefinition]
    /// Base URL, limits, workers.
    public var options: SiteOptions

    /// A builder of `snapshot` into `output` through `web`, at `context`'s moment.
    public init(snapshot: any StoreSnapshot, web: WebFolder, output: String, context: QueryContext, feeds: [FeedDefinition] = [], options: SiteOptions = SiteOptions()) {
        self.snapshot = snapshot
        self.web = web
        self.output = output
        self.context = context
        self.feeds = feeds
        self.options = options
    }

    /// Builds the site; throws when the snapshot cannot be read (`isSuperseded` when a commit replaced it: build again
    /// from a new one) or a page cannot be written.
    ///
    /// The pages show the engine's answers: the programmes listed by channel, type, genre and decade (with
    /// `programmeLimit`, those starting before the programme after the first N by start), now and next, each programme's
    /// airings and end. `engine` is an engine over the same snapshot when the caller has one (the feeds' build); else the
    /// build opens one, only when something changed.
    ///
    /// When the store's shards and sources' last successes, the templates, the moment and the options are all what the last
    /// build used (and its files are in place), nothing is read or rendered.
    public func build(engine given: QueryEngine? = nil) throws(SiteError) -> SiteReport {
        let (input, generation) = try inputKey()
        let previous = SiteManifest.read(output: output)
        if previous.input == input, previous.fingerprint == web.fingerprint, !previous.pages.isEmpty,
           previous.pages.keys.allSatisfy({ PageWriter.exists(output + "/" + $0) }) {
            return SiteReport(pages: previous.pages.count, unchanged: previous.pages.count, generation: generation)
        }
        let engine: QueryEngine
        var opened: QueryIndex.Origin?
        if let given, given.snapshot.generation == snapshot.generation {
            engine = given
        } else {
            do { engine = try QueryEngine(snapshot: snapshot) } catch { throw SiteError(error, in: snapshot.location) }
            opened = engine.index.origin
        }
        var scope = Query(kind: .programmes, at: context.now)
        if let limit = options.programmeLimit, let end = engine.startOfProgramme(after: limit) {
            scope.window = Query.Window(from: Timestamp(secondsSince1970: Int64.min), to: end, mode: .starts)
        }
        let listings = engine.listings(scope, zone: context.guideZone)
        let content = try SiteContent.read(snapshot, rows: listings.rows, workers: options.workers)
        let index = ContentIndex(content, listings: listings, engine: engine, now: context.now, workers: options.workers)
        var report = try publish(jobs: jobs(content, index), generation: content.generation, previous: previous, input: input)
        report.indexOrigin = opened
        return report
    }

    /// A hash of every input of the site: the store's shard hashes, its sources' last successes, the moment, the zone,
    /// the channel lists, the feeds and the options; and the store generation.
    func inputKey() throws(SiteError) -> (String, Int) {
        var hash = FNV1a()
        let manifest = snapshot.manifest
        for shard in manifest.shards.keys.sorted() { hash.combine(Array("\(shard)=\(manifest.shards[shard]?.hash ?? "")\n".utf8)) }
        let states: [SourceState]
        do { states = try snapshot.sourceStates() } catch { throw SiteError(error, in: snapshot.location) }
        for state in states {
            hash.combine(Array("\(state.source.rawValue) \(state.lastSuccess?.secondsSince1970.description ?? "-")\n".utf8))
        }
        hash.combine(Array("now=\(context.now.secondsSince1970) zone=\(context.guideZone.identifier) tonight=\(context.tonight.start)-\(context.tonight.end)\n".utf8))
        for list in context.channelLists.keys.sorted() { hash.combine(Array("list \(list)=\((context.channelLists[list] ?? []).map(\.rawValue))\n".utf8)) }
        for feed in feeds { hash.combine(Array("feed \(feed.name) \(feed.title) \(feed.language) \(feed.formats.map(\.name))\n".utf8)) }
        hash.combine(Array("base=\(options.baseURL ?? "") limit=\(options.programmeLimit.map(String.init) ?? "")\n".utf8))
        return (hash.hex, manifest.generation)
    }

    private func pageBuilder(_ language: SiteLanguage, _ content: SiteContent, _ index: ContentIndex) -> SitePages {
        SitePages(content: content, index: index, language: language, labels: web.labels(language),
                  now: context.now, zone: context.guideZone, channelLists: context.channelLists, feeds: feeds, baseURL: options.baseURL,
                  eveningCutoff: context.tonight.end, dayNames: dayNames(web.labels(language), index))
    }

    /// The names of every day a page may show: the programmes' days and a day either side, their airings' days, evenings
    /// and audience days.
    private func dayNames(_ labels: SiteLabels, _ index: ContentIndex) -> [Day: (long: String, short: String)] {
        var days = Set(index.listings.localDays)
        for day in days { days.insert(day.advanced(by: -1)); days.insert(day.advanced(by: 1)) }
        for airings in index.airings.values { for airing in airings { days.insert(context.guideZone.local(airing.start).day) } }
        days.insert(context.guideZone.local(context.now).day)
        return Dictionary(uniqueKeysWithValues: days.map { ($0, (labels.longDate($0), labels.shortDate($0))) })
    }

    /// The pages of both languages as jobs the workers share, longest first: each language's pages other than
    /// programmes, the search index, and the programme pages in slices. A job builds its pages one at a time, and each is
    /// rendered and written before the next is built.
    private func jobs(_ content: SiteContent, _ index: ContentIndex) -> [PageJob] {
        let builders = SiteLanguage.allCases.map { pageBuilder($0, content, index) }
        let count = content.programmes.count
        let sliceSize = max(256, min(2_048, count / (options.workers * 4) + 1))
        let slices = stride(from: 0, to: count, by: sliceSize).map { $0..<min(count, $0 + sliceSize) }
        let searchIndex = PageJob.file {
            SiteFile(path: "search-index.json", bytes: SearchIndex.json(content, index: index))
        }
        return builders.map { builder in PageJob.pages { builder.all($0) } } + [searchIndex] + slices.flatMap { slice in
            builders.map { builder in PageJob.pages { builder.programmePages(slice, $0) } }
        }
    }
}

/// One unit of parallel work: pages to build, render and write, or a file to make.
enum PageJob: @unchecked Sendable {
    /// Builds the pages, handing each to the sink as soon as it is built (their contexts hold only plain values; see `SitePage`).
    case pages((SitePages.PageSink) -> Void)
    /// Makes a file published as it is.
    case file(() -> SiteFile)
}

/// One slot per parallel job, each written by its own job only.
final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ position: Int, _ value: Value) {
        lock.lock()
        slots[position] = value
        lock.unlock()
    }

    var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
