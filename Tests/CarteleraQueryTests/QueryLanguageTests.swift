import CarteleraModel
import CarteleraQuery
import Testing

/// The query language: genres any-of and all-of, orders by year and channel, tie-breaking orders, refused sorts,
/// channel ids checked against the store, and messages in each surface's words.
@Suite struct QueryLanguageTests {
    let fixture: QueryStore

    init() throws {
        fixture = try QueryStore()
        let f = fixture
        let source = [Provenance(source: "clubs.example")]
        try f.commit(programmes: [
            f.programme("La1.es", "2026-11-20 20:00", minutes: 120, "Acción mutante", type: .film, genres: [.action, .comedy], year: 1993, score: 6.4),
            f.programme("La1.es", "2026-11-21 00:30", minutes: 90, "Cine: Mar adentro", type: .film, genres: [.drama], year: 2004, score: 8.1),
            f.programme("La2.es", "2026-11-20 21:30", minutes: 100, "Acciones de guerra", type: .film, genres: [.war, .action, .drama], year: 1970, score: 5.0),
            f.programme("Antena3.es", "2026-11-20 22:10", minutes: 120, "Accion", type: .film, genres: [.action], year: 2015, score: 7.0),
            f.programme("Antena3.es", "2026-11-21 01:00", minutes: 100, "Comedia negra", type: .film, genres: [.comedy, .drama], year: 2015, score: 7.0),
            f.programme("Cuatro.es", "2026-11-20 21:00", minutes: 60, "Noticias Cuatro", type: .news),
        ], channels: [Channel(id: "La1.es", name: "La 1"), Channel(id: "La2.es", name: "La 2"), Channel(id: "Antena3.es", name: "Antena 3"),
                      Channel(id: "Cuatro.es", name: "Cuatro")],
        venues: [
            Venue(id: VenueID(name: "Sala Cerca", city: "Madrid"), name: "Sala Cerca", city: "Madrid", location: GeoPoint(latitude: 40.4180, longitude: -3.7040),
                  rating: 4.5, provenance: source),
            Venue(id: VenueID(name: "Club Lejos", city: "Madrid"), name: "Club Lejos", city: "Madrid", location: GeoPoint(latitude: 40.4500, longitude: -3.7000),
                  rating: 4.5, provenance: source),
            Venue(id: VenueID(name: "Bar Medio", city: "Madrid"), name: "Bar Medio", city: "Madrid", location: GeoPoint(latitude: 40.4300, longitude: -3.7030),
                  rating: 3.0, provenance: source),
        ])
    }

    private func query(_ kind: Query.Kind = .programmes, _ set: (inout QueryParameters) -> Void) throws -> Query {
        var parameters = QueryParameters()
        set(&parameters)
        var context = fixture.context("2026-11-20 19:00")
        context.knownChannels = try fixture.engine().channels
        return try parameters.query(kind: kind, context: context)
    }

    private func titles(_ set: (inout QueryParameters) -> Void) throws -> [String] {
        try fixture.engine().programmes(query(.programmes, set)).rows.map(\.title)
    }

    private func refusal(_ kind: Query.Kind = .programmes, _ set: (inout QueryParameters) throws -> Void) -> QueryError? {
        do {
            var parameters = QueryParameters()
            try set(&parameters)
            var context = fixture.context("2026-11-20 19:00")
            context.knownChannels = try fixture.engine().channels
            _ = try parameters.query(kind: kind, context: context)
            return nil
        } catch let error as QueryError {
            return error
        } catch {
            Issue.record("\(error)")
            return nil
        }
    }

    @Test func genresMatchAnyOfThemUnlessAllAreAskedFor() throws {
        #expect(try titles { $0[.genre] = ["comedy,drama"] } == ["Acción mutante", "Acciones de guerra", "Cine: Mar adentro", "Comedia negra"])
        #expect(try titles { $0[.genre] = ["comedy", "drama"]; $0[.allGenres] = ["true"] } == ["Comedia negra"])
        #expect(try titles { $0[.genre] = ["acción", "drama"]; $0[.allGenres] = ["true"] } == ["Acciones de guerra"])
        // A genre no programme has: any-of still finds the others, all-of finds nothing.
        #expect(try titles { $0[.genre] = ["action", "western"] } == ["Acción mutante", "Acciones de guerra", "Accion"])
        #expect(try titles { $0[.genre] = ["action", "western"]; $0[.allGenres] = ["true"] }.isEmpty)
        #expect(refusal { $0[.allGenres] = ["true"] }?.description == "--all-genres: needs --genre G: the genres a programme must all have")
    }

    @Test func programmesSortByYearAndByChannel() throws {
        // Newest first; a programme without a year last; ties in start order.
        #expect(try titles { $0[.sort] = ["year"] } == ["Accion", "Comedia negra", "Cine: Mar adentro", "Acción mutante", "Acciones de guerra", "Noticias Cuatro"])
        // By channel name (Antena 3, Cuatro, La 1, La 2), each in start order.
        #expect(try titles { $0[.sort] = ["channel"] } == ["Accion", "Comedia negra", "Noticias Cuatro", "Acción mutante", "Cine: Mar adentro", "Acciones de guerra"])
    }

