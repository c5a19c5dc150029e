import CarteleraCore
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import CarteleraTesting
import Foundation
import Testing

/// An answer is the same bytes whichever path produced it: `cartelera query --json` (and `shake`, `now`, `airings`) prints
/// the API's answer to the same question, laid out, for every kind and for text that JSON, HTML and scripts treat specially.
@Suite struct AnswerBytesTests {
    static let hostile = "<script>\"quoted\" back\\slash\u{01}\u{1F}\t\n\u{7F} \u{2028}\u{2029} Ñandú acción 🐦</script>"
    static let hostileTitle = "<script>\"quoted\" back\\slash \u{2028}\u{2029} Ñandú acción 🐦</script>"
    static let zone = ZoneConverter(identifier: "Europe/Madrid")!
    static let evening = Day("2026-11-20")!
    /// The moment every reader is asked at: 21:00 in Madrid.
    static let moment = at(21, 0)

    static func at(_ hour: Int, _ minute: Int) -> Timestamp {
        zone.instant(LocalDateTime(day: evening, hour: hour, minute: minute))
    }

    /// Programmes, clubs, nights with a guest list, promotions, audiences and shares, hostile text in every kind.
    static func store(at root: String) throws {
        let source = [Provenance(source: "guide.example", url: "https://guide.example/a?b=1")]
        func programme(_ channel: ChannelID, _ hour: Int, _ title: String, type: ProgrammeType? = nil, genres: [Genre] = [], year: Int? = nil,
                       score: Double? = nil) -> Programme {
            Programme(channel: channel, start: at(hour, 0), stop: at(hour + 1, 0), timeZone: "Europe/Madrid", title: title, genres: genres, type: type,
                      year: year, score: score, provenance: source)
        }
        var programmes = [
            programme("La1.es", 20, "Acción mutante", type: .film, genres: [.action, .comedy], year: 1993, score: 6.4),
            programme("La1.es", 21, hostile, type: .show, score: 10),
            programme("La2.es", 21, "Acciones de guerra", type: .film, genres: [.war], year: 1970),
            programme("La2.es", 22, hostile, type: .news),
        ]
        programmes[0].externalID = "ext-\u{2028}1"
        let madrid = "Madrid"
        let club = Venue(id: VenueID(name: "Sala El Sol", city: madrid), name: "Sala El Sol", address: hostile, city: madrid,
                         location: GeoPoint(latitude: 40.4195, longitude: -3.7022), musicGenres: [.indie], musicLabels: [hostile], rating: 4.4, provenance: source)
        let other = Venue(id: VenueID(name: hostile, city: madrid), name: hostile, city: madrid, location: GeoPoint(latitude: 40.4230, longitude: -3.6970),
                          musicGenres: [.pop], freeEntry: true, provenance: source)
        let night = Night(venue: club.id, date: evening, title: hostile, doors: at(23, 30), timeZone: "Europe/Madrid", provenance: source)
        let list = GuestList(venue: club.id, night: night.id, date: evening, declared: .open, conditions: [hostile], deadline: at(23, 0), placesLeft: 3,
                             provenance: source)
        let promotion = Promotion(id: "p1", venue: club.id, night: night.id, title: hostile, validFrom: at(0, 0), validTo: at(23, 59), rank: 1, paid: true,
                                  provenance: source)
        let audiences = AudienceDay(
            entries: [AudienceEntry(channel: "La1.es", channelName: hostile, title: hostile, start: at(21, 0), durationMinutes: 60, viewers: 2_000_000,
                                    share: 14.2, day: evening, rank: 1, provenance: Provenance(source: "audiences.example"))],
            shares: [ChannelShare(channel: "La1.es", channelName: hostile, day: evening, share: 9.8, change: -0.3, provenance: Provenance(source: "audiences.example"))])
        var shards = ShardContent.programmeShards(programmes)
        shards[.channels] = .channels([Channel(id: "La1.es", name: "La 1"), Channel(id: "La2.es", name: hostile)])
        shards[.venues(city: Slug.make(madrid))] = .venues([club, other])
        shards[.nights(day: evening)] = .nights(NightsDay(nights: [night], guestLists: [list]))
        shards[.promotions] = .promotions([promotion])
        shards[.audiences(day: evening)] = .audiences(audiences)
        let store = try FileStore(root: root, indexer: QueryIndexer())
        let lock = try store.lock(at: at(12, 0))
        defer { lock.release() }
        _ = try store.commit(shards, at: at(12, 0), lock: lock)
    }

