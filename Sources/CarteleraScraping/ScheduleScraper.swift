import CarteleraFetch
import CarteleraMarkup
import CarteleraModel


/// Scrapes `tv-schedule` sources: one or more pages per channel and day, read by a definition.
public struct ScheduleScraper: Scraper {
    /// The validated definition this scraper runs.
    public let definition: CompiledDefinition
    let section: ScheduleSection
    /// The source's id.
    public var id: SourceID { definition.source }

    /// A scraper for a tv-schedule definition's section.
    init(definition: CompiledDefinition, section: ScheduleSection) {
        self.definition = definition
        self.section = section
    }

    /// Fetches every channel-day's page(s) concurrently and reads the programmes; failures are per channel-day.
    public func scrape(_ job: ScrapeJob, context: ScrapeContext) async -> ScrapeOutcome {
        let loader = PageLoader(fetcher: context.fetcher, source: id)
        let channels = definition.channels.filter { job.channels?.contains(ChannelID($0.id)) ?? true }
        var records: [Channel] = []
        // A channel listed once per language is one channel.
        for entry in channels where !records.contains(where: { $0.id.rawValue == entry.id }) { records.append(channel(entry)) }
        var outcome = ScrapeOutcome(extraction: Extraction(source: id, channels: records, days: job.days))
        let session: [String: String]
        do throws(ScrapeError) {
            session = try await definition.openSession(loader: loader, today: definition.dayZone.local(context.now).day)
        } catch {
            // Without the session no listing can be asked for: every channel-day fails with its cause.
            outcome.failures.append(error)
            return outcome
        }
        // Channel-days run concurrently; the fetch pipeline keeps each host polite.
        await withTaskGroup(of: (Int, Result<DayResult, ScrapeError>).self) { group in
            var index = 0
            for channel in channels {
                for day in job.days {
                    let position = index
                    group.addTask {
                        do throws(ScrapeError) {
                            return (position, .success(try await scrapeDay(channel: channel, day: day, loader: loader, now: context.now, session: session)))
                        } catch {
                            return (position, .failure(error))
                        }
                    }
                    index += 1
                }
            }
            var results: [(Int, Result<DayResult, ScrapeError>)] = []
            for await result in group { results.append(result) }
            results.sort { $0.0 < $1.0 }
            if definition.lastStop == .nextDay { results = lastStopsFromNextDays(results, days: job.days) }
            for (_, result) in results {
                switch result {
                case .success(let day):
                    outcome.extraction.programmes += day.programmes
                    outcome.coverage.append(day.coverage)
                    outcome.warnings += day.warnings
                    outcome.detailFailures += day.detailFailures
                case .failure(let error):
                    outcome.failures.append(error)
                }
            }
        }
        return outcome
    }

    /// Each day's last programme without a stop ends at the next day's first start, when the run read that day
    /// for the same channel; otherwise it gets `default_duration`, when set. Results are in (channel, day) order.
    private func lastStopsFromNextDays(_ results: [(Int, Result<DayResult, ScrapeError>)], days: [Day]) -> [(Int, Result<DayResult, ScrapeError>)] {
        var fixed = results
        for index in fixed.indices {
            guard case .success(var current) = fixed[index].1, let last = current.programmes.indices.last, current.programmes[last].stop == nil else { continue }
            let start = current.programmes[last].start
            var next: Timestamp?
            // The next result is the same channel's next day when the day list is consecutive there.
            let dayIndex = fixed[index].0 % max(1, days.count)
            if index + 1 < fixed.count, dayIndex + 1 < days.count, days[dayIndex + 1] == days[dayIndex].advanced(by: 1),
               case .success(let following) = fixed[index + 1].1, let first = following.programmes.first?.start, first > start {
                next = first
            }
            current.programmes[last].stop = next ?? definition.rules.defaultDuration.map { start.adding(seconds: Int64($0)) }
            fixed[index].1 = .success(current)
        }
        return fixed
    }

    struct DayResult: Sendable {
        var programmes: [Programme]
        var coverage: Coverage
        var warnings: [String]
        var detailFailures: [ScrapeError] = []
    }

    private func channel(_ entry: ChannelEntry) -> Channel {
        Channel(id: ChannelID(entry.id), name: entry.name, logo: entry.logo, website: definition.site, language: entry.lang, sources: [id])
    }

