import CarteleraModel
import CarteleraQuery
import Testing

/// Programme filters and sorts over a small guide, in Europe/Madrid, across midnight.
@Suite struct ProgrammeQueryTests {
    let fixture: QueryStore

    init() throws {
        fixture = try QueryStore()
        let f = fixture
        try f.commit(programmes: [
            f.programme("La1.es", "2026-11-20 19:00", minutes: 60, "Telediario 2", type: .news, genres: [.news]),
            f.programme("La1.es", "2026-11-20 20:00", minutes: 120, "Acción mutante", type: .film, genres: [.action, .comedy], year: 1993, score: 6.4),
            f.programme("La1.es", "2026-11-20 22:00", minutes: 150, "La noche de España", type: .show, genres: [.entertainment]),
            f.programme("La1.es", "2026-11-21 00:30", minutes: 90, "Cine: Mar adentro", type: .film, genres: [.drama], year: 2004, score: 8.1),
            f.programme("La2.es", "2026-11-20 21:30", minutes: 100, "Acciones de guerra", type: .film, genres: [.war, .action], year: 1970, score: 5.0),
            f.programme("La2.es", "2026-11-20 23:30", minutes: 60, "Documentos TV", type: .documentary, genres: [.documentary]),
            f.programme("Antena3.es", "2026-11-20 22:10", minutes: 120, "Accion", type: .film, genres: [.action], year: 2015, score: 7.0),
            f.programme("Antena3.es", "2026-11-21 06:30", minutes: 60, "Espejo público", type: .show),
        ], channels: [Channel(id: "La1.es", name: "La 1"), Channel(id: "La2.es", name: "La 2"), Channel(id: "Antena3.es", name: "Antena 3")])
    }

    func titles(_ parameters: QueryParameters, now: String = "2026-11-20 21:00") throws -> [String] {
        let query = try parameters.query(kind: .programmes, context: fixture.context(now, lists: ["mine": ["La2.es", "Antena3.es"]]))
        return try fixture.engine().programmes(query).rows.map(\.title)
    }

    @Test func textIsAccentAndCaseInsensitiveAndRankedExactPrefixWordSubstringNearMiss() throws {
        var parameters = QueryParameters()
        parameters[.text] = ["ACCIÓN"]
        // Exact ("Accion"), prefix ("Acción mutante", "Acciones de guerra"), then substring; each tier in time order.
        #expect(try titles(parameters) == ["Accion", "Acción mutante", "Acciones de guerra"])
        parameters[.text] = ["espana"]
        #expect(try titles(parameters) == ["La noche de España"])
        parameters[.text] = ["documentox"]
        #expect(try titles(parameters) == ["Documentos TV"]) // one edit in a word of 10 letters: a near miss
        parameters[.text] = ["tv"]
        #expect(try titles(parameters) == ["Documentos TV"])
        parameters[.text] = ["mar"]
        parameters[.match] = ["word"]
        #expect(try titles(parameters) == ["Cine: Mar adentro"])
        parameters[.text] = ["marx"]
        #expect(try titles(parameters).isEmpty)
    }

    /// Hundreds of airings of titles matching a text in every tier, interleaved in time: the records of each title are
    /// merged into time order (sorted a byte at a time once there are more than a few dozen), each with its title's tier.
    @Test func manyAiringsOfMatchingTitlesComeInTimeOrderEachWithItsTier() throws {
        let store = try QueryStore()
        let titles: [(String, MatchTier)] = [("Accion", .exact), ("Acción total", .prefix), ("La acción", .word), ("Reaccionar", .substring),
                                              ("Acciom", .nearMiss), ("Comedia", .word)]
        var programmes: [Programme] = []
        for airing in 0..<420 {
            let (title, _) = titles[(airing * 7 + airing / 11) % titles.count]
            let channel: ChannelID = ["La1.es", "La2.es", "Antena3.es"][airing % 3]
            let start = store.madrid("2026-11-20 06:00").adding(seconds: Int64(airing / 3 * 1800))
            programmes.append(Programme(channel: channel, start: start, stop: start.adding(seconds: 1800), timeZone: "Europe/Madrid", title: title,
                                        provenance: [Provenance(source: "guide.example")]))
        }
        try store.commit(programmes: programmes, channels: [Channel(id: "La1.es", name: "La 1"), Channel(id: "La2.es", name: "La 2"),
                                                            Channel(id: "Antena3.es", name: "Antena 3")])
        let engine = try store.engine()
        let tiers = Dictionary(uniqueKeysWithValues: titles.map { ($0.0, $0.1) })
        for (sort, expectedOrder) in [("time", false), ("relevance", true)] {
            var parameters = QueryParameters()
            parameters[.text] = ["accion"]
            parameters[.sort] = [sort]
            parameters[.limit] = ["10000"]
            let rows = engine.programmes(try parameters.query(kind: .programmes, context: store.context("2026-11-20 00:00"))).rows
            let expected = programmes.filter { $0.title != "Comedia" }
                .sorted { (expectedOrder ? tiers[$0.title]!.rawValue : 0, $0.start, $0.id.rawValue) < (expectedOrder ? tiers[$1.title]!.rawValue : 0, $1.start, $1.id.rawValue) }
            #expect(rows.map(\.id.rawValue) == expected.map(\.id.rawValue), "sort=\(sort)")
            #expect(rows.allSatisfy { $0.match == tiers[$0.title] }, "sort=\(sort)")
        }
    }

