import CarteleraCore
import CarteleraModel
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
    /// The formats definitions may name.
    public var writers: [any FeedWriter]

    /// A publisher of the engine's snapshot through the definitions in `feeds` into `output`, at `context`'s moment, published at
    /// `siteURL`, in the formats of `writers`.
    public init(engine: QueryEngine, feeds: String, output: String, context: QueryContext, siteURL: String? = nil,
                writers: [any FeedWriter] = FeedWriters.standard) {
        self.engine = engine
        self.feeds = feeds
        self.output = output
        self.context = context
        self.siteURL = siteURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        self.writers = writers
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
        let inputs = try FeedInputs(snapshot)
        let plan = OutputPlan(folder: folder, inputsKnown: inputs.isKnown)
        // Read only when an output has to be made again.
        var stored: [Channel]?
        func channels() throws(BuildError) -> [Channel] {
            if let stored { return stored }
            let read = try read(snapshot) { store throws(StoreError) in try store.channels() }
            stored = read
            return read
        }

        let api = StaticAPIWriter(store: snapshot, engine: engine, context: context, folder: folder)
        let scheduled = try writeGuideAndSchedules(snapshot, inputs: inputs, plan: plan, channels: channels, api: api, into: folder)
        try writeAPI(api, inputs: inputs, plan: plan, channels: channels, scheduled: scheduled)

        let (definitions, problems) = FeedDefinitionLoader.load(folder: feeds, writers: writers)
        report.problems = problems.map(\.description)
        let lookup = ProgrammeLookup(store: snapshot)
        let failures = FailureList()
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
            var job: FeedJob?
            for writer in definition.formats {
                let input = inputs.feed(definition, writer: writer, answer: answer, context: context, siteURL: siteURL)
                let id = "feed \(definition.name) \(writer.name)"
                if plan.isCurrent(id, input: input) { continue }
                let made: FeedJob
                if let job {
                    made = job
                } else {
                    let entries = FeedEntries(engine: engine, programmes: lookup, zone: context.guideZone, language: definition.language).entries(answer)
                    made = FeedJob(definition: definition, answer: answer, entries: entries, engine: engine, store: snapshot, programmes: lookup,
                                   channels: try channels(), context: context, siteURL: siteURL, folder: folder, failures: failures)
                    job = made
                }
                let problemsBefore = (failures.messages.count, lookup.failures.count)
                try plan.build(id, input: input) { () throws(BuildError) -> Bool in
                    try writer.write(made)
                    // A feed made without a shard or a ledger it needed is made again by the next build.
                    return problemsBefore == (failures.messages.count, lookup.failures.count)
                }
            }
            report.feeds.append(definition.name)
        }
        if let superseded = lookup.superseded { throw BuildError(superseded) }
        report.failures += failures.messages + lookup.failures
        try folder.finish()
        try plan.finish()
        report.written = folder.written
        report.unchanged = folder.unchanged
        report.removed = folder.removed
        return report
    }

    /// One pass over the stored programmes, UTC day by UTC day: `guide.xml` and its gzip streamed to disk, and each
    /// channel's schedule by local day handed to the API once no later UTC day can add to it. Every programme is
    /// decoded once. The guide is made only when a programme shard or the channel list changed, a channel's schedules
    /// only when its programme shards, the channel list or the zone did; only the shards of what is made are read.
    /// Returns the local days each channel has a schedule for.
    private func writeGuideAndSchedules(_ store: any StoreSnapshot, inputs: FeedInputs, plan: OutputPlan, channels: () throws(BuildError) -> [Channel],
                                        api: StaticAPIWriter, into folder: OutputFolder) throws(BuildError) -> [ChannelID: [Day]] {
        let guideInput = FeedInputs.key(["guide", inputs.channels, inputs.allProgrammes])
        let guideFiles = ["guide.xml", "guide.xml.gz"]
        let guideIsCurrent = plan.isCurrent("guide.xml", input: guideInput)
        var scheduled: [ChannelID: [Day]] = [:]
        var stale: [ChannelID: String] = [:]
        for channel in inputs.programmeChannels {
            let input = FeedInputs.key(["schedule", channel.rawValue, context.guideZone.identifier, inputs.channels, inputs.channelProgrammes[channel] ?? "-"])
            if let files = plan.currentFiles("schedule \(channel.rawValue)", input: input) {
                scheduled[channel] = files.compactMap { Day(String(($0 as NSString).lastPathComponent.dropLast(5))) }
            } else {
                stale[channel] = input
            }
        }
        if guideIsCurrent, stale.isEmpty { return scheduled }
        try plan.willRewrite()

        let all = try channels()
        let names = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let guide = guideIsCurrent ? nil : try XMLTVFiles(folder: folder, relative: "guide.xml", language: "es", channels: all)
        var pending: [ChannelID: [Day: ScheduleItems]] = [:]
        // Written as soon as no later UTC day can add to it, so only the local days still open wait as bytes.
        func flush(through last: Day?) throws(BuildError) {
            for channel in pending.keys.sorted() {
                guard let byDay = pending[channel] else { continue }
                for day in byDay.keys.sorted() where last.map({ day <= $0 }) ?? true {
                    let channelRecord = names[channel] ?? Channel(id: channel, name: channel.rawValue)
                    try api.writeSchedule(channel: channelRecord, day: day, items: byDay[day] ?? ScheduleItems())
                    scheduled[channel, default: []].append(day)
                    pending[channel]?[day] = nil
                }
            }
        }
        let reads = ProgrammeReadAhead(store: store, days: inputs.programmeDays.map { day, dayChannels in
            (day, dayChannels.filter { guide != nil || stale[$0] != nil })
        })
        while let (day, shards) = try reads.nextDay() {
            // Channels are read in id order and each shard is in start order, so this is usually in order already.
            let all = shards.joined()
            let inOrder = zip(all, all.dropFirst()).allSatisfy {
                ($0.programme.channel, $0.programme.start) <= ($1.programme.channel, $1.programme.start)
            }
            let ordered = inOrder ? shards : [all.sorted { ($0.programme.channel, $0.programme.start) < ($1.programme.channel, $1.programme.start) }]
            for shard in ordered {
                for stored in shard {
                    let programme = stored.programme
                    try guide?.add(programme)
                    if stale[programme.channel] != nil {
                        pending[programme.channel, default: [:]][context.guideZone.local(programme.start).day, default: ScheduleItems()].append(stored)
                    }
                }
            }
            // Every programme still to come starts at the next UTC midnight or later, so on its local day there or later.
            try flush(through: context.guideZone.local(day.advanced(by: 1).startUTC).day.advanced(by: -1))
            MemoryRelease.freedPages()
        }
        try flush(through: nil)
        if let guide {
            try guide.finish()
            plan.record("guide.xml", input: guideInput, files: guideFiles)
        }
        for (channel, input) in stale {
            plan.record("schedule \(channel.rawValue)", input: input, files: (scheduled[channel] ?? []).map { StaticAPIWriter.schedulePath(channel: channel, day: $0) })
        }
        return scheduled
    }

    /// The static API's other files, each made only when what it shows changed.
    private func writeAPI(_ api: StaticAPIWriter, inputs: FeedInputs, plan: OutputPlan, channels: () throws(BuildError) -> [Channel],
                          scheduled: [ChannelID: [Day]]) throws(BuildError) {
        let zone = context.guideZone.identifier
        let moment = String(context.now.secondsSince1970)
        func make(_ id: String, _ parts: [String], _ body: () throws(BuildError) -> Void) throws(BuildError) {
            let input = FeedInputs.key([id] + parts)
            guard !plan.isCurrent(id, input: input) else { return }
            try plan.build(id, input: input) { () throws(BuildError) -> Bool in
                try body()
                return true
            }
        }
        let days = scheduled.keys.sorted().map { "\($0.rawValue) " + (scheduled[$0] ?? []).sorted().map(\.description).joined(separator: ",") }
        try make("api/channels.json", [zone, inputs.channels] + days) { () throws(BuildError) in try api.writeChannels(try channels(), scheduled: scheduled) }
        try make("api/now.json", [zone, moment, inputs.channels, inputs.allProgrammes]) { () throws(BuildError) in try api.writeNow() }
        for day in inputs.audienceDays {
            try make("api/audiences/\(day).json", [inputs.hash(.audiences(day: day))]) { () throws(BuildError) in try api.writeAudiences(day: day) }
        }
        for city in inputs.venueCities {
            try make("api/venues/\(city).json", [inputs.hash(.venues(city: city))]) { () throws(BuildError) in try api.writeVenues(city: city) }
        }
        try make("api/tonight.json", [zone, moment, "\(context.tonight.start)-\(context.tonight.end)", inputs.others]) { () throws(BuildError) in
            try api.writeTonight()
        }
        try make("api/promotions.json", [moment, inputs.hash(.promotions)]) { () throws(BuildError) in try api.writePromotions() }
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
