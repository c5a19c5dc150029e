import CarteleraModel
import CarteleraQuery
import CarteleraSite
import CarteleraStore
import CarteleraTesting
import Foundation

/// A small store with hostile strings among ordinary ones, and the site built from it into a temporary folder.
final class SiteFixture: @unchecked Sendable {
    let folder: TemporaryFolder
    let store: FileStore
    let madrid = ZoneConverter(identifier: "Europe/Madrid")!
    let web: WebFolder
    /// 2026-11-25 18:00 in Madrid.
    let now: Timestamp
    static let days = [Day(year: 2026, month: 11, day: 24)!, Day(year: 2026, month: 11, day: 25)!, Day(year: 2026, month: 11, day: 26)!]
    static let hostile = "<script>alert('x')</script><img src=x onerror=alert(1)>\u{2028}</script>\"'&"

    var output: String { folder.path + "/public" }

    /// The fixture; with `secondCity`, a club in Bilbao with a night this evening beside Madrid's, and one in Valencia
    /// with none; with `places`, two nights at places events only name (a square, a street address) and a club known only
    /// by its name, address and city.
    init(secondCity: Bool = false, places: Bool = false) throws {
        folder = try TemporaryFolder("site")
        store = try FileStore(root: folder.path + "/store", indexer: QueryIndexer())
        web = try WebFolder(path: RepositoryPaths.packageRoot() + "/Web")
        now = madrid.instant(LocalDateTime(day: Self.days[1], hour: 18, minute: 0))
        try commit(programmes: Self.days.flatMap { day in self.schedule(channel: "La1.es", day: day) + self.schedule(channel: "La2.es", day: day) })
        try commitNightlife(secondCity: secondCity, places: places)
    }

    /// Four programmes a day: a film at 22:00 with a hostile title and links on La 2's second day.
    func schedule(channel: ChannelID, day: Day, titleSuffix: String = "") -> [Programme] {
        let source = [Provenance(source: "guia.example")]
        func at(_ hour: Int) -> Timestamp { madrid.instant(LocalDateTime(day: day, hour: hour, minute: 0)) }
        let hostileDay = channel == "La2.es" && day == Self.days[1]
        return [
            Programme(channel: channel, start: at(7), stop: at(10), timeZone: "Europe/Madrid", title: "Telediario" + titleSuffix, genres: [.news], type: .news,
                      provenance: source),
            Programme(channel: channel, start: at(10), stop: at(18), timeZone: "Europe/Madrid", title: "Deportes en directo", genres: [.sport], type: .sport,
                      provenance: source),
            Programme(channel: channel, start: at(18), stop: at(22), timeZone: "Europe/Madrid", title: "Cine: Acción en Alcalá", genres: [.action],
                      type: .film, year: 1998, score: 6.5, provenance: source),
            Programme(channel: channel, start: at(22), stop: at(23) .adding(seconds: 3600), timeZone: "Europe/Madrid",
                      title: hostileDay ? Self.hostile : "La noche", description: hostileDay ? Self.hostile : "Tertulia.", genres: [.talkShow], type: .show,
                      image: hostileDay ? "javascript:alert(1)" : "https://img.example/noche.jpg", url: hostileDay ? "data:text/html,<script>alert(1)</script>" : nil,
                      provenance: source),
        ]
    }

    func commit(programmes: [Programme]) throws {
        var shards = ShardContent.programmeShards(programmes)
        shards[.channels] = .channels([Channel(id: "La1.es", name: "La 1"), Channel(id: "La2.es", name: "La 2 <b>bold</b>")])
        try commit(shards)
    }

