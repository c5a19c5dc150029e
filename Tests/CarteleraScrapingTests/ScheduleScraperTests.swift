import CarteleraModel
import CarteleraScraping
import Testing

@Suite struct ScheduleScraperTests {
    let definition = """
        kind: tv-schedule
        timezone: Europe/Madrid
        request:
          url: "https://tv.example/{channel}/{date:yyyy-MM-dd}"
        channels:
          - {id: La1.es, site_id: la1, name: La 1}
        schedule:
          rows: "ul.parrilla li"
          fields:
            start: {select: ".hora", format: "HH:mm"}
            title: "h3"
            url: {select: "h3 a", attr: href, url: true}
            category: {select: ".genero", all: true}
            description: {select: "p", lines: true}
            episode: {select: ".cap", regex: "E(\\\\d+)"}

        """

    let page = """
        <html><body><ul class="parrilla">
        <li><span class="hora">21:00</span><h3><a href="/p/telediario">Telediario 2</a></h3><span class="genero">Informativos</span><p>Noticias<br>del día</p></li>
        <li><span class="hora">Madrugada</span></li>
        <li><span class="hora">22:40</span><h3><a href="javascript:alert(1)">Cine: &lt;Mar adentro&gt;</a></h3><span class="genero">Cine</span><span class="genero">Drama</span></li>
        <li><span class="hora">00:55</span><h3>La noche en 24h</h3><span class="cap">T2 E14</span></li>
        </ul></body></html>
        """

