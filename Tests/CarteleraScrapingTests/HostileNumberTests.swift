import CarteleraModel
@testable import CarteleraScraping
import Testing

/// Numbers no listing means, too big for an Int or a Double: dropped with a warning naming source, page and field.
@Suite struct HostileNumberTests {
    @Test(arguments: ["99999999999999999999", "-99999999999999999999", "9.999.999.999.999.999.999"])
    func wholeNumbersBeyondIntAreNotNumbers(text: String) {
        #expect(NumberParsing.integer(text) == nil)
        #expect(throws: ScrapeMessage.self) { try NumberParsing.checkedInteger(text) }
    }

    @Test func theLargestIntIsStillAWholeNumber() {
        #expect(NumberParsing.integer("9223372036854774784") == 9_223_372_036_854_774_784)
        #expect(NumberParsing.integer("sin datos") == nil)
        #expect(throws: Never.self) { try NumberParsing.checkedInteger("sin datos") }
    }

    @Test func decimalsOfMoreDigitsThanADoubleHoldAreNotNumbers() {
        let huge = String(repeating: "9", count: 400)
        #expect(NumberParsing.decimal(huge) == nil)
        #expect(throws: ScrapeMessage.self) { try NumberParsing.checkedDecimal(huge) }
        #expect(NumberParsing.decimal("1,5 M") == 1.5)
    }

    @Test(arguments: [
        "PT99999999999999999999H", "PT9223372036854775807H", "PT2562047788015216H", "999999999999999999999 min",
        "9223372036854775807 h", "2562047788015216:00", "99999999999999999:00:00",
    ])
    func durationsThatOverflowAreNotDurations(text: String) {
        #expect(NumberParsing.duration(text) == nil)
        #expect(throws: ScrapeMessage.self) { try NumberParsing.checkedDuration(text) }
    }

    @Test(arguments: [("PT1H30M", 5400), ("1 h 30 min", 5400), ("01:30", 5400), ("90", 5400), ("PT٣H", nil)])
    func ordinaryDurationsStillRead(text: String, seconds: Int?) {
        #expect(NumberParsing.duration(text) == seconds)
    }

    let audienceDefinition = """
        kind: tv-audience
        timezone: Europe/Madrid
        request:
          url: "https://audiencias.example/{date:yyyy-MM-dd}"
        audiences:
          rows: "tr.programa"
          fields:
            channel: "td.cadena"
            title: "td.titulo"
            viewers: "td.espectadores"
            share: "td.cuota"
            duration: "td.duracion"
        shares:
          rows: "tr.cadena"
          fields:
            channel: "td.nombre"
            share: "td.cuota"

        """

    @Test func aTwentyDigitViewerCountIsDroppedAndTheRowKept() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://audiencias.example/2026-11-20", """
            <table><tr class="programa"><td class="cadena">La 1</td><td class="titulo">Telediario</td>
            <td class="espectadores">99999999999999999999</td><td class="cuota">14,2 %</td><td class="duracion">PT99999999999999999999H</td></tr>
            <tr class="cadena"><td class="nombre">La 1</td><td class="cuota">\(String(repeating: "9", count: 400))</td></tr></table>
            """)
        let outcome = try await harness.scrape(audienceDefinition, days: ["2026-11-20"])
        let entry = try #require(outcome.extraction.audiences.first)
        #expect(entry.title == "Telediario")
        #expect(entry.viewers == nil)
        #expect(entry.durationMinutes == nil)
        #expect(entry.share == 14.2)
        #expect(outcome.extraction.shares.isEmpty)
        #expect(outcome.warnings.contains(
            #"test.example: https://audiencias.example/2026-11-20: La 1 2026-11-20 "Telediario": viewers "99999999999999999999" is beyond the largest whole number: dropped"#))
        #expect(outcome.warnings.contains(
            #"test.example: https://audiencias.example/2026-11-20: La 1 2026-11-20 "Telediario": duration "PT99999999999999999999H" is too long a duration: dropped"#))
        #expect(outcome.warnings.contains { $0.hasPrefix("test.example: https://audiencias.example/2026-11-20: La 1 2026-11-20 share: share \"999") && $0.hasSuffix("is too large a number: dropped") })
    }

    /// The schedule tests' definition with numeric fields added.
    let scheduleDefinition = ScheduleScraperTests().definition + """
            duration: ".duracion"
            year: ".anio"
            season: ".temporada"
            score: ".nota"