    /// Every page of one channel's day, read in page order.
    func scrapeDay(channel: ChannelEntry, day: Day, loader: PageLoader, now: Timestamp, session: [String: String] = [:]) async throws(ScrapeError) -> DayResult {
        var rows: [RawItem] = []
        var warnings: [String] = []
        let today = definition.dayZone.local(now).day
        for (request, values) in definition.scheduleRequestsWithValues(channel: channel, day: day, today: today, session: session) {
            try RequestBuilder.checkScheme(of: request, template: definition.request.url)
            let response = try await loader.response(request)
            if response.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { continue }
            let document: Document
            if let location = section.schedule.json {
                let table = section.schedule
                guard let root = try JSONInput.read(location, response: response, definition: definition, warnings: &warnings) else { continue }
                guard let html = table.html else {
                    rows += try readJSONRows(root, table: table, values: values, url: response.url)
                    continue
                }
                // Markup inside the JSON (an AJAX answer): its texts are one HTML page, read with the rows' selectors.
                let texts: [String]
                do throws(ScrapeMessage) { texts = try html.path(values).values(root: root, row: root).flatMap(JSONInput.texts) } catch {
                    throw ScrapeError(kind: .json, source: id, url: response.url, message: error.description)
                }
                guard !texts.isEmpty else {
                    warnings.append("\(id): \(response.url): no HTML text at schedule.html: read as a page listing nothing")
                    continue
                }
                let markup = FetchResponse(url: response.url, status: response.status, headers: ["content-type": "text/html; charset=utf-8"],
                                           body: Array(texts.joined(separator: "\n").utf8))
                document = try definition.document(from: markup, xml: false, warnings: &warnings)
            } else {
                document = try definition.document(from: response, xml: definition.format == .xml, warnings: &warnings)
            }
            do {
                rows += try readRows(document, values: values, baseURL: response.url, warnings: &warnings)
            } catch let error as ScrapeError {
                throw error
            } catch {
                throw ScrapeError(kind: .markup, source: id, url: response.url, message: "\(error)")
            }
        }
        if let unique = section.schedule.unique {
            // Answers that overlap list a programme twice: the first reading is kept.
            var seen = Set<String>()
            rows = rows.filter { row in row.first(unique).map { seen.insert($0).inserted } ?? true }
        }
        var detailFailures: [ScrapeError] = []
        if let detail = section.detail {
            rows = await withDetails(rows, detail: detail, channel: channel, day: day, today: today, session: session, loader: loader, failures: &detailFailures, warnings: &warnings)
        }
        var result = buildProgrammes(rows, channel: channel, day: day, warnings: warnings)
        result.detailFailures = detailFailures
        return result
    }

    /// The raw field values of one row, plus the page it came from.
    struct RawItem: Sendable {
        var fields: [String: [String]]
        var baseURL: String
        /// The day of the date header above the row, when the definition names headers.
        var headerDay: Day? = nil
        func first(_ name: String) -> String? { fields[name]?.first }
    }

    private func readRows(_ document: Document, values: PlaceholderValues, baseURL: String, warnings: inout [String]) throws -> [RawItem] {
        guard let root = document.root else { return [] }
        let table = section.schedule
        let reader = FieldReader(baseURL: baseURL, values: values)
        var items: [RawItem] = []
        if let grid = section.grid {
            guard let day = values.day else { return [] }
            for cell in try GridReader(grid: grid).cells(in: root, day: day, values: values) {
                var fields = try reader.row(table, node: cell.node)
                if fields["start"] == nil { fields["start"] = [try reader.value(grid.time, in: cell.timeNode) ?? cell.time] }
                items.append(RawItem(fields: fields, baseURL: baseURL))
            }
            return items
        }
        guard let selector = table.rows else { return [] }
        let rows = try selector.select(from: root, values: values)
        var rowDays: [Day?] = Array(repeating: nil, count: rows.count)
        if let header = table.dayHeader, let day = values.day {
            let headers = try DayHeaders.headers(in: root, header: header, reader: reader, asked: day, today: values.today ?? day)
            rowDays = DayHeaders.days(of: rows, headers: headers)
            if !rows.isEmpty, !rowDays.contains(day) { warnings.append(Self.missingSection(day, headers: headers, source: id, url: baseURL)) }
        }
        for (row, rowDay) in zip(rows, rowDays) {
            // With date headers, a row belongs to the day of the header before it: only the day asked for is read.
            if table.dayHeader != nil, rowDay != values.day { continue }
            var item = RawItem(fields: try reader.row(table, node: row), baseURL: baseURL)
            item.headerDay = rowDay
            items.append(item)
        }
        return items
    }

