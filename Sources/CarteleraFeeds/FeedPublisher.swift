import CarteleraCore
import CarteleraModel
import CarteleraOutput
import CarteleraQuery
import CarteleraStore
import Foundation

/// What a build published, and what it could not.
public struct BuildReport: Encodable, Sendable {
    /// Files written because their bytes changed, relative to the output folder.
    public var written: [String] = []
    /// Files whose bytes were already right: left alone, modification time and all.
    public var unchanged: [String] = []
    /// Files an earlier build published that this one does not.
    public var removed: [String] = []
    /// Feed definitions and queries that could not be used, each naming its file and key; the other feeds are written.
    public var problems: [String] = []
    /// Store files a feed could not read, each naming the file: the feed is written from what the index holds.
    public var failures: [String] = []
    /// The feeds written.
    public var feeds: [String] = []
    /// The store generation the build read.
    public var generation: Int = 0

    /// Counts what an earlier, superseded attempt wrote or removed as written or removed, even where this one found it in place.
    public mutating func include(_ earlier: BuildReport) {
        let written = Set(earlier.written).union(self.written)
        self.written = written.sorted()
        unchanged = unchanged.filter { !written.contains($0) }
        removed = Array(Set(earlier.removed).union(removed)).sorted()
    }
}

/// Publishes one store snapshot: `guide.xml` (and `.gz`) of every stored schedule, the static JSON API under `api/`,
/// and each feed of `Feeds/*.yaml` as `feeds/<name>.<format>`.
public struct FeedPublisher: Sendable {
    /// The engine over the snapshot to publish.
    public var engine: QueryEngine
    /// The folder of feed definitions (`Feeds/`).
    public var feeds: String
    /// The folder to publish into.
    public var output: String
    /// The moment and zone the feeds' queries are read at.
    public var context: QueryContext
    /// The address the output folder is published at (`https://cartelera.example/`), for each JSON Feed's own address
    /// and its site's; nil when unknown.
    public var siteURL: String?