    @Test func aShortWordMustMatchExactlyNotWithinAnEdit() throws {
        var parameters = QueryParameters()
        parameters[.text] = ["tele"]
        #expect(try titles(parameters) == ["Telediario 2"])
        parameters[.text] = ["tiv"]
        #expect(try titles(parameters).isEmpty)
    }

    @Test func genresTypesYearsAndRatingsFilterTogether() throws {
        var parameters = QueryParameters()
        parameters[.genre] = ["Acción"]
        #expect(try titles(parameters) == ["Acción mutante", "Acciones de guerra", "Accion"])
        parameters[.type] = ["film"]
        parameters[.year] = ["1990-2020"]
        #expect(try titles(parameters) == ["Acción mutante", "Accion"])
        parameters[.minRating] = ["6.5"]
        #expect(try titles(parameters) == ["Accion"])
        var labels = QueryParameters()
        labels[.genre] = ["drama,war"]
        #expect(try titles(labels) == ["Acciones de guerra", "Cine: Mar adentro"])
    }

    @Test func channelsAndNamedListsNarrowTheGuide() throws {
        var parameters = QueryParameters()
        parameters[.channel] = ["La2.es"]
        #expect(try titles(parameters) == ["Acciones de guerra", "Documentos TV"])
        parameters[.channel] = []
        parameters[.channelList] = ["mine"]
        #expect(try titles(parameters) == ["Acciones de guerra", "Accion", "Documentos TV", "Espejo público"])
        // Text finds titles first; the channels still narrow them.
        parameters[.text] = ["accion"]
        #expect(try titles(parameters) == ["Accion", "Acciones de guerra"])
        parameters[.channelList] = []
        parameters[.channel] = ["La1.es"]
        #expect(try titles(parameters) == ["Acción mutante"])
    }

