import CarteleraModel

extension SitePages {
    /// The columns of a grid: five minutes each, so a day has 288 (276 or 300 across a clock change).
    static let gridSlotSeconds: Int64 = 300
    /// Channels per grid page: a large guide's day is split into pages a phone can open.
    static let gridChannelsPerPage = 50
    /// A programme without an end (the last of its channel) is drawn this long.
    static let gridDefaultSeconds: Int64 = 1_800
    /// A grid's day runs from 06:00 to 06:00 the next day, as TV guides count it: the small hours end the evening before.
    static let gridDayStartHour = 6

    /// The grid day an instant falls in: its local day, or the one before until 06:00.
    func gridDay(_ instant: Timestamp) -> Day {
        let local = zone.local(instant)
        return local.secondOfDay < Self.gridDayStartHour * 3600 ? local.day.advanced(by: -1) : local.day
    }

    /// The start of a grid day, 06:00 local time.
    func gridStart(_ day: Day) -> Timestamp { zone.instant(LocalDateTime(day: day, hour: Self.gridDayStartHour, minute: 0)) }

    /// The grid days a programme starts in, in order.
    func gridDays() -> [Day] {
        // Programmes are grouped by their local day and in start order, so a local day's first and last say which grid
        // days it has programmes in: the one before (until 06:00) and its own (from 06:00).
        var found = Set<Day>()
        for byDay in index.listings.byChannel.values {
            for positions in byDay.values {
                guard let first = positions.first, let last = positions.last else { continue }
                found.insert(gridDay(content.programmes[first].start))
                found.insert(gridDay(content.programmes[last].start))
            }
        }
        return found.sorted()
    }

    /// The TV grid of every grid day a programme starts in: channels down, hours across, a block per programme as wide
    /// as it lasts; one page per `gridChannelsPerPage` channels.
    func gridPages(_ days: [Day], _ emit: PageSink) {
        let parts = stride(from: 0, to: max(index.channelOrder.count, 1), by: Self.gridChannelsPerPage).map {
            Array(index.channelOrder[$0..<min(index.channelOrder.count, $0 + Self.gridChannelsPerPage)])
        }
        for (offset, day) in days.enumerated() {
            for part in parts.indices {
                emit(grid(day, part: part, of: parts, previous: offset > 0 ? days[offset - 1] : nil, next: offset + 1 < days.count ? days[offset + 1] : nil))
            }
        }
    }

