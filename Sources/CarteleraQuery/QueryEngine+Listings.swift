import CarteleraModel

/// The programmes of a query's answer as a guide lists them: each on the local day it starts on, in the guide's zone, by
/// channel, by type, by genre, and by production decade (1990 for 1990–1999).
///
/// One definition for every reader: a programme is on a day's listing when it starts that day where the guide is read, the
/// same as `cartelera query programmes --day D --window starts`. Positions index `rows`.
public struct ProgrammeListings: Sendable {
    /// Every programme of the answer, in (start, id) order.
    public let rows: [ProgrammeRow]
    /// Each row's start day in the zone.
    public let localDays: [Day]
    /// Each row's end, as now and next and windows count it: its stop, else the next start on its channel; nil when neither is known.
    public let ends: [Timestamp?]
    /// Positions by channel, then local day, by start.
    public let byChannel: [ChannelID: [Day: [Int]]]
    /// Positions by programme type, then local day.
    public let byType: [ProgrammeType: [Day: [Int]]]
    /// Positions by genre, then local day.
    public let byGenre: [Genre: [Day: [Int]]]
    /// Positions by production decade.
    public let byDecade: [Int: [Int]]
}

extension QueryEngine {
    /// Every programme `query` matches (its page and order aside: all of them, by start), listed by local day in `zone`.
    public func listings(_ query: Query, zone: ZoneConverter) -> ProgrammeListings {
        var all = query
        all.sorts = [.time]
        all.offset = 0
        let search = ProgrammeSearch(index: index.programmes)
        let matches = search.matches(all)
        let rows = matches.map { search.row($0) }
        let ends = matches.map { match in index.programmes.end(match.record).map { Timestamp(secondsSince1970: $0) } }
        var localDays: [Day] = []
        localDays.reserveCapacity(rows.count)
        var byChannel: [ChannelID: [Day: [Int]]] = [:]
        var byType: [ProgrammeType: [Day: [Int]]] = [:]
        var byGenre: [Genre: [Day: [Int]]] = [:]
        var byDecade: [Int: [Int]] = [:]
        for (position, row) in rows.enumerated() {
            let day = zone.local(row.start).day
            localDays.append(day)
            byChannel[row.channel, default: [:]][day, default: []].append(position)
            if let type = row.type { byType[type, default: [:]][day, default: []].append(position) }
            for genre in Set(row.genres) { byGenre[genre, default: [:]][day, default: []].append(position) }
            if let year = row.year, year > 0 { byDecade[year - year % 10, default: []].append(position) }
        }
        return ProgrammeListings(rows: rows, localDays: localDays, ends: ends, byChannel: byChannel, byType: byType, byGenre: byGenre, byDecade: byDecade)
    }

    /// The start of the programme that comes after the first `count` by (start, id); nil when there are no more. A guide that
    /// lists only the first `count` (a benchmark's site) lists those starting before it.
    public func startOfProgramme(after count: Int) -> Timestamp? {
        let programmes = index.programmes
        guard count >= 0, count < programmes.count else { return nil }
        return Timestamp(secondsSince1970: programmes.start[count])
    }
}