    /// Why no row of a page with date headers fell under the day asked for, from what its headers read as.
    static func missingSection(_ day: Day, headers: [DayHeaders.Header], source: SourceID, url: String) -> String {
        let prefix = "\(source): \(url): no day section for \(day)"
        guard let first = headers.first else { return "\(prefix): day_header matched no element" }
        let read = headers.compactMap(\.day)
        if read.isEmpty { return "\(prefix): none of the \(headers.count) headers reads with day_header's format (the first is \"\(first.text)\")" }
        let unread = headers.count - read.count
        return "\(prefix): the headers read as \(read.map(\.description).joined(separator: ", "))" + (unread > 0 ? " (\(unread) unreadable)" : "")
    }

    /// The rows a JSONPath reaches in `root`, with their fields; every failure names the source and URL.
    private func readJSONRows(_ root: JSONValue, table: CompiledTable, values: PlaceholderValues, url: String) throws(ScrapeError) -> [RawItem] {
        guard let rowsPath = table.jsonRows else { return [] }
        let reader = FieldReader(baseURL: url, values: values)
        do throws(ScrapeMessage) {
            return try rowsPath.path(values).values(root: root, row: root).map { row throws(ScrapeMessage) in
                RawItem(fields: try reader.row(table, json: root, row: row), baseURL: url)
            }
        } catch {
            throw ScrapeError(kind: .json, source: id, url: url, message: error.description)
        }
    }

    /// Fills each item from its detail page; a detail page that fails costs only its own fields, and is recorded in `failures`.
    private func withDetails(
        _ items: [RawItem], detail: CompiledDetail, channel: ChannelEntry, day: Day, today: Day, session: [String: String], loader: PageLoader,
        failures: inout [ScrapeError], warnings: inout [String]
    ) async -> [RawItem] {
        var result = items
        let table = CompiledTable(rows: nil, fields: detail.fields, order: detail.order)
        for (index, item) in items.enumerated() {
            var values = definition.placeholders(day: day, channel: channel, page: nil, today: today, session: session)
            values.fields = item.fields.compactMapValues { $0.first }
            guard let request = RequestBuilder.request(detail.spec, values: values, baseURL: item.baseURL, source: id, policy: definition.fetchPolicy) else { continue }
            do throws(ScrapeError) {
                let response = try await loader.response(request)
                guard !response.body.isEmpty else {
                    throw ScrapeError(kind: .markup, source: id, url: response.url, message: "detail page is empty")
                }
                let reader = FieldReader(baseURL: response.url, values: values)
                if let location = detail.json {
                    guard let json = try JSONInput.read(location, response: response, definition: definition, warnings: &warnings) else { continue }
                    do throws(ScrapeMessage) {
                        for (name, found) in try reader.row(table, json: json, row: json) { result[index].fields[name] = found }
                    } catch {
                        throw ScrapeError(kind: .json, source: id, url: response.url, message: "detail: \(error.description)")
                    }
                    continue
                }
                let document = try definition.document(from: response, xml: definition.format == .xml, warnings: &warnings)
                guard let root = document.root else { continue }
                do {
                    for (name, found) in try reader.row(table, node: root) { result[index].fields[name] = found }
                } catch {
                    throw ScrapeError(kind: .markup, source: id, url: response.url, message: "detail: \(error)")
                }
            } catch {
                failures.append(error)
            }
        }
        return result
    }

