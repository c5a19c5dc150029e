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
    func upcoming(_ channel: ChannelID, root: String) -> [[String: Any]] {
        let today = zone.local(now).day
        let horizon = now.adding(seconds: Self.liveHorizonSeconds)
        var entries: [[String: Any]] = []
        for day in [today.advanced(by: -1), today, today.advanced(by: 1)] {
            for position in index.listings.byChannel[channel]?[day] ?? [] {
                let programme = content.programmes[position]
                guard let stop = index.listings.ends[position], stop > now, programme.start < horizon else { continue }
                entries.append(["start": Int(programme.start.secondsSince1970), "stop": Int(stop.secondsSince1970), "title": programme.title,
                                "href": root + SitePaths.programme(programme.id), "time": time(programme.start), "startISO": programme.start.iso8601])
            }
        }
        return entries
    }

    func tvNow(path: String, channels: [ChannelID], listName: String?, grids: Set<Day>) -> SitePage {
        let root = SitePaths.up(from: path)
        let today = zone.local(now).day
        var rows: [[String: Any]] = []
        for channel in channels {
            // Now and next are the engine's: what `cartelera now` and `/api/now` answer at the same moment.
            guard let answer = index.nowAndNext[channel], answer.now != nil || answer.next != nil else { continue }
            var row: [String: Any] = ["channelName": answer.channelName, "channelID": channel.rawValue, "upcoming": upcoming(channel, root: root)]
            let days = index.listings.byChannel[channel] ?? [:]
            // What is on now is marked on the page of the day it started (after midnight, often yesterday's).
            if let current = answer.now.flatMap({ index.positions[$0.id] }) {
                row["channelHref"] = root + SitePaths.channelDay(channel, index.listings.localDays[current]) + "#now"
            } else if let day = days[today] != nil ? today : days.keys.min() {
                row["channelHref"] = root + SitePaths.channelDay(channel, day)
            }
            if let current = answer.now {
                var cell: [String: Any] = ["title": current.title]
                if let href = programmeHref(current.id, root: root) { cell["href"] = href }
                if let minutes = current.minutesLeft { cell["left"] = ["minutes": minutes] as [String: Any] }
                row["now"] = cell
            }
            if let next = answer.next {
                var cell: [String: Any] = ["title": next.title, "time": time(next.start), "startISO": next.start.iso8601]
                if let href = programmeHref(next.id, root: root) { cell["href"] = href }
                row["next"] = cell
            }
            rows.append(row)
        }
        var lists: [[String: Any]] = [["name": labels["allChannels"], "href": root + SitePaths.tv, "selected": listName == nil]]
        for name in channelLists.keys.sorted() {
            lists.append(["name": name, "href": root + SitePaths.channelList(name), "selected": listName == name])
        }
        let channelLinks = channels.compactMap { channel -> [String: Any]? in
            let days = index.listings.byChannel[channel] ?? [:]
            guard let day = days[today] != nil ? today : days.keys.min() else { return nil }
            return ["name": channelName(channel), "href": root + SitePaths.channelDay(channel, day)]
        }
        let heading = listName.map { "\(labels["tvTitle"]): \($0)" } ?? labels["tvTitle"]
        var values: [String: Any] = [
            "heading": heading, "nowISO": now.iso8601, "nowText": dateTime(now), "zone": zone.identifier, "rows": rows, "lists": lists,
            "channels": channelLinks,
        ]
        // The grid with now on it, when the build made one.
        if grids.contains(gridDay(now)) { values["gridHref"] = root + SitePaths.grid(gridDay(now)) }
        return page(path, template: "tv-now", title: heading, values)
    }

    func channelDay(_ channel: ChannelID, _ day: Day, previous: Day?, next: Day?, grid: Day, gridPart: Int) -> SitePage {
        let path = SitePaths.channelDay(channel, day)
        let root = SitePaths.up(from: path)
        let current = index.nowAndNext[channel]?.now.flatMap { index.positions[$0.id] }
        let positions = index.listings.byChannel[channel]?[day] ?? []
        // Each row says when it is on the air, for the script that keeps "on now" at the reader's time.
        let rows = positions.map { position -> [String: Any] in
            var row = programmeRow(position, from: path, showsChannel: false, showsType: true, current: position == current)
            if let stop = index.listings.ends[position] {
                row["startEpoch"] = Int(content.programmes[position].start.secondsSince1970)
                row["stopEpoch"] = Int(stop.secondsSince1970)
            }
            return row
        }
        let name = channelName(channel)
        // Not "channelName": the rows would find the page's in their context and repeat it on every line.
        var values: [String: Any] = ["heading": name, "dayText": longDate(day), "programmes": rows, "hasCurrent": current.map(positions.contains) ?? false,
                                     "live": true, "gridHref": root + SitePaths.grid(grid, part: gridPart)]
        if let previous { values["previous"] = ["href": root + SitePaths.channelDay(channel, previous), "text": shortDate(previous)] }
        if let next { values["next"] = ["href": root + SitePaths.channelDay(channel, next), "text": shortDate(next)] }
        return page(path, template: "channel-day", title: "\(name) · \(longDate(day))", values)
    }

    /// A programme's page: its facts, synopsis, image and other airings, with schema.org JSON-LD.
    func programmePage(_ position: Int) -> SitePage {
        let programme = content.programmes[position]
        let path = SitePaths.programme(programme.id)
        let root = SitePaths.up(from: path)
        let day = index.listings.localDays[position]
        let stop = index.listings.ends[position]
        var values: [String: Any] = [
            "title": programme.title, "startISO": programme.start.iso8601, "when": dateTime(programme.start),
            "channelName": channelName(programme.channel), "channelHref": root + SitePaths.channelDay(programme.channel, day),
        ]
        if let subtitle = programme.subtitle, !subtitle.isEmpty { values["subtitle"] = subtitle }
        if let stop { values["stopText"] = time(stop, on: day) }
        if let type = programme.type, let typeDay = index.listings.byType[type]?[day] != nil ? day : nil {
            values["typeLabel"] = typeLabel(type)
            values["typeHref"] = root + SitePaths.type(type, typeDay)
        }
        let genres = Array(Set(programme.genres)).sorted()
        values["genres"] = genres.enumerated().map { offset, genre in
            ["label": genreLabel(genre), "href": root + SitePaths.genre(genre, day), "last": offset == genres.count - 1] as [String: Any]
        }
        if let year = programme.year, year > 0 {
            values["year"] = String(year)
            values["yearHref"] = root + SitePaths.decade(year - year % 10)
        }
        if let score = programme.score { values["score"] = decimal(score) }
        if let rating = programme.rating { values["rating"] = [rating.system, rating.value].compactMap { $0 }.joined(separator: " ") }
        if let season = programme.season, let episode = programme.episode {
            values["episode"] = "\(labels["season"]) \(season) · \(labels["episode"]) \(episode)"
        } else if let episode = programme.episode {
            values["episode"] = String(episode)
        }
        if let description = programme.description, !description.isEmpty { values["synopsis"] = description }
        if let still = programme.image { values["image"] = image(still, alt: "\(labels["imageOf"]) \(programme.title)", kind: .still) }
        if let link = programme.url { values["link"] = link }
        var people: [[String: Any]] = []
        if !programme.directors.isEmpty { people.append(["role": labels["directors"], "names": programme.directors.joined(separator: ", ")]) }
        if !programme.actors.isEmpty { people.append(["role": labels["actors"], "names": programme.actors.prefix(12).joined(separator: ", ")]) }
        values["people"] = people
        // Its other airings are the engine's, as `cartelera airings` answers at the build's moment, itself left out.
        let others = (index.airings[programme.title] ?? []).filter { $0.position != position }.prefix(ContentIndex.airingsShown)
        values["airings"] = others.map { airing -> [String: Any] in
            var entry: [String: Any] = ["when": shortDateTime(airing.start), "startISO": airing.start.iso8601, "channelName": airing.channelName]
            if let other = airing.position { entry["href"] = root + SitePaths.programme(index.listings.rows[other].id) }
            return entry
        }
        return page(path, template: "programme", title: programme.title, jsonLD: programmeJSONLD(programme, stop: stop), values)
    }

    private func programmeJSONLD(_ programme: Programme, stop: Timestamp?) -> [String: Any] {
        var work: [String: Any] = ["@type": programme.type == .film ? "Movie" : programme.type == .series ? "TVSeries" : "CreativeWork", "name": programme.title]
        if let description = programme.description, !description.isEmpty { work["description"] = description }
        if let image = programme.image { work["image"] = image }
        if !programme.genres.isEmpty { work["genre"] = programme.genres.map(genreLabel) }
        if let year = programme.year { work["dateCreated"] = String(year) }
        var event: [String: Any] = [
            "@type": "BroadcastEvent", "name": programme.title, "startDate": programme.start.iso8601, "workPerformed": work,
            "publishedOn": ["@type": "BroadcastService", "name": channelName(programme.channel)] as [String: Any],
        ]
        if let stop { event["endDate"] = stop.iso8601 }
        return event
    }
}