    func commitNightlife(secondCity: Bool = false, places: Bool = false) throws {
        let source = [Provenance(source: "noche.example")]
        let sol = Venue(id: VenueID("madrid/sala-el-sol"), name: "Sala El Sol", address: "Calle de los Jardines 3", city: "Madrid",
                        location: GeoPoint(latitude: 40.4196, longitude: -3.7017), musicGenres: [.indie, .rock], freeEntry: false, rating: 4.4, ratingCount: 120,
                        website: "https://salaelsol.example/", provenance: source)
        let bad = Venue(id: VenueID("madrid/malo"), name: Self.hostile, address: "Calle " + Self.hostile, city: "Madrid", musicGenres: [.techno], freeEntry: true, rating: 3.1,
                        images: ["javascript:alert(1)"], website: "javascript:alert(1)", provenance: source)
        let evening = Self.days[1]
        let doors = madrid.instant(LocalDateTime(day: evening.advanced(by: 1), hour: 0, minute: 30))
        let indie = Night(venue: sol.id, date: evening, title: "Noche Indie", doors: doors, timeZone: "Europe/Madrid", musicGenres: [.indie],
                          flyer: "https://img.example/indie.jpg", price: "10 €", provenance: source)
        let evil = Night(venue: bad.id, date: evening, title: Self.hostile, doors: doors, timeZone: "Europe/Madrid", lineup: [Self.hostile], musicGenres: [.techno],
                         flyer: "javascript:alert(1)", freeEntry: true, ticketURL: "data:text/html,x", provenance: source)
        let list = GuestList(venue: sol.id, night: indie.id, date: evening, declared: .open, conditions: ["Antes de la 1:00"], deadline: doors,
                             capacity: 50, placesLeft: 12, provenance: source)
        let promotion = Promotion(id: "promo-1", venue: sol.id, night: indie.id, title: "Noche Indie " + Self.hostile, flyer: "javascript:alert(1)", paid: true,
                                  sponsor: Self.hostile, provenance: source)
        let entries = (0..<3).map { rank in
            AudienceEntry(channel: rank == 0 ? "La1.es" : "La2.es", channelName: rank == 0 ? "La 1" : "La 2", title: rank == 2 ? Self.hostile : "Telediario \(rank)",
                          start: madrid.instant(LocalDateTime(day: Self.days[0], hour: 21, minute: rank)), durationMinutes: 60, viewers: 2_000_000 - rank * 100_000,
                          share: 15 - Double(rank), day: Self.days[0], rank: rank + 1, provenance: Provenance(source: "audiencias.example"))
        }
        let shares = [ChannelShare(channel: "La1.es", channelName: "La 1", day: Self.days[0], share: 9.8, change: 0.4, provenance: Provenance(source: "audiencias.example")),
                      ChannelShare(channel: "La2.es", channelName: Self.hostile, day: Self.days[0], share: 3.1, change: nil, provenance: Provenance(source: "audiencias.example"))]
        var shards: [ShardKey: ShardContent] = [:]
        shards[.venues(city: "madrid")] = .venues([sol, bad])
        shards[.nights(day: evening)] = .nights(NightsDay(nights: [indie, evil], guestLists: [list]))
        if secondCity {
            let ambigu = Venue(id: VenueID("bilbao/ambigu"), name: "Ambigú", address: "Calle Ribera 5", city: "Bilbao", musicGenres: [.jazz],
                               provenance: source)
            let jazz = Night(venue: ambigu.id, date: evening, title: "Jazz en el Ambigú", doors: doors, timeZone: "Europe/Madrid", musicGenres: [.jazz],
                             provenance: source)
            let valencia = Venue(id: VenueID("valencia/la-3"), name: "La 3", address: "Calle Julio Antonio 3", city: "Valencia", musicGenres: [.indie],
                                 provenance: source)
            shards[.venues(city: "bilbao")] = .venues([ambigu])
            shards[.venues(city: "valencia")] = .venues([valencia])
            shards[.nights(day: evening)] = .nights(NightsDay(nights: [indie, evil, jazz], guestLists: [list]))
        }
        if places {
            let square = Venue(id: VenueID("madrid/plaza-mayor"), name: "Plaza Mayor", city: "Madrid", provenance: source)
            let street = Venue(id: VenueID("madrid/calle-huertas-10"), name: "Calle Huertas 10", address: "Calle Huertas 10, Madrid", city: "Madrid",
                               provenance: source)
            // A text location that names its city is its own address; a place named after its locality and region has the locality as address.
            let text = Venue(id: VenueID("madrid/sala-dos-madrid-es"), name: "Sala Dos, Madrid, ES", address: "Sala Dos, Madrid, ES", city: "Madrid",
                             provenance: source)
            let locality = Venue(id: VenueID("madrid/madrid-comunidad-de-madrid"), name: "Madrid, Comunidad de Madrid", address: "Madrid", city: "Madrid",
                                 provenance: source)
            let plain = Venue(id: VenueID("madrid/club-sin-musica"), name: "Club Sin Música", address: "Calle Falsa 1", city: "Madrid", provenance: source)
            let theatre = Night(venue: square.id, date: evening, title: "Teatro en la calle", timeZone: "Europe/Madrid", provenance: source)
            let reading = Night(venue: street.id, date: evening, title: "Lectura dramatizada", timeZone: "Europe/Madrid", provenance: source)
            let concert = Night(venue: text.id, date: evening, title: "Concierto de gira", timeZone: "Europe/Madrid", provenance: source)
            let fair = Night(venue: locality.id, date: evening, title: "Feria", timeZone: "Europe/Madrid", provenance: source)
            shards[.venues(city: "madrid")] = .venues([sol, bad, square, street, text, locality, plain])
            shards[.nights(day: evening)] = .nights(NightsDay(nights: [indie, evil, theatre, reading, concert, fair], guestLists: [list]))
        }
        shards[.promotions] = .promotions([promotion])
        shards[.audiences(day: Self.days[0])] = .audiences(AudienceDay(entries: entries, shares: shares))
        shards[.news(day: Self.days[0])] = .news([NewsItem(title: Self.hostile, summary: Self.hostile, url: "javascript:alert(1)", image: nil, published: nil,
                                                          day: Self.days[0], provenance: Provenance(source: "audiencias.example"))])
        try commit(shards)
    }

    private func commit(_ shards: [ShardKey: ShardContent]) throws {
        let time = Timestamp(secondsSince1970: 1_795_000_000)
        let lock = try store.lock(at: time)
        defer { lock.release() }
        _ = try store.commit(shards, at: time, lock: lock)
    }

    /// Builds the site at the fixture's moment.
    @discardableResult
    func build(into folder: String? = nil, options: SiteOptions = SiteOptions(workers: 2)) throws -> SiteReport {
        try SiteBuilder(snapshot: try store.snapshot(), web: web, output: folder ?? output, context: QueryContext(now: now, guideZone: madrid), options: options).build()
    }

    /// Every published file's path, relative to the output folder, hidden ones left out.
    func publishedFiles(in folder: String? = nil) -> [String] {
        let output = folder ?? output
        let enumerator = FileManager.default.enumerator(atPath: output)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: output + "/" + path, isDirectory: &isFolder), !isFolder.boolValue { files.append(path) }
        }
        return files.sorted()
    }

    func text(_ path: String) -> String {
        (try? String(contentsOfFile: output + "/" + path, encoding: .utf8)) ?? ""
    }
}