    private func buildProgrammes(_ items: [RawItem], channel: ChannelEntry, day: Day, warnings initial: [String]) -> DayResult {
        var warnings = initial
        let durationUnit = section.detail?.fields["duration"]?.unit ?? section.schedule.fields["duration"]?.unit
        var slots: [ScheduleSlot] = []
        var kept: [(item: RawItem, numbers: NumberFields)] = []
        for item in items {
            guard let title = item.first("title"), !title.isEmpty else { continue }
            if let dateText = item.first("date"), let problem = rowDateProblem(dateText, title: title, day: day) {
                warnings.append("\(id): \(item.baseURL): \(channel.id) \(day): \(problem)")
                continue
            }
            guard let startText = item.first("start"), let start = scheduleTime(startText, field: "start", day: day, header: item.first("date"), headerDay: item.headerDay) else {
                // Header rows and separators have no time: only a row with a title but an unreadable time is worth a warning.
                if let text = item.first("start") { warnings.append("\(id): \(item.baseURL): \(channel.id) \(day): unreadable start \"\(text)\" for \"\(title)\"") }
                continue
            }
            var numbers = NumberFields(item: "\(channel.id) \(day) \"\(title)\"")
            var slot = ScheduleSlot(start: start)
            if let stopText = item.first("stop") { slot.stop = scheduleTime(stopText, field: "stop", day: day, header: item.first("date"), headerDay: item.headerDay) }
            if slot.stop == nil { slot.duration = numbers.duration("duration", item.first("duration"), unit: durationUnit) }
            slots.append(slot)
            kept.append((item, numbers))
        }
        if definition.lastStop == .duration {
            // Only the last programme's length is used; the others end where the next one starts.
            for index in slots.indices.dropLast() { slots[index].duration = nil }
        }
        var rules = definition.rules
        if definition.lastStop != .defaultDuration { rules.defaultDuration = nil }
        var times = ScheduleTimeline.resolve(slots, day: day, zone: definition.zone, rules: rules)
        if definition.orderByStart {
            // Placed first in page order (rollover reads the page as written), then ordered; stops follow the new order.
            let order = times.indices.sorted { (times[$0].start, $0) < (times[$1].start, $1) }
            kept = order.map { kept[$0] }
            let placed = order.map { ScheduleSlot(start: .instant(times[$0].start), stop: slots[$0].stop, duration: slots[$0].duration) }
            times = ScheduleTimeline.resolve(placed, day: day, zone: definition.zone, rules: rules)
        }
        if definition.lastStop == .dayEnd, let last = times.indices.last, times[last].stop == nil {
            let end = definition.dayZone.instant(LocalDateTime(day: day.advanced(by: 1), secondOfDay: definition.rules.broadcastDayStart ?? 0))
            if end > times[last].start { times[last].stop = end }
        }
        let channelID = ChannelID(channel.id)
        let dayStart = definition.dayZone.instant(LocalDateTime(day: day, secondOfDay: 0))
        let dayEnd = definition.dayZone.instant(LocalDateTime(day: day.advanced(by: 1), secondOfDay: 0))
        var programmes: [Programme] = []
        programmes.reserveCapacity(kept.count)
        for ((item, numbers), time) in zip(kept, times) {
            if definition.keep == .requestedDay, definition.dayZone.local(time.start).day != day { continue }
            if definition.keep == .overlappingDay, !(time.start < dayEnd && (time.stop ?? time.start.adding(seconds: 1)) > dayStart) { continue }
            var numbers = numbers
            var stop = time.stop
            if let end = stop, !Timestamp.supported.contains(end.secondsSince1970) {
                // Only a duration reaches this far: every time read from the page is checked on its own.
                numbers.drop("duration", "\"\(item.first("duration") ?? "")\" ends the programme after the year 9999")
                stop = nil
            }
            programmes.append(programme(item, channel: channelID, start: time.start, stop: stop, numbers: &numbers))
            warnings += numbers.warnings(source: id, url: item.baseURL)
        }
        let from = min(dayStart, programmes.first?.start ?? dayStart)
        let to = max(dayEnd, programmes.map(\.start).max() ?? dayEnd)
        return DayResult(programmes: programmes, coverage: Coverage(channel: channelID, from: from, to: to), warnings: warnings)
    }

    private func programme(_ item: RawItem, channel: ChannelID, start: Timestamp, stop: Timestamp?, numbers: inout NumberFields) -> Programme {
        // A "type" field is one more of the source's labels: normalizing reads genres and the type from all of them.
        let categories = (item.fields["category"] ?? []) + (item.fields["categories"] ?? []) + (item.fields["type"] ?? [])
        return Programme(
            channel: channel, start: start, stop: stop, timeZone: definition.zone.identifier,
            title: item.first("title") ?? "",
            subtitle: item.first("subtitle") ?? item.first("sub_title"),
            description: item.first("description"),
            categories: categories,
            year: numbers.integer("year", item.first("year")),
            season: numbers.integer("season", item.first("season")),
            episode: numbers.integer("episode", item.first("episode")),
            image: item.first("image"),
            url: item.first("url"),
            directors: item.fields["directors"] ?? [],
            actors: item.fields["actors"] ?? [],
            guests: item.fields["guests"] ?? [],
            rating: item.first("rating").map { Rating(system: definition.ratingSystem, value: $0) },
            score: numbers.decimal("score", item.first("score"), in: 0...10),
            country: item.first("country"),
            language: item.first("language"),
            provenance: [Provenance(source: id, url: item.baseURL)],
            extras: extras(item))
    }