    /// The questions, each as the command line's words and the API's path: the same parameters in both.
    static let questions: [(command: [String], path: String, parameters: [(String, String)])] = [
        (["query", "programmes"], "/api/query/programmes", []),
        (["query", "programmes"], "/api/query/programmes", [("text", "accion"), ("sort", "relevance")]),
        (["query", "programmes"], "/api/query/programmes", [("text", "script"), ("channel", "La1.es,La2.es"), ("limit", "1"), ("offset", "1")]),
        (["query", "programmes"], "/api/query/programmes", [("type", "film"), ("sort", "title"), ("year", "1960-2000")]),
        (["query", "venues"], "/api/query/venues", []),
        (["query", "venues"], "/api/query/venues", [("near", "40.4168,-3.7038"), ("within", "2km"), ("sort", "distance")]),
        (["query", "nights"], "/api/query/nights", [("day", "2026-11-20")]),
        (["query", "nights"], "/api/query/nights", [("text", "script"), ("near", "40.4168,-3.7038")]),
        (["query", "promotions"], "/api/query/promotions", []),
        (["query", "audiences"], "/api/query/audiences", []),
        (["query", "audiences"], "/api/query/audiences", [("text", "quoted"), ("sort", "share")]),
        (["query", "shares"], "/api/query/shares", []),
        (["shake", "programmes"], "/api/shake/programmes", [("seed", "7")]),
        (["shake", "venues"], "/api/shake/venues", [("seed", "2"), ("text", "slash")]),
        (["shake", "nights"], "/api/shake/nights", [("seed", "1")]),
        (["shake", "promotions"], "/api/shake/promotions", [("seed", "1")]),
        (["shake", "audiences"], "/api/shake/audiences", [("seed", "1")]),
        (["shake", "shares"], "/api/shake/shares", [("seed", "1")]),
        (["now"], "/api/now", []),
        (["now"], "/api/now", [("channel", "La2.es")]),
        (["airings", "acciones de guerra"], "/api/airings", [("title", "acciones de guerra")]),
        // A query string holds no control characters: the title without them folds to the same words.
        (["airings", hostileTitle], "/api/airings", [("title", hostileTitle)]),
    ]

    @Test func theAPIAnswersTheBytesTheCommandLinePrints() throws {
        let folder = try TemporaryFolder("answer-bytes")
        let store = folder.path + "/store", output = folder.path + "/public"
        try Self.store(at: store)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let moment = ["--at", Self.moment.iso8601]
        let (server, port) = try ServeLoadTests.serve(store: store, output: output, arguments: moment + ["--reads-per-minute", "100000"])
        defer { server.terminate(); server.waitUntilExit() }
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var hostileAnswers = 0
        for (command, path, parameters) in Self.questions {
            let words = command.first == "airings" ? [] : parameters.flatMap { ["--" + $0.0, $0.1] }
            let printed = try CLIRunner.run(command + words + ["--json", "--store", store] + moment)
            #expect(printed.status == 0, "\(command) \(words): \(printed.stderr)")
            let query = parameters.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&")
            let reply = try LoopbackClient.send("GET", path + (query.isEmpty ? "" : "?" + query), port: port)
            #expect(reply.status == 200, "\(path)?\(query): \(reply.text)")
            #expect(String(decoding: JSONIndentation.prettyPrinted(reply.body), as: UTF8.self) + "\n" == printed.stdout, "\(path)?\(query)")
            let rows = (try? JSONSerialization.jsonObject(with: Data(reply.body))).flatMap { ($0 as? [String: Any])?["rows"] ?? $0 } as? [Any]
            #expect(rows?.isEmpty == false, "\(path)?\(query) should find something")
            if reply.text.contains("\u{2028}") && reply.text.contains("</script>") && reply.text.contains("🐦") { hostileAnswers += 1 }
        }
        #expect(hostileAnswers >= 10, "the hostile text should reach most answers as it is stored")
    }
}