    /// The grid of `day` for the channels of `parts[part]`.
    func grid(_ day: Day, part: Int, of parts: [[ChannelID]], previous: Day?, next: Day?) -> SitePage {
        let path = SitePaths.grid(day, part: part)
        let root = SitePaths.up(from: path)
        let dayStart = gridStart(day), dayEnd = gridStart(day.advanced(by: 1))
        let slots = max(1, Int((dayEnd.secondsSince1970 - dayStart.secondsSince1970) / Self.gridSlotSeconds))
        let current = dayStart <= now && now < dayEnd ? Int((now.secondsSince1970 - dayStart.secondsSince1970) / Self.gridSlotSeconds) : nil
        var hours: [PageEntries] = []
        var slot = 0
        while slot < slots {
            let width = min(12, slots - slot)
            let instant = dayStart.adding(seconds: Int64(slot) * Self.gridSlotSeconds)
            hours.append([("text", .text(time(instant))), ("iso", .text(instant.iso8601)), ("span", .integer(width))])
            slot += width
        }
        var rows: [PageEntries] = []
        for channel in parts[part] {
            guard let cells = gridCells(channel, day: day, from: dayStart, to: dayEnd, slots: slots, path: path) else { continue }
            let days = index.listings.byChannel[channel] ?? [:]
            let channelDay = days[day] != nil ? day : days.keys.filter { $0 > day }.min() ?? days.keys.max() ?? day
            rows.append([("channelName", .text(channelName(channel))), ("channelHref", .text(root + SitePaths.channelDay(channel, channelDay))), ("cells", .objects(cells))])
        }
        var values: PageEntries = [
            ("heading", .text(labels["gridTitle"])), ("dayText", .text(longDate(day))), ("hours", .objects(hours)), ("rows", .objects(rows)),
            ("slots", .integer(slots)), ("startEpoch", .integer(Int(dayStart.secondsSince1970))), ("endEpoch", .integer(Int(dayEnd.secondsSince1970))),
            ("slotSeconds", .integer(Int(Self.gridSlotSeconds))), ("nowISO", .text(now.iso8601)), ("nowText", .text(dateTime(now))),
            ("zone", .text(zone.identifier)), ("hoursClass", .text("h\(slots)")),
            // A row of one empty cell per slot: every column has a cell starting in it (as valid tables must), and the line
            // at the current time is drawn from the left edge of the slot's cell.
            ("ruler", .list((0..<slots).map { .flag($0 == current) })), ("lineHidden", .flag(current == nil)),
            ("tvHref", .text(root + SitePaths.tv)),
        ]
        if let previous { values.append(("previous", dayLink(root + SitePaths.grid(previous, part: 0), previous))) }
        if let next { values.append(("next", dayLink(root + SitePaths.grid(next, part: 0), next))) }
        if parts.count > 1 {
            var first = 1
            values.append(("parts", .objects(parts.enumerated().map { offset, channels -> PageEntries in
                defer { first += channels.count }
                return [("text", .text("\(first)–\(first + channels.count - 1)")), ("href", .text(root + SitePaths.grid(day, part: offset))),
                        ("selected", .flag(offset == part))]
            })))
        }
        return page(path, template: "tv-grid", title: "\(labels["gridTitle"]) · \(longDate(day))", values)
    }

    /// A channel's row of a grid day: its programmes that overlap it as blocks of whole slots, in order, with empty cells
    /// for the gaps, together spanning exactly `slots` columns; nil when no programme of the channel overlaps the day.
    private func gridCells(_ channel: ChannelID, day: Day, from dayStart: Timestamp, to dayEnd: Timestamp, slots: Int, path: String) -> [PageEntries]? {
        let byDay = index.listings.byChannel[channel] ?? [:]
        // The day's programmes, the next day's small hours, and the night before's last ones, which may still be on at 06:00.
        let positions = (byDay[day.advanced(by: -1)]?.suffix(2) ?? []) + (byDay[day] ?? []) + (byDay[day.advanced(by: 1)] ?? [])
        let root = SitePaths.up(from: path)
        var cells: [PageEntries] = []
        var programmes = 0
        var cursor = 0
        func slot(_ instant: Timestamp) -> Int {
            let seconds = instant.secondsSince1970 - dayStart.secondsSince1970
            return Int((seconds + Self.gridSlotSeconds / 2) / Self.gridSlotSeconds)
        }
        for position in positions {
            let programme = content.programmes[position]
            let stop = index.listings.ends[position] ?? programme.start.adding(seconds: Self.gridDefaultSeconds)
            guard stop > dayStart, programme.start < dayEnd else { continue }
            let first = max(cursor, slot(max(programme.start, dayStart)))
            let last = min(slots, max(first + 1, slot(min(stop, dayEnd))))
            guard first < last else { continue }
            if first > cursor { cells.append([("span", .integer(first - cursor)), ("isGap", .flag(true))]) }
            cells.append([
                ("span", .integer(last - first)), ("title", .text(programme.title)), ("href", .text(root + SitePaths.programme(programme.id))),
                ("time", .text(time(programme.start, on: day))), ("startISO", .text(programme.start.iso8601)),
                ("start", .integer(Int(programme.start.secondsSince1970))), ("stop", .integer(Int(stop.secondsSince1970))),
                ("isGap", .flag(false)), ("current", .flag(programme.start <= now && now < stop)),
            ])
            programmes += 1
            cursor = last
        }
        guard programmes > 0 else { return nil }
        if cursor < slots { cells.append([("span", .integer(slots - cursor)), ("isGap", .flag(true))]) }
        return cells
    }
}
