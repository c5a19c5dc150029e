import CarteleraCore
import CarteleraFetch
import CarteleraMarkup
import CarteleraModel


/// Scrapes `tv-audience` pages: per-programme audiences, per-channel daily shares and the page's news.
public struct AudienceScraper: Scraper {
    /// The validated definition this scraper runs.
    public let definition: CompiledDefinition
    let section: AudienceSection
    /// The source's id.
    public var id: SourceID { definition.source }

    /// A scraper for a tv-audience definition's section.
    init(definition: CompiledDefinition, section: AudienceSection) {
        self.definition = definition
        self.section = section
    }

    /// Fetches each day's page and reads its audiences, shares and news; failures are per day.
    public func scrape(_ job: ScrapeJob, context: ScrapeContext) async -> ScrapeOutcome {
        let loader = PageLoader(fetcher: context.fetcher, source: id)
        var outcome = ScrapeOutcome(extraction: Extraction(source: id, days: job.days))
        for day in job.days {
            let values = PlaceholderValues(day: day)
            let request = RequestBuilder.request(definition.request, values: values, source: id, label: "listing", policy: definition.fetchPolicy)
            do throws(ScrapeError) {
                let response = try await loader.response(request)
                let document = try definition.document(from: response, xml: false, warnings: &outcome.warnings)
                guard let root = document.root else { continue }
                let reader = FieldReader(baseURL: response.url, values: values)
                do {
                    try read(root, day: day, reader: reader, url: response.url, into: &outcome)
                } catch {
                    throw ScrapeError(kind: .markup, source: id, url: response.url, message: "\(error)")
                }
                outcome.audienceDays.append(day)
            } catch {
                outcome.failures.append(error)
            }
        }
        return outcome
    }

    private func read(_ root: Node, day: Day, reader: FieldReader, url: String, into outcome: inout ScrapeOutcome) throws {
        let provenance = Provenance(source: id, url: url)
        if let table = section.audiences, let rows = table.rows {
            for (index, row) in try rows.select(from: root, values: reader.values).enumerated() {
                let f = table.fields
                guard let channelName = try reader.value(f["channel"], in: row), let title = try reader.value(f["title"], in: row) else { continue }
                var start = day.startUTC
                if let text = try reader.value(f["start"], in: row) {
                    let format = f["start"]?.format ?? ScheduleScraper.defaultTimeFormat
                    guard let parts = format.parse(text), let time = ScheduleScraper.scheduleTime(parts, near: day, header: nil) else {
                        outcome.warnings.append("\(id): \(url): \(day): unreadable start \"\(text)\" for \"\(title)\"")
                        continue
                    }
                    start = ScheduleTimeline.resolve([ScheduleSlot(start: time)], day: day, zone: definition.zone, rules: TimelineRules(leadingPreviousDay: false, broadcastDayStart: definition.rules.broadcastDayStart)).first?.start ?? start
                }
                var numbers = NumberFields(item: "\(channelName) \(day) \"\(title)\"")
                let entry = AudienceEntry(
                    channel: channelID(channelName), channelName: channelName, title: title, start: start,
                    durationMinutes: numbers.duration("duration", try reader.value(f["duration"], in: row)).map { $0 / 60 },
                    viewers: numbers.integer("viewers", try reader.value(f["viewers"], in: row), in: Self.viewers, measured: true),
                    share: numbers.decimal("share", try reader.value(f["share"], in: row), in: Self.share, measured: true),
                    day: day, rank: numbers.integer("rank", try reader.value(f["rank"], in: row)) ?? index + 1,
                    provenance: provenance)
                outcome.extraction.audiences.append(entry)
                outcome.warnings += numbers.warnings(source: id, url: url)
                outcome.droppedValues += numbers.droppedValues(.audience, id: entry.id)
            }
        }
        if let table = section.shares, let rows = table.rows {
            for row in try rows.select(from: root, values: reader.values) {
                let f = table.fields
                guard let channelName = try reader.value(f["channel"], in: row) else { continue }
                var numbers = NumberFields(item: "\(channelName) \(day) share")
                let share = numbers.decimal("share", try reader.value(f["share"], in: row), in: Self.share, measured: true)
                let change = numbers.decimal("change", try reader.value(f["change"], in: row), in: Self.change, measured: true)
                outcome.warnings += numbers.warnings(source: id, url: url)
                let channel = channelID(channelName)
                outcome.droppedValues += numbers.droppedValues(.share, id: ChannelShare.id(channel: channel, day: day))
                guard let share else { continue }
                outcome.extraction.shares.append(ChannelShare(
                    channel: channel, channelName: channelName, day: day, share: share, change: change, provenance: provenance))
            }
        }
        if let table = section.news, let rows = table.rows {
            for row in try rows.select(from: root, values: reader.values) {
                let f = table.fields
                guard let title = try reader.value(f["title"], in: row) else { continue }
                var published: Timestamp?
                if let text = try reader.value(f["published"], in: row), let parts = (f["published"]?.format ?? Self.publishedFormat).parse(text),
                   let time = ScheduleScraper.scheduleTime(parts, near: day, header: nil) {
                    published = ScheduleTimeline.resolve([ScheduleSlot(start: time)], day: day, zone: definition.zone, rules: TimelineRules(leadingPreviousDay: false)).first?.start
                }
                outcome.extraction.news.append(NewsItem(
                    title: title, summary: try reader.value(f["summary"], in: row), url: try reader.value(f["url"], in: row),
                    image: try reader.value(f["image"], in: row), published: published, day: day, provenance: provenance))
            }
        }
    }

    static let publishedFormat = try! DateTimeFormat("iso8601")

    /// The viewers an airing can have: none to the world's population.
    static let viewers = 0...10_000_000_000
    /// A share of viewing, in percent.
    static let share = 0.0...100.0
    /// A share's change against the week before, in percentage points.
    static let change = -100.0...100.0

    /// The channel id for a name as the page writes it: the definition's mapping, matched accent- and case-insensitively.
    func channelID(_ name: String) -> ChannelID {
        let folded = TextFolding.fold(name)
        if let match = section.channelNames.first(where: { TextFolding.fold($0.key) == folded }) { return ChannelID(match.value) }
        return ChannelID(TextFolding.words(name).joined())
    }
}