        """

    @Test func aScheduleRowKeepsItsProgrammeWhenItsNumbersAreDropped() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", """
            <ul class="parrilla"><li><span class="hora">21:00</span><h3>Cine</h3><span class="duracion">999999999999999999999 min</span>
            <span class="anio">99999999999999999999</span><span class="temporada">-99999999999999999999</span><span class="nota">7,5</span></li>
            <li><span class="hora">23:00</span><h3>Noticias</h3><span class="duracion">99999999999 min</span></li></ul>
            """)
        let outcome = try await harness.scrape(scheduleDefinition, days: ["2026-11-20"])
        let programmes = outcome.extraction.programmes
        #expect(programmes.map(\.title) == ["Cine", "Noticias"])
        #expect(programmes[0].stop == programmes[1].start)
        #expect(programmes[0].year == nil)
        #expect(programmes[0].season == nil)
        #expect(programmes[0].score == 7.5)
        #expect(programmes[1].stop == nil)
        let prefix = "test.example: https://tv.example/la1/2026-11-20: La1.es 2026-11-20"
        #expect(outcome.warnings == [
            #"\#(prefix) "Cine": duration "999999999999999999999 min" is too long a duration: dropped"#,
            #"\#(prefix) "Cine": year "99999999999999999999" is beyond the largest whole number: dropped"#,
            #"\#(prefix) "Cine": season "-99999999999999999999" is beyond the largest whole number: dropped"#,
            #"\#(prefix) "Noticias": duration "99999999999 min" ends the programme after the year 9999: dropped"#,
        ])
    }

    @Test func clubListingCountsBeyondIntAreDroppedWithTheirField() async throws {
        let definition = """
            kind: club-listing
            timezone: Europe/Madrid
            city: Madrid
            request:
              url: "https://noche.example/{date:yyyy-MM-dd}"
            venues:
              url: "https://noche.example/clubs"
              rows: "article"
              fields:
                name: "h2"
                votes: ".votos"
            nights:
              rows: "div.noche"
              fields:
                title: "h3"
                venue: "a"
                price: ".precio"
                list_places: ".plazas"
            promotions:
              url: "https://noche.example/destacados"
              rows: "div.promo"
              fields:
                title: "h3"
                rank: ".puesto"

            """
        var harness = try ScrapeHarness()
        try harness.page("https://noche.example/clubs", #"<article><h2>Sala</h2><span class="votos">99999999999999999999</span></article>"#)
        try harness.page("https://noche.example/2026-11-28", """
            <div class="noche"><h3>Techno</h3><a>Sala</a><span class="precio">\(String(repeating: "9", count: 400)) €</span>
            <span class="plazas">99999999999999999999</span></div>
            """)
        try harness.page("https://noche.example/destacados", #"<div class="promo"><h3>Apertura</h3><span class="puesto">99999999999999999999</span></div>"#)
        let outcome = try await harness.scrape(definition, days: ["2026-11-28"])
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.venues.first?.ratingCount == nil)
        #expect(outcome.extraction.nights.first?.priceFrom == nil)
        #expect(outcome.extraction.guestLists.first?.placesLeft == nil)
        #expect(outcome.extraction.promotions.first?.rank == nil)
        #expect(outcome.warnings.contains(#"test.example: https://noche.example/clubs: venue "Sala": votes "99999999999999999999" is beyond the largest whole number: dropped"#))
        #expect(outcome.warnings.contains { $0.hasPrefix(#"test.example: https://noche.example/2026-11-28: night "Techno" on 2026-11-28: price "999"#) })
        #expect(outcome.warnings.contains(
            #"test.example: https://noche.example/2026-11-28: guest list of "Techno" on 2026-11-28: list_places "99999999999999999999" is beyond the largest whole number: dropped"#))
        #expect(outcome.warnings.contains(#"test.example: https://noche.example/destacados: promotion "Apertura": rank "99999999999999999999" is beyond the largest whole number: dropped"#))
    }
}

/// Audience and guest-list numbers no table means: each bad cell dropped with its own warning and recorded, so the store keeps its last good value.
@Suite struct OutOfRangeNumberTests {
    let audienceDefinition = HostileNumberTests().audienceDefinition + """
            change: "td.cambio"