    @Test func aSecondOrderBreaksTheFirstOnesTies() throws {
        // Accion and Comedia negra share 2015 and a 7.0: by year then title, "Accion" first; by year then channel, too; by rating then title too.
        #expect(try titles { $0[.sort] = ["year,title"] }.prefix(2) == ["Accion", "Comedia negra"])
        #expect(try titles { $0[.sort] = ["rating,title"] }.prefix(3) == ["Cine: Mar adentro", "Accion", "Comedia negra"])
        #expect(try titles { $0[.sort] = ["channel,year"] }.prefix(3) == ["Accion", "Comedia negra", "Noticias Cuatro"])
        #expect(try titles { $0[.sort] = ["channel, year"] }.suffix(3) == ["Cine: Mar adentro", "Acción mutante", "Acciones de guerra"])
        // Venues by rating, then the nearer of two equally rated.
        let near = "40.4168,-3.7038"
        let venues = try fixture.engine().venues(query(.venues) { $0[.near] = [near]; $0[.sort] = ["rating,distance"] }).rows.map(\.venue.name)
        #expect(venues == ["Sala Cerca", "Club Lejos", "Bar Medio"])
        let byName = try fixture.engine().venues(query(.venues) { $0[.near] = [near]; $0[.sort] = ["rating,title"] }).rows.map(\.venue.name)
        #expect(byName == ["Club Lejos", "Sala Cerca", "Bar Medio"])
    }

    @Test func aRepeatedUnknownOrTwiceGivenSortIsRefused() throws {
        #expect(refusal { try $0.set("sort", to: ["rating", "title"]) }?.description
            == "--sort rating,title: give it once; for tie-breaking orders, list them in one: --sort rating,distance")
        #expect(refusal { $0[.sort] = ["colour"] }?.description == "--sort colour: programmes sort by time, title, rating, year, channel, relevance, or several comma-separated to break ties")
        #expect(refusal { $0[.sort] = ["year,colour"] }?.message.text(.commandLine).hasPrefix("colour: programmes sort by") == true)
        #expect(refusal { $0[.sort] = ["year,year"] }?.description == "--sort year,year: year is given twice")
        #expect(refusal { $0[.sort] = ["title,"] }?.message.text(.commandLine).hasPrefix("an empty order: ") == true)
        #expect(refusal(.venues) { $0[.sort] = ["rating,distance"] }?.description == "--sort rating,distance: sorting by distance needs --near LAT,LON")
    }

    @Test func channelIdsAreTrimmedAndCheckedAgainstTheStore() throws {
        #expect(try titles { $0[.channel] = [" La2.es , Cuatro.es"] } == ["Noticias Cuatro", "Acciones de guerra"])
        let unknown = refusal { $0[.channel] = ["La1.es,Foo.es"] }
        #expect(unknown?.parameter == "channel")
        #expect(unknown?.value == "Foo.es")
        #expect(unknown?.message.text(.commandLine).hasPrefix("no such channel in the store; the closest are") == true)
        // Without the store's channels (a feed definition read before any run), any id is taken.
        var parameters = QueryParameters()
        parameters[.channel] = ["Foo.es"]
        #expect(try parameters.channelSelection(context: fixture.context("2026-11-20 19:00")) == ["Foo.es"])
    }

    @Test func messagesNameOtherParametersAsEachSurfaceWritesThem() throws {
        let misplaced = try #require(refusal { $0[.genre] = ["film"] })
        #expect(misplaced.description == "--genre film: film is a programme type, not a genre: use --type film")
        #expect(misplaced.message.text(.queryString) == "film is a programme type, not a genre: use type=film")
        #expect(misplaced.message.text(.definition) == "film is a programme type, not a genre: use type: film")
        let within = try #require(refusal(.venues) { $0[.within] = ["2km"] })
        #expect(within.message.text(.queryString) == "needs near=LAT,LON to measure from")
        let several = try #require(refusal { $0[.now] = ["true"]; $0[.day] = ["today"] })
        #expect(several.message.text(.queryString) == "use one of now, tonight, day and next, not several")
    }

    @Test func everyDeclaredParameterIsRefusedByNameWhereItDoesNotApply() throws {
        for parameter in QueryParameter.all {
            for kind in Query.Kind.allCases where !parameter.kinds.contains(kind) {
                let error = refusal(kind) { try $0.set(parameter.name, to: [parameter.value == .flag ? "true" : "x"]) }
                #expect(error?.parameter == parameter.name, "\(parameter) \(kind)")
                #expect(error?.message.text(.commandLine) == "does not apply to \(kind.rawValue)", "\(parameter) \(kind)")
            }
        }
    }
}