    @Test func rowsBecomeProgrammesInPageOrderWithUTCTimes() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", page)
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty)
        let programmes = outcome.extraction.programmes
        #expect(programmes.map(\.title) == ["Telediario 2", "Cine: <Mar adentro>", "La noche en 24h"])
        #expect(programmes.map(\.start.iso8601) == ["2026-11-20T20:00:00Z", "2026-11-20T21:40:00Z", "2026-11-20T23:55:00Z"])
        #expect(programmes[0].stop == programmes[1].start)
        #expect(programmes[0].url == "https://tv.example/p/telediario")
        #expect(programmes[0].description == "Noticias\ndel día")
        // Labels stay as the page writes them; mapping them to genres and types is the normalize stage's job.
        #expect(programmes[0].categories == ["Informativos"])
        #expect(programmes[1].categories == ["Cine", "Drama"])
        #expect(programmes.allSatisfy { $0.genres.isEmpty && $0.type == nil })
        #expect(programmes[2].episode == 14)
        #expect(programmes.allSatisfy { $0.id == ProgrammeID(channel: "La1.es", start: $0.start) })
    }

    @Test func onlyWebLinksAreKept() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", page)
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        #expect(outcome.extraction.programmes[1].url == nil)
    }

    @Test func aPageThatFailsIsAFailureNamingTheSourceAndURL() async throws {
        let harness = try ScrapeHarness()
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        #expect(outcome.extraction.programmes.isEmpty)
        #expect(outcome.coverage.isEmpty)
        let failure = try #require(outcome.failures.first)
        #expect(failure.description.contains("test.example"))
        #expect(failure.description.contains("https://tv.example/la1/2026-11-20"))
    }

    @Test func oneFailingDayDoesNotCostTheOthers() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", page)
        let outcome = try await harness.scrape(definition, days: ["2026-11-20", "2026-11-21"])
        #expect(outcome.extraction.programmes.count == 3)
        #expect(outcome.coverage.count == 1)
        #expect(outcome.failures.count == 1)
    }

    @Test func aPageInWindows1252IsDecoded() async throws {
        var harness = try ScrapeHarness()
        let latin = "<html><head><meta charset=\"windows-1252\"></head><body><ul class=\"parrilla\"><li><span class=\"hora\">10:00</span><h3>Acci\u{F3}n</h3></li></ul></body></html>"
        try harness.page("https://tv.example/la1/2026-11-20", "", bytes: Array(latin.unicodeScalars.map { UInt8($0.value) }))
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        #expect(outcome.extraction.programmes.first?.title == "Acción")
    }

    @Test func brokenAndTruncatedMarkupStillYieldsWhatIsThere() async throws {
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", "<ul class=parrilla><li><span class=hora>09:00<h3>Uno</h3><li><span class=hora>10:00</span><h3>Dos</h3><li><span class=\"ho")
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        #expect(outcome.failures.isEmpty)
        #expect(outcome.extraction.programmes.map(\.title) == ["Uno", "Dos"])
    }

    @Test func detailPagesFillInFields() async throws {
        let withDetail = definition + """
            detail:
              url: "{field.url}"
              fields:
                description: "div.sinopsis"
                actors: {select: "ul.reparto li", all: true}

            """
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", page)
        try harness.page("https://tv.example/p/telediario", "<div class=sinopsis>Edición de la noche.</div><ul class=reparto><li>Ana</li><li>Luis</li></ul>")
        let outcome = try await harness.scrape(withDetail, days: ["2026-11-20"])
        let first = try #require(outcome.extraction.programmes.first)
        #expect(first.description == "Edición de la noche.")
        #expect(first.actors == ["Ana", "Luis"])
        // The second item's link was not http(s) and the third has none: no detail request, listing values kept.
        #expect(outcome.extraction.programmes.count == 3)
    }

    /// A week grid: days in columns, slot times in the first, cells spanning rows by their length.
    let grid = """
        kind: tv-schedule
        timezone: Europe/Madrid
        request:
          url: "https://tv.example/semana"
        channels:
          - {id: Local.es, name: Local}
        rules:
          day_starts_at: "07:00"
        schedule:
          grid:
            table: "table.semana"
            day_format: "EEEE d MMMM"
          fields:
            title: "."

        """

    @Test func aWeekGridIsReadColumnByColumnWithRowspans() async throws {
        let page = """
            <table class="semana">
            <tr><th></th><th>JUEVES 19 NOVIEMBRE</th><th>VIERNES 20 NOVIEMBRE</th></tr>
            <tr><td>7:00</td><td rowspan="2">Noticias</td><td>Despierta</td></tr>
            <tr><td>7:30</td><td rowspan="2">Cocina</td></tr>
            <tr><td>8:00</td><td>Tertulia</td></tr>
            <tr><td>0:30</td><td>Cierre</td><td>Madrugada</td></tr>
            </table>
            """
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/semana", page)
        let outcome = try await harness.scrape(grid, days: ["2026-11-20"])
        let programmes = outcome.extraction.programmes
        #expect(programmes.map(\.title) == ["Despierta", "Cocina", "Madrugada"])
        #expect(programmes.map(\.start.iso8601) == ["2026-11-20T06:00:00Z", "2026-11-20T06:30:00Z", "2026-11-20T23:30:00Z"])
    }

    @Test func aGridWhoseSpansCoverTooManyCellsFailsInsteadOfFillingMemory() async throws {
        let row = #"<tr><td rowspan="65534" colspan="1000">x</td></tr>"#
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/semana", #"<table class="semana">"# + String(repeating: row, count: 1000) + "</table>")
        let outcome = try await harness.scrape(grid, days: ["2026-11-20"])
        #expect(outcome.extraction.programmes.isEmpty)
        #expect(outcome.failures.first?.description.contains("the grid table spans more than 200000 cells") == true)
    }

    @Test func keepingTheRequestedDayDropsTheOthers() async throws {
        let multiDay = """
            kind: tv-schedule
            timezone: America/Sao_Paulo
            keep: requested-day
            request:
              url: "https://tv.example/canal"
            channels:
              - {id: Rural.br, name: Rural}
            schedule:
              rows: "div.row"
              fields:
                start: {select: "b", attr: data-dt, format: "yyyy-MM-dd HH:mm:ssXXX"}
                title: "h3"

            """
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/canal", """
            <div class=row><b data-dt="2025-01-17 23:00:00-03:00"></b><h3>Ayer</h3></div>
            <div class=row><b data-dt="2025-01-18 00:00:00-03:00"></b><h3>Hoy</h3></div>
            <div class=row><b data-dt="2025-01-19 00:00:00-03:00"></b><h3>Mañana</h3></div>
            """)
        let outcome = try await harness.scrape(multiDay, days: ["2025-01-18"])
        #expect(outcome.extraction.programmes.map(\.title) == ["Hoy"])
        #expect(outcome.extraction.programmes.first?.start.iso8601 == "2025-01-18T03:00:00Z")
    }

    /// What a reader sees of a row: script and style text left out, a line break between the words it separates.
    @Test func scriptTextStaysOutAndLineBreaksSeparateWords() async throws {
        let definition = self.definition.replacingOccurrences(of: "description: {select: \"p\", lines: true}", with: "description: \"p\"\n    subtitle: {select: \".sub\", lines: true}")
        var harness = try ScrapeHarness()
        try harness.page("https://tv.example/la1/2026-11-20", """
            <ul class="parrilla"><li><span class="hora">21:00</span><h3>Cine:<br>Mar adentro</h3>
            <p>Una historia<br/>de amor.<script>document.write("Publicidad")</script><style>p { color: red }</style> Fin.<noscript> Sin guion.</noscript></p>
            <div class="sub">Primera<br>línea<script>var anuncio = 1;</script></div></li></ul>
            """)
        let outcome = try await harness.scrape(definition, days: ["2026-11-20"])
        let programme = try #require(outcome.extraction.programmes.first)
        #expect(programme.title == "Cine: Mar adentro")
        #expect(programme.description == "Una historia de amor. Fin. Sin guion.")
        #expect(programme.subtitle == "Primera\nlínea")
    }

    @Test(arguments: [
        ("/programa/el tiempo", "https://tv.example/programa/el%20tiempo"),
        ("https://cdn.example/img/a b<1>.jpg", "https://cdn.example/img/a%20b%3C1%3E.jpg"),
        (#"/buscar?q={"cine"}"#, "https://tv.example/buscar?q=%7B%22cine%22%7D"),
        ("/ya%20codificado y no", "https://tv.example/ya%20codificado%20y%20no"),
        ("javascript:alert(1)", nil),
    ] as [(String, String?)])
    func webLinksWithSpacesOrBracketsArePercentEncoded(href: String, url: String?) {
        #expect(LinkResolver.resolve(href, against: "https://tv.example/la1/2026-11-20") == url)
    }
}