    /// The credits, images and keywords beyond the model's main fields, nil when the row has none.
    private func extras(_ item: RawItem) -> ProgrammeExtras? {
        let extras = ProgrammeExtras(
            writers: item.fields["writers"] ?? [], adapters: item.fields["adapters"] ?? [], producers: item.fields["producers"] ?? [],
            composers: item.fields["composers"] ?? [], editors: item.fields["editors"] ?? [], presenters: item.fields["presenters"] ?? [],
            commentators: item.fields["commentators"] ?? [], images: item.fields["images"] ?? [], keywords: item.fields["keywords"] ?? [])
        return extras.isEmpty ? nil : extras
    }

    /// Why a row's `date` cannot place it, if it cannot: its format does not read it, or it is more than a year from the
    /// day asked for (`-0001-11-26`). A row that only says the weekday or the day of the month is placed by its time.
    private func rowDateProblem(_ text: String, title: String, day: Day) -> String? {
        guard let format = section.schedule.fields["date"]?.format else { return nil }
        guard let parts = format.parse(text) else { return "unreadable date \"\(text)\" for \"\(title)\"" }
        guard parts.month != nil, parts.day != nil else { return nil }
        guard let date = Self.day(from: parts, near: day) else { return "unreadable date \"\(text)\" for \"\(title)\"" }
        guard abs(day.distance(to: date)) <= 366 else { return "date \"\(text)\" for \"\(title)\" is more than a year from the day asked for" }
        return nil
    }

    /// Reads a time field with its format into a schedule time.
    func scheduleTime(_ text: String, field: String, day: Day, header: String?, headerDay sectionDay: Day? = nil) -> ScheduleTime? {
        // A detail page's field replaces the listing's, so its format wins too.
        let compiled = section.detail?.fields[field] ?? section.schedule.fields[field]
        let format = compiled?.format ?? section.schedule.fields[field]?.format ?? Self.defaultTimeFormat
        guard let parts = format.parse(text) else { return nil }
        var headerDay = sectionDay
        if let header, let headerFormat = section.schedule.fields["date"]?.format, let headerParts = headerFormat.parse(header) {
            headerDay = Self.day(from: headerParts, near: day)
        }
        if compiled?.utc == true, parts.instant == nil, parts.offset == nil, let secondOfDay = parts.secondOfDay {
            // An offset-less UTC time: on its own date, else the row's or the one asked for.
            let date = Self.day(from: parts, near: day) ?? headerDay ?? day
            return Timestamp(checkedSecondsSince1970: Int64(date.daysSince1970) * 86_400 + Int64(secondOfDay)).map { .instant($0) }
        }
        return Self.scheduleTime(parts, near: day, header: headerDay)
    }

    static let defaultTimeFormat = try! DateTimeFormat("H:mm")

    /// The schedule time the parts describe; a date without a year takes the year nearest `near`.
    static func scheduleTime(_ parts: DateTimeParts, near day: Day, header: Day?) -> ScheduleTime? {
        if let instant = parts.instant { return .instant(instant) }
        guard let secondOfDay = parts.secondOfDay else { return nil }
        if let date = self.day(from: parts, near: day) {
            let local = LocalDateTime(day: date, secondOfDay: secondOfDay)
            if let offset = parts.offset {
                return Timestamp(checkedSecondsSince1970: Int64(date.daysSince1970) * 86_400 + Int64(secondOfDay) - Int64(offset)).map { .instant($0) }
            }
            return .local(local)
        }
        return .clock(secondOfDay: secondOfDay, day: header)
    }

    /// The day named by parts with at least a month and day; the year, when missing, is the one closest to `near`.
    static func day(from parts: DateTimeParts, near: Day) -> Day? {
        guard let month = parts.month, let dayOfMonth = parts.day else { return nil }
        if let year = parts.year { return Day(year: year, month: month, day: dayOfMonth) }
        let year = near.components.year
        let candidates = [year - 1, year, year + 1].compactMap { Day(year: $0, month: month, day: dayOfMonth) }
        return candidates.min { abs($0.distance(to: near)) < abs($1.distance(to: near)) }
    }
}
