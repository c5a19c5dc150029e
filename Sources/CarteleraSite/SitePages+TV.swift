import CarteleraModel
import CarteleraQuery

extension SitePages {
    /// TV now (all channels and each configured channel list), every channel's days and every programme.
    func tvPages(_ emit: PageSink) {
        let grids = gridDays()
        let gridSet = Set(grids)
        emit(tvNow(path: SitePaths.tv, channels: index.channelOrder, listName: nil, grids: gridSet))
        gridPages(grids, emit)
        for name in channelLists.keys.sorted() {
            let wanted = Set(channelLists[name] ?? [])
            emit(tvNow(path: SitePaths.channelList(name), channels: index.channelOrder.filter { wanted.contains($0) }, listName: name, grids: gridSet))
        }
        for (order, channel) in index.channelOrder.enumerated() {
            let days = (index.listings.byChannel[channel] ?? [:]).keys.sorted()
            for (offset, day) in days.enumerated() {
                // The grid from 06:00 on the day, else (a day with only small hours) the one before.
                emit(channelDay(channel, day, previous: offset > 0 ? days[offset - 1] : nil, next: offset + 1 < days.count ? days[offset + 1] : nil,
                                grid: gridSet.contains(day) ? day : day.advanced(by: -1), gridPart: order / Self.gridChannelsPerPage))
            }
        }
    }

    /// The link to a programme's page from a page at `root`, when the site gives it one.
    private func programmeHref(_ id: ProgrammeID, root: String) -> String? {
        index.positions[id] == nil ? nil : root + SitePaths.programme(id)
    }

    /// How far ahead a TV now page carries each channel's schedule, so that its script can follow the reader's clock
    /// until the next build (cron runs every few hours) and well past it.
    static let liveHorizonSeconds: Int64 = 12 * 3600

    /// The channel's programmes from the one on the air at `now` to `liveHorizonSeconds` later, as the TV now page's
    /// script reads them (links in a `<template>`, with their times in seconds since 1970), linked from `root`.
    func upcoming(_ channel: ChannelID, root: String) -> [PageEntries] {
        let today = zone.local(now).day
        let horizon = now.adding(seconds: Self.liveHorizonSeconds)
        var entries: [PageEntries] = []
        for day in [today.advanced(by: -1), today, today.advanced(by: 1)] {
            for position in index.listings.byChannel[channel]?[day] ?? [] {
                let programme = content.programmes[position]
                guard let stop = index.listings.ends[position], stop > now, programme.start < horizon else { continue }
                entries.append([
                    ("start", .integer(Int(programme.start.secondsSince1970))), ("stop", .integer(Int(stop.secondsSince1970))), ("title", .text(programme.title)),
                    ("href", .text(root + SitePaths.programme(programme.id))), ("time", .text(time(programme.start))), ("startISO", .text(programme.start.iso8601)),
                ])
            }
        }
        return entries
    }