    @Test func aWindowCountsWhatStartedBeforeItAndIsStillOn() throws {
        var now = QueryParameters()
        now[.now] = ["true"]
        // At 21:00: the 20:00 film (to 22:00) is on; the 21:30 film has not started.
        #expect(try titles(now) == ["Acción mutante"])
        var tonight = QueryParameters()
        tonight[.tonight] = ["true"]
        // 20:00 to 06:00: the news ending at 20:00 is over, the show at 06:30 has not begun.
        #expect(try titles(tonight, now: "2026-11-20 21:00") == [
            "Acción mutante", "Acciones de guerra", "La noche de España", "Accion", "Documentos TV", "Cine: Mar adentro",
        ])
        // At 01:00 it is still last night's night; the 06:30 show is after it.
        #expect(try titles(tonight, now: "2026-11-21 01:00").contains("Cine: Mar adentro"))
        #expect(try !titles(tonight, now: "2026-11-21 01:00").contains("Espejo público"))
        var starts = QueryParameters()
        starts[.from] = ["2026-11-20T22:00"]
        starts[.to] = ["2026-11-21T01:00"]
        starts[.window] = ["starts"]
        #expect(try titles(starts) == ["La noche de España", "Accion", "Documentos TV", "Cine: Mar adentro"])
        starts[.window] = ["overlap"]
        #expect(try titles(starts) == ["Acciones de guerra", "La noche de España", "Accion", "Documentos TV", "Cine: Mar adentro"])
        var next = QueryParameters()
        next[.next] = ["1h"]
        #expect(try titles(next, now: "2026-11-20 23:40") == ["La noche de España", "Accion", "Documentos TV", "Cine: Mar adentro"])
        var day = QueryParameters()
        day[.day] = ["2026-11-21"]
        // A day holds what is on at any moment of it, programmes crossing its midnight included.
        #expect(try titles(day) == ["La noche de España", "Accion", "Documentos TV", "Cine: Mar adentro", "Espejo público"])
    }

    @Test func sortsByTimeTitleRatingAndPagesWithATotal() throws {
        var parameters = QueryParameters()
        parameters[.sort] = ["title"]
        #expect(try titles(parameters).first == "Accion")
        parameters[.sort] = ["rating"]
        #expect(try titles(parameters).prefix(3) == ["Cine: Mar adentro", "Accion", "Acción mutante"])
        parameters[.sort] = []
        parameters[.limit] = ["3"]
        parameters[.offset] = ["2"]
        let page = try fixture.engine().programmes(parameters.query(kind: .programmes, context: fixture.context("2026-11-20 21:00")))
        #expect(page.total == 8)
        #expect(page.rows.map(\.title) == ["Acciones de guerra", "La noche de España", "Accion"])
        #expect(page.rows.first?.channelName == "La 2")
    }

    @Test func nowAndNextGivesMinutesLeftPerChannel() throws {
        let answers = try fixture.engine().nowAndNext(at: fixture.madrid("2026-11-20 21:45"))
        let la1 = try #require(answers.first { $0.channel == "La1.es" })
        #expect(la1.now?.title == "Acción mutante")
        #expect(la1.now?.minutesLeft == 15)
        #expect(la1.next?.title == "La noche de España")
        let antena3 = try #require(answers.first { $0.channel == "Antena3.es" })
        #expect(antena3.now == nil)
        #expect(antena3.next?.title == "Accion")
    }

    @Test func airingsAreThoseNotEndedAcrossChannelsWhateverTheAccents() throws {
        let f = try QueryStore()
        try f.commit(programmes: [
            f.programme("La1.es", "2026-11-20 20:00", minutes: 60, "Mar adentro"),
            f.programme("Telecinco.es", "2026-11-20 23:30", minutes: 60, "Mar, adentro"),
            f.programme("La2.es", "2026-11-22 23:00", minutes: 60, "MAR ADENTRO"),
            f.programme("Cuatro.es", "2026-11-23 16:00", minutes: 60, "Mar Adentro"),
            f.programme("Cuatro.es", "2026-11-24 16:00", minutes: 60, "Mar adentro 2"),
        ])
        // At midnight the Telecinco airing has started and not ended: it is still one to watch.
        let airings = try f.engine().airings(of: "mar adéntro", at: f.madrid("2026-11-21 00:00"))
        #expect(airings.map(\.channel) == ["Telecinco.es", "La2.es", "Cuatro.es"])
        #expect(try f.engine().airings(of: "mar adéntro", at: f.madrid("2026-11-21 00:30")).map(\.channel) == ["La2.es", "Cuatro.es"])
        #expect(try f.engine().airings(of: "mar adéntro", at: f.madrid("2026-11-21 00:00"), limit: 2).map(\.channel) == ["Telecinco.es", "La2.es"])
    }

    @Test func aProgrammeWithoutAStopEndsWhenTheNextOnItsChannelStarts() throws {
        let f = try QueryStore()
        func open(_ channel: ChannelID, _ start: String, _ title: String) -> Programme {
            var programme = f.programme(channel, start, minutes: 0, title)
            programme.stop = nil
            return programme
        }
        try f.commit(programmes: [
            open("La1.es", "2026-11-20 21:00", "Cine"),
            f.programme("La1.es", "2026-11-20 23:30", minutes: 60, "Noticias"),
            open("La2.es", "2026-11-20 21:00", "Documental"),
        ])
        let engine = try f.engine()
        let at = f.madrid("2026-11-20 22:00")
        let answers = try #require(Optional(engine.nowAndNext(at: at)))
        // Cine runs to the 23:30 news; the last programme of La 2, with no stop and nothing after it, has no known end.
        let la1 = try #require(answers.first { $0.channel == "La1.es" })
        #expect(la1.now?.title == "Cine" && la1.now?.minutesLeft == 90 && la1.now?.stop == nil)
        #expect(la1.next?.title == "Noticias")
        #expect(answers.first { $0.channel == "La2.es" } == nil)
        let listings = engine.listings(Query(kind: .programmes, at: at), zone: ZoneConverter(identifier: "Europe/Madrid")!)
        #expect(listings.rows.map(\.title) == ["Cine", "Documental", "Noticias"])
        #expect(listings.ends == [f.madrid("2026-11-20 23:30"), nil, f.madrid("2026-11-20 23:30").adding(seconds: 3600)])
        // A window at 23:00 overlaps Cine (on until 23:30) but not La 2's documentary (on only at 21:00 as far as anyone knows).
        var query = Query(kind: .programmes, at: at)
        query.window = Query.Window(from: f.madrid("2026-11-20 23:00"), to: f.madrid("2026-11-20 23:10"))
        #expect(engine.programmes(query).rows.map(\.title) == ["Cine"])
        // The same through each channel's own list of starts and ends, channels named in any order, or twice.
        query.channels = ["La2.es", "La1.es", "La2.es"]
        #expect(engine.programmes(query).rows.map(\.title) == ["Cine"])
        query.channels = ["La2.es"]
        #expect(engine.programmes(query).rows.isEmpty)
        query.window = Query.Window(from: f.madrid("2026-11-20 21:00"), to: f.madrid("2026-11-20 21:01"))
        #expect(engine.programmes(query).rows.map(\.title) == ["Documental"])
        query.channels = ["La2.es", "La1.es"]
        #expect(engine.programmes(query).rows.map(\.title) == ["Cine", "Documental"])
        query.window = Query.Window(from: f.madrid("2026-11-20 23:29"), to: f.madrid("2026-11-20 23:31"))
        #expect(engine.programmes(query).rows.map(\.title) == ["Cine", "Noticias"])
        query.window?.mode = .starts
        #expect(engine.programmes(query).rows.map(\.title) == ["Noticias"])
        #expect(engine.airings(of: "cine", at: at).map(\.title) == ["Cine"])
        #expect(engine.airings(of: "documental", at: at).isEmpty)
    }
}