        """

    @Test(arguments: [("1e300", 1e300), ("2,5E3", 2500), ("1e999", nil), ("-0", 0), ("-0,0 %", 0)] as [(String, Double?)])
    func exponentsAreReadAndNegativeZeroIsZero(text: String, value: Double?) {
        let read = NumberParsing.decimal(text)
        #expect(read == value)
        #expect(read?.sign != .minus)
    }

    @Test func audienceCellsOutOfRangeAreDroppedOneWarningEach() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://audiencias.example/2026-11-20", """
            <table>
            <tr class="programa"><td class="cadena">La 1</td><td class="titulo">Telediario</td><td class="espectadores">1e300</td><td class="cuota">99999999999999999999 %</td></tr>
            <tr class="programa"><td class="cadena">La 2</td><td class="titulo">Documentos TV</td><td class="espectadores">-5</td><td class="cuota">-0</td></tr>
            <tr class="programa"><td class="cadena">Cuatro</td><td class="titulo">Cine</td><td class="espectadores">1.234.000</td><td class="cuota">NaN</td></tr>
            <tr class="cadena"><td class="nombre">La 1</td><td class="cuota">NaN</td><td class="cambio">+0,4</td></tr>
            <tr class="cadena"><td class="nombre">La 2</td><td class="cuota">Infinity</td></tr>
            <tr class="cadena"><td class="nombre">Cuatro</td><td class="cuota">-0,0 %</td><td class="cambio">-250</td></tr>
            </table>
            """)
        let outcome = try await harness.scrape(audienceDefinition, days: ["2026-11-20"])
        let entries = outcome.extraction.audiences
        #expect(entries.map(\.title) == ["Telediario", "Documentos TV", "Cine"])
        #expect(entries[0].viewers == nil && entries[0].share == nil)
        #expect(entries[1].viewers == nil && entries[1].share == 0 && entries[1].share?.sign == .plus)
        #expect(entries[2].viewers == 1_234_000 && entries[2].share == nil)
        #expect(outcome.extraction.shares.map(\.channelName) == ["Cuatro"])
        #expect(outcome.extraction.shares.first?.share.sign == .plus && outcome.extraction.shares.first?.change == nil)
        let page = "test.example: https://audiencias.example/2026-11-20:"
        #expect(outcome.warnings == [
            #"\#(page) La 1 2026-11-20 "Telediario": viewers "1e300" is beyond the largest whole number: dropped"#,
            #"\#(page) La 1 2026-11-20 "Telediario": share "99999999999999999999 %" is over 100: dropped"#,
            #"\#(page) La 2 2026-11-20 "Documentos TV": viewers "-5" is below 0: dropped"#,
            #"\#(page) Cuatro 2026-11-20 "Cine": share "NaN" is not a number: dropped"#,
            #"\#(page) La 1 2026-11-20 share: share "NaN" is not a number: dropped"#,
            #"\#(page) La 2 2026-11-20 share: share "Infinity" is not a number: dropped"#,
            #"\#(page) Cuatro 2026-11-20 share: change "-250" is below -100: dropped"#,
        ])
        let la1 = entries[0].id, la2 = entries[1].id, cuatro = entries[2].id
        #expect(Set(outcome.droppedValues) == [
            DroppedValue(.audience, id: la1, field: .viewers), DroppedValue(.audience, id: la1, field: .share),
            DroppedValue(.audience, id: la2, field: .viewers), DroppedValue(.audience, id: cuatro, field: .share),
            DroppedValue(.share, id: "\(entries[0].channel.rawValue)@2026-11-20", field: .share),
            DroppedValue(.share, id: "\(entries[1].channel.rawValue)@2026-11-20", field: .share),
            DroppedValue(.share, id: "\(entries[2].channel.rawValue)@2026-11-20", field: .change),
        ])
    }

    @Test func guestListCountsOutOfRangeAreDroppedAndRecorded() async throws {
        let definition = """
            kind: club-listing
            timezone: Europe/Madrid
            city: Madrid
            request:
              url: "https://noche.example/{date:yyyy-MM-dd}"
            nights:
              rows: "div.noche"
              fields:
                title: "h3"
                venue: "a"
                price: ".precio"
                list_status: ".estado"
                list_capacity: ".aforo"
                list_places: ".plazas"

            """
        var harness = try ScrapeHarness()
        try harness.page("https://noche.example/2026-11-28", """
            <div class="noche"><h3>Techno</h3><a>Sala</a><span class="precio">1e300 €</span><span class="estado">Lista abierta</span>
            <span class="aforo">1e300</span><span class="plazas">-3</span></div>
            """)
        let outcome = try await harness.scrape(definition, days: ["2026-11-28"])
        let list = try #require(outcome.extraction.guestLists.first)
        #expect(list.capacity == nil && list.placesLeft == nil)
        #expect(outcome.extraction.nights.first?.priceFrom == nil)
        let page = "test.example: https://noche.example/2026-11-28:"
        #expect(outcome.warnings == [
            #"\#(page) night "Techno" on 2026-11-28: price "1e300 €" is over 1000000: dropped"#,
            #"\#(page) guest list of "Techno" on 2026-11-28: list_capacity "1e300" is beyond the largest whole number: dropped"#,
            #"\#(page) guest list of "Techno" on 2026-11-28: list_places "-3" is below 0: dropped"#,
        ])
        #expect(Set(outcome.droppedValues) == [
            DroppedValue(.guestList, id: list.id, field: .capacity), DroppedValue(.guestList, id: list.id, field: .placesLeft),
        ])
    }
}