    func tvNow(path: String, channels: [ChannelID], listName: String?, grids: Set<Day>) -> SitePage {
        let root = SitePaths.up(from: path)
        let today = zone.local(now).day
        var rows: [PageEntries] = []
        for channel in channels {
            // Now and next are the engine's: what `cartelera now` and `/api/now` answer at the same moment.
            guard let answer = index.nowAndNext[channel], answer.now != nil || answer.next != nil else { continue }
            var row: PageEntries = [("channelName", .text(answer.channelName)), ("channelID", .text(channel.rawValue)), ("upcoming", .objects(upcoming(channel, root: root)))]
            let days = index.listings.byChannel[channel] ?? [:]
            // What is on now is marked on the page of the day it started (after midnight, often yesterday's).
            if let current = answer.now.flatMap({ index.positions[$0.id] }) {
                row.append(("channelHref", .text(root + SitePaths.channelDay(channel, index.listings.localDays[current]) + "#now")))
            } else if let day = days[today] != nil ? today : days.keys.min() {
                row.append(("channelHref", .text(root + SitePaths.channelDay(channel, day))))
            }
            if let current = answer.now {
                var cell: PageEntries = [("title", .text(current.title))]
                if let href = programmeHref(current.id, root: root) { cell.append(("href", .text(href))) }
                if let minutes = current.minutesLeft { cell.append(("left", .object([("minutes", .integer(minutes))]))) }
                row.append(("now", .object(cell)))
            }
            if let next = answer.next {
                var cell: PageEntries = [("title", .text(next.title)), ("time", .text(time(next.start))), ("startISO", .text(next.start.iso8601))]
                if let href = programmeHref(next.id, root: root) { cell.append(("href", .text(href))) }
                row.append(("next", .object(cell)))
            }
            rows.append(row)
        }
        var lists: [PageEntries] = [[("name", .text(labels["allChannels"])), ("href", .text(root + SitePaths.tv)), ("selected", .flag(listName == nil))]]
        for name in channelLists.keys.sorted() {
            lists.append([("name", .text(name)), ("href", .text(root + SitePaths.channelList(name))), ("selected", .flag(listName == name))])
        }
        let channelLinks = channels.compactMap { channel -> PageEntries? in
            let days = index.listings.byChannel[channel] ?? [:]
            guard let day = days[today] != nil ? today : days.keys.min() else { return nil }
            return [("name", .text(channelName(channel))), ("href", .text(root + SitePaths.channelDay(channel, day)))]
        }
        let heading = listName.map { "\(labels["tvTitle"]): \($0)" } ?? labels["tvTitle"]
        var values: PageEntries = [
            ("heading", .text(heading)), ("nowISO", .text(now.iso8601)), ("nowText", .text(dateTime(now))), ("zone", .text(zone.identifier)),
            ("rows", .objects(rows)), ("lists", .objects(lists)), ("channels", .objects(channelLinks)),
        ]
        // The grid with now on it, when the build made one.
        if grids.contains(gridDay(now)) { values.append(("gridHref", .text(root + SitePaths.grid(gridDay(now))))) }
        return page(path, template: "tv-now", title: heading, values)
    }

    func channelDay(_ channel: ChannelID, _ day: Day, previous: Day?, next: Day?, grid: Day, gridPart: Int) -> SitePage {
        let path = SitePaths.channelDay(channel, day)
        let root = SitePaths.up(from: path)
        let current = index.nowAndNext[channel]?.now.flatMap { index.positions[$0.id] }
        let positions = index.listings.byChannel[channel]?[day] ?? []
        // Each row says when it is on the air, for the script that keeps "on now" at the reader's time.
        let rows = positions.map { position -> PageEntries in
            var row = programmeRow(position, from: path, showsChannel: false, showsType: true, current: position == current)
            if let stop = index.listings.ends[position] {
                row.append(("startEpoch", .integer(Int(content.programmes[position].start.secondsSince1970))))
                row.append(("stopEpoch", .integer(Int(stop.secondsSince1970))))
            }
            return row
        }
        let name = channelName(channel)
        // Not "channelName": the rows would find the page's in their context and repeat it on every line.
        var values: PageEntries = [
            ("heading", .text(name)), ("dayText", .text(longDate(day))), ("programmes", .objects(rows)), ("hasCurrent", .flag(current.map(positions.contains) ?? false)),
            ("live", .flag(true)), ("gridHref", .text(root + SitePaths.grid(grid, part: gridPart))),
        ]
        if let previous { values.append(("previous", dayLink(root + SitePaths.channelDay(channel, previous), previous))) }
        if let next { values.append(("next", dayLink(root + SitePaths.channelDay(channel, next), next))) }
        return page(path, template: "channel-day", title: "\(name) · \(longDate(day))", values)
    }

    /// A link to another day's page, named by the day's short name.
    func dayLink(_ href: String, _ day: Day) -> PageValue {
        .object([("href", .text(href)), ("text", .text(shortDate(day)))])
    }