    /// A publisher of the engine's snapshot through the definitions in `feeds` into `output`, at `context`'s moment, published at `siteURL`.
    public init(engine: QueryEngine, feeds: String, output: String, context: QueryContext, siteURL: String? = nil) {
        self.engine = engine
        self.feeds = feeds
        self.output = output
        self.context = context
        self.siteURL = siteURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// Builds every output; throws when the snapshot cannot be read (`isSuperseded` when a commit replaced it: build
    /// again from a new snapshot) or a file cannot be written.
    public func build() throws(BuildError) -> BuildReport {
        let folder = try OutputFolder(root: output)
        do {
            return try build(into: folder)
        } catch {
            var error = error
            // What this attempt already put in place, so the next attempt's report counts it as written.
            if error.isSuperseded { error.partialReport = BuildReport(written: folder.written, removed: folder.removed) }
            throw error
        }
    }

    private func build(into folder: OutputFolder) throws(BuildError) -> BuildReport {
        let snapshot = engine.snapshot
        var report = BuildReport(generation: snapshot.generation)
        let channels = try read(snapshot) { store throws(StoreError) in try store.channels() }

        let api = StaticAPIWriter(store: snapshot, engine: engine, context: context, folder: folder)
        let scheduled = try writeGuideAndSchedules(snapshot, channels: channels, api: api, into: folder)
        try api.write(channels: channels, scheduled: scheduled)

        let (definitions, problems) = FeedDefinitionLoader.load(folder: feeds)
        report.problems = problems.map(\.description)
        let lookup = ProgrammeLookup(store: snapshot)
        for definition in definitions {
            let query: Query
            do {
                query = try definition.parameters.query(kind: definition.kind, context: context)
            } catch {
                report.problems.append(FeedDefinitionError(
                    file: definition.name + ".yaml", key: "query.\(error.parameter)", message: "\(error.value.quotedIfNeeded): \(error.message.text(.definition))").description)
                continue
            }
            let answer = engine.answer(query)
            let entries = FeedEntries(engine: engine, programmes: lookup, zone: context.guideZone, language: definition.language).entries(answer)
            for format in definition.formats {
                switch format {
                case .json:
                    try writeJSONFeed(definition, entries: entries, into: folder)
                case .ics:
                    try writeCalendar(definition, entries: entries, store: snapshot, into: folder, failures: &report.failures)
                case .xmltv:
                    guard case .programmes(let page) = answer else { continue }
                    let programmes = page.rows.compactMap { lookup.programme($0.id) }
                    let used = Set(programmes.map(\.channel))
                    let files = try XMLTVFiles(
                        folder: folder, relative: "feeds/\(definition.name).xml", language: definition.language, channels: channels.filter { used.contains($0.id) })
                    for programme in programmes { try files.add(programme) }
                    try files.finish()
                }
            }
            report.feeds.append(definition.name)
        }
        if let superseded = lookup.superseded { throw BuildError(superseded) }
        report.failures += lookup.failures
        try folder.finish()
        report.written = folder.written
        report.unchanged = folder.unchanged
        report.removed = folder.removed
        return report
    }

    /// One pass over the stored programmes, UTC day by UTC day: `guide.xml` and its gzip streamed to disk, and each
    /// channel's schedule by local day handed to the API once no later UTC day can add to it. Every programme is
    /// decoded once. Returns the local days each channel has a schedule for.
    private func writeGuideAndSchedules(_ store: any StoreSnapshot, channels: [Channel], api: StaticAPIWriter, into folder: OutputFolder) throws(BuildError)
        -> [ChannelID: [Day]] {
        let days = try read(store) { store throws(StoreError) in try store.programmeDays() }
        let names = Dictionary(channels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let guide = try XMLTVFiles(folder: folder, relative: "guide.xml", language: "es", channels: channels)
        var pending: [ChannelID: [Day: [Programme]]] = [:]
        var scheduled: [ChannelID: [Day]] = [:]
        // A local day's programmes start on its UTC day or the ones either side of it (offsets stay within a day).
        func flush(through last: Day?) throws(BuildError) {
            for channel in pending.keys.sorted() {
                guard let byDay = pending[channel] else { continue }
                for day in byDay.keys.sorted() where last.map({ day <= $0 }) ?? true {
                    let channelRecord = names[channel] ?? Channel(id: channel, name: channel.rawValue)
                    try api.writeSchedule(channel: channelRecord, day: day, programmes: byDay[day] ?? [])
                    scheduled[channel, default: []].append(day)
                    pending[channel]?[day] = nil
                }
            }
        }
        for day in days {
            let programmes = try read(store) { store throws(StoreError) in try store.programmes(day: day) }
            for programme in programmes.sorted(by: { ($0.channel, $0.start) < ($1.channel, $1.start) }) {
                try guide.add(programme)
                pending[programme.channel, default: [:]][context.guideZone.local(programme.start).day, default: []].append(programme)
            }
            try flush(through: day.advanced(by: -1))
        }
        try flush(through: nil)
        try guide.finish()
        return scheduled
    }

    private func writeJSONFeed(_ definition: FeedDefinition, entries: [FeedEntry], into folder: OutputFolder) throws(BuildError) {
        let relative = "feeds/\(definition.name).json"
        let bytes: [UInt8]
        do {
            // The site's home in the feed's language (English pages live under en/), unless the definition names another page.
            let siteHome = siteURL.map { definition.language.hasPrefix("en") ? $0 + "en/" : $0 }
            bytes = try JSONFeedWriter.feed(
                title: definition.title, description: definition.description, language: definition.language, homePage: definition.homePage ?? siteHome,
                feedURL: siteURL.map { $0 + relative }, entries: entries)
        } catch {
            throw BuildError(file: output + "/" + relative, message: "cannot be encoded: \(error)")
        }
        try folder.write(bytes, to: relative)
    }

    /// The calendar of a feed, through its ledger in `.cartelera/calendars/`, so UIDs and sequences carry over.
    private func writeCalendar(_ definition: FeedDefinition, entries: [FeedEntry], store: any StoreSnapshot,
                               into folder: OutputFolder, failures: inout [String]) throws(BuildError) {
        let ledgerPath = ".cartelera/calendars/\(definition.name).json"
        var ledger = CalendarLedger(feed: definition.name)
        if let data = folder.existing(ledgerPath) {
            do {
                let kept = try JSONDecoder().decode(CalendarLedger.self, from: data)
                if kept.version == CalendarLedger.version, kept.feed == definition.name { ledger = kept }
            } catch {
                // The calendar still comes out whole (UIDs derive from the items), but sequences start again: say so.
                failures.append("\(output)/\(ledgerPath): cannot be read (\(error)); \(definition.name).ics starts its events' sequences again")
            }
        }
        let items = entries.compactMap { entry -> CalendarLedger.Item? in
            guard let start = entry.start else { return nil }
            let event = CalendarEvent(
                uid: "", sequence: 0, stamp: context.now, start: start, end: entry.end, summary: entry.title, description: entry.text,
                location: entry.location, geo: entry.geo, url: entry.url, categories: entry.tags, cancelled: false)
            return CalendarLedger.Item(id: entry.id, place: entry.place, event: event)
        }
        let nightIDs = definition.kind == .nights ? try storedNightIDs(store) : []
        let events = ledger.reconcile(items, now: context.now, keepCancelledUntil: context.now.adding(seconds: -86_400)) { id in
            let programme = ProgrammeID(rawValue: id)
            if programme.parts != nil { return engine.containsProgramme(programme) }
            return nightIDs.contains(id)
        }
        let calendar = ICalendarWriter.calendar(
            name: definition.title, description: definition.description, language: definition.language, events: events, alarmMinutes: definition.alarmMinutes)
        try folder.write(calendar, to: "feeds/\(definition.name).ics")
        let encoded: [UInt8]
        do { encoded = Array(try PublishedJSON.encoder.encode(ledger)) } catch {
            throw BuildError(file: output + "/" + ledgerPath, message: "cannot be encoded: \(error)")
        }
        try folder.write(encoded, to: ledgerPath)
    }

    /// Every stored night's id; a nights shard that cannot be read fails the build, since its nights would read as cancelled.
    private func storedNightIDs(_ store: any StoreSnapshot) throws(BuildError) -> Set<String> {
        var ids = Set<String>()
        for day in try read(store, { store throws(StoreError) in try store.nightDays() }) {
            for night in try read(store, { store throws(StoreError) in try store.nights(day: day) })?.nights ?? [] { ids.insert(night.id) }
        }
        return ids
    }

    private func read<T>(_ store: any StoreSnapshot, _ body: (any StoreSnapshot) throws(StoreError) -> T) throws(BuildError) -> T {
        try store.reading(body)
    }
}

extension StoreSnapshot {
    /// A read of the snapshot whose failure becomes the build's, naming the store file.
    func reading<T>(_ body: (any StoreSnapshot) throws(StoreError) -> T) throws(BuildError) -> T {
        do { return try body(self) } catch { throw BuildError(error, in: location) }
    }
}

private extension String {
    /// The text in quotes when it is empty or has spaces, so the value at fault stands out in a message.
    var quotedIfNeeded: String { isEmpty || contains(" ") ? "\"\(self)\"" : self }
}

/// An XMLTV file and its gzip, written as programmes come: the writer's bytes go to both a quarter megabyte at a time.
private final class XMLTVFiles {
    private let writer: XMLTVWriter
    private let folder: OutputFolder
    private let relative: String
    private let xml: StreamedFile
    private let gzip: StreamedFile
    private let compressor: GzipStream
    private var buffer: [UInt8] = []

    /// Starts `relative` and `relative.gz` with the header and every channel.
    init(folder: OutputFolder, relative: String, language: String, channels: [Channel]) throws(BuildError) {
        guard let compressor = GzipStream() else { throw BuildError(file: folder.root + "/" + relative + ".gz", message: "zlib cannot start a stream") }
        self.compressor = compressor
        self.folder = folder
        self.relative = relative
        writer = XMLTVWriter(language: language)
        xml = try folder.stream(relative)
        gzip = try folder.stream(relative + ".gz")
        writer.begin(into: &buffer)
        for channel in channels { writer.channel(channel, into: &buffer) }
    }

    /// Adds a programme.
    func add(_ programme: Programme) throws(BuildError) {
        writer.programme(programme, into: &buffer)
        if buffer.count >= 1 << 18 { try drain() }
    }

    /// Closes `<tv>` and puts both files in place (or keeps them when unchanged).
    func finish() throws(BuildError) {
        writer.end(into: &buffer)
        try drain()
        do {
            try compressor.finish { bytes in try self.gzip.append(bytes) }
        } catch {
            throw BuildError(file: folder.root + "/" + relative + ".gz", message: "cannot be compressed: \(error)")
        }
        try folder.finish(xml, relative)
        try folder.finish(gzip, relative + ".gz")
    }

    private func drain() throws(BuildError) {
        do { try xml.append(buffer) } catch { throw BuildError(error) }
        do {
            try compressor.compress(buffer) { bytes in try self.gzip.append(bytes) }
        } catch let error as OutputError {
            throw BuildError(error)
        } catch {
            throw BuildError(file: folder.root + "/" + relative + ".gz", message: "cannot be compressed: \(error)")
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
