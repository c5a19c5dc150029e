import CarteleraModel

extension SitePages {
    /// The listings index and a page per type and day, per genre and day, and per production decade: the engine's listings.
    func listingPages(_ emit: PageSink) {
        emit(listingsIndex())
        for type in ProgrammeType.allCases {
            dayListings(index.listings.byType[type] ?? [:], heading: typeLabel(type), showsType: false, emit) { SitePaths.type(type, $0) }
        }
        for genre in Genre.allCases {
            dayListings(index.listings.byGenre[genre] ?? [:], heading: genreLabel(genre), showsType: true, emit) { SitePaths.genre(genre, $0) }
        }
        for decade in index.listings.byDecade.keys.sorted() {
            let path = SitePaths.decade(decade)
            var sections: [PageEntries] = []
            var byDay: [Day: [Int]] = [:]
            for position in index.listings.byDecade[decade] ?? [] { byDay[index.listings.localDays[position], default: []].append(position) }
            for day in byDay.keys.sorted() {
                sections.append([("sectionHeading", .text(longDate(day))),
                                 ("programmes", .objects((byDay[day] ?? []).map { programmeRow($0, from: path, showsChannel: true, showsType: true) }))])
            }
            let heading = "\(labels["year"]) \(decade)–\(decade + 9)"
            emit(page(path, template: "listing", title: heading, [("heading", .text(heading)), ("sections", .objects(sections))]))
        }
    }

    /// The first day of a listing worth opening: today's when it has one, else the next, else the last.
    private func landingDay(_ days: some Collection<Day>) -> Day? {
        let today = zone.local(now).day
        return days.contains(today) ? today : days.filter { $0 > today }.min() ?? days.max()
    }

    /// One list's page per day (a type's or a genre's), each linking to the list's other days.
    private func dayListings(_ byDay: [Day: [Int]], heading: String, showsType: Bool, _ emit: PageSink, path: (Day) -> String) {
        let days = byDay.keys.sorted()
        let links = days.map { ($0, path($0)) }
        for day in days {
            emit(listing(path: path(day), heading: heading, day: day, days: links, positions: byDay[day] ?? [], showsType: showsType))
        }
    }

    private func listingsIndex() -> SitePage {
        let path = SitePaths.listings
        let root = SitePaths.up(from: path)
        let types = ProgrammeType.allCases.compactMap { type -> PageEntries? in
            guard let byDay = index.listings.byType[type], let day = landingDay(byDay.keys) else { return nil }
            return [("label", .text(typeLabel(type))), ("href", .text(root + SitePaths.type(type, day)))]
        }
        let genres = Genre.allCases.compactMap { genre -> PageEntries? in
            guard let byDay = index.listings.byGenre[genre], let day = landingDay(byDay.keys) else { return nil }
            return [("label", .text(genreLabel(genre))), ("href", .text(root + SitePaths.genre(genre, day)))]
        }
        let decades = index.listings.byDecade.keys.sorted().map { decade -> PageEntries in
            [("label", .text("\(decade)–\(decade + 9)")), ("href", .text(root + SitePaths.decade(decade))),
             ("count", .integer(index.listings.byDecade[decade]?.count ?? 0))]
        }
        let groups = [(labels["byType"], types), (labels["byGenre"], genres), (labels["byYear"], decades)].filter { !$0.1.isEmpty }.map { heading, items -> PageEntries in
            [("heading", .text(heading)), ("items", .objects(items))]
        }
        return page(path, template: "listings-index", title: labels["listingsTitle"], [("groups", .objects(groups))])
    }

    private func listing(path: String, heading: String, day: Day, days: [(Day, String)], positions: [Int], showsType: Bool) -> SitePage {
        let root = SitePaths.up(from: path)
        let dayLinks = days.map { other, otherPath -> PageEntries in
            [("text", .text(shortDate(other))), ("href", .text(root + otherPath)), ("selected", .flag(other == day))]
        }
        // A row does not repeat the heading: in the sport genre's list, a sport programme's type is left out.
        let rows = positions.map { programmeRow($0, from: path, showsChannel: true, showsType: showsType, hiddenType: heading, day: day) }
        return page(path, template: "listing", title: "\(heading) · \(longDate(day))", [
            ("heading", .text(heading)), ("dayText", .text(longDate(day))), ("days", .objects(dayLinks)),
            ("sections", .objects(rows.isEmpty ? [] : [[("programmes", .objects(rows))]])),
        ])
    }
}