    /// A programme's page: its facts, synopsis, image and other airings, with schema.org JSON-LD.
    func programmePage(_ position: Int) -> SitePage {
        let programme = content.programmes[position]
        let path = SitePaths.programme(programme.id)
        let root = SitePaths.up(from: path)
        let day = index.listings.localDays[position]
        let stop = index.listings.ends[position]
        // The page's title is the frame's.
        var values: PageEntries = [
            ("startISO", .text(programme.start.iso8601)), ("when", .text(dateTime(programme.start))),
            ("channelName", .text(channelName(programme.channel))), ("channelHref", .text(root + SitePaths.channelDay(programme.channel, day))),
        ]
        values.reserveCapacity(24)
        if let subtitle = programme.subtitle, !subtitle.isEmpty { values.append(("subtitle", .text(subtitle))) }
        if let stop { values.append(("stopText", .text(time(stop, on: day)))) }
        if let type = programme.type, let typeDay = index.listings.byType[type]?[day] != nil ? day : nil {
            values.append(("typeLabel", .text(typeLabel(type))))
            values.append(("typeHref", .text(root + SitePaths.type(type, typeDay))))
        }
        let genres = Array(Set(programme.genres)).sorted()
        values.append(("genres", .list(genres.enumerated().map { offset, genre in
            .object([("label", .text(genreLabel(genre))), ("href", .text(root + SitePaths.genre(genre, day))), ("last", .flag(offset == genres.count - 1))])
        })))
        if let year = programme.year, year > 0 {
            values.append(("year", .text(String(year))))
            values.append(("yearHref", .text(root + SitePaths.decade(year - year % 10))))
        }
        if let score = programme.score { values.append(("score", .text(decimal(score)))) }
        if let rating = programme.rating { values.append(("rating", .text([rating.system, rating.value].compactMap { $0 }.joined(separator: " ")))) }
        if let season = programme.season, let episode = programme.episode {
            values.append(("episode", .text("\(labels["season"]) \(season) · \(labels["episode"]) \(episode)")))
        } else if let episode = programme.episode {
            values.append(("episode", .text(String(episode))))
        }
        if let description = programme.description, !description.isEmpty { values.append(("synopsis", .text(description))) }
        if let still = programme.image { values.append(("image", image(still, alt: "\(labels["imageOf"]) \(programme.title)", kind: .still))) }
        if let link = programme.url { values.append(("link", .text(link))) }
        var people: [PageValue] = []
        if !programme.directors.isEmpty { people.append(.object([("role", .text(labels["directors"])), ("names", .text(programme.directors.joined(separator: ", ")))])) }
        if !programme.actors.isEmpty { people.append(.object([("role", .text(labels["actors"])), ("names", .text(programme.actors.prefix(12).joined(separator: ", ")))])) }
        values.append(("people", .list(people)))
        // Its other airings are the engine's, as `cartelera airings` answers at the build's moment, itself left out.
        let others = (index.airings[programme.title] ?? []).filter { $0.position != position }.prefix(ContentIndex.airingsShown)
        values.append(("airings", .list(others.map { airing in
            var entry: PageEntries = [
                ("when", .text(shortDateTime(airing.start))), ("startISO", .text(airing.start.iso8601)), ("channelName", .text(airing.channelName)),
            ]
            if let other = airing.position { entry.append(("href", .text(root + SitePaths.programme(index.listings.rows[other].id)))) }
            return .object(entry)
        })))
        return page(path, template: "programme", title: programme.title, jsonLD: SiteJSON.script(programmeJSONLD(programme, stop: stop)), values)
    }

    private func programmeJSONLD(_ programme: Programme, stop: Timestamp?) -> PageEntries {
        var work: PageEntries = [
            ("@type", .text(programme.type == .film ? "Movie" : programme.type == .series ? "TVSeries" : "CreativeWork")), ("name", .text(programme.title)),
        ]
        if let description = programme.description, !description.isEmpty { work.append(("description", .text(description))) }
        if let image = programme.image { work.append(("image", .text(image))) }
        if !programme.genres.isEmpty { work.append(("genre", .list(programme.genres.map { .text(genreLabel($0)) }))) }
        if let year = programme.year { work.append(("dateCreated", .text(String(year)))) }
        var event: PageEntries = [
            ("@type", .text("BroadcastEvent")), ("name", .text(programme.title)), ("startDate", .text(programme.start.iso8601)), ("workPerformed", .object(work)),
            ("publishedOn", .object([("@type", .text("BroadcastService")), ("name", .text(channelName(programme.channel)))])),
        ]
        if let stop { event.append(("endDate", .text(stop.iso8601))) }
        return event
    }
}
