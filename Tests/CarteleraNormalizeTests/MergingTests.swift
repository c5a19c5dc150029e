import CarteleraCore
import CarteleraModel
import CarteleraNormalize
import Testing

@Suite struct ProgrammeMergerTests {
    func programme(_ channel: ChannelID, _ start: String, _ minutes: Int64, _ title: String, source: SourceID, description: String? = nil) -> Programme {
        let startTime = Timestamp(iso8601: start)!
        return Programme(channel: channel, start: startTime, stop: startTime.adding(seconds: minutes * 60), timeZone: "Europe/Madrid",
                         title: title, description: description, provenance: [Provenance(source: source)])
    }

    @Test func theSameAiringFromTwoSourcesIsStoredOnce() {
        let guide = programme("La1.es", "2026-11-20T20:00:00Z", 60, "Cuéntame cómo pasó", source: "guide")
        let xmltv = programme("La1.es", "2026-11-20T20:02:00Z", 58, "Cuentame como paso", source: "xmltv", description: "La familia Alcántara.")
        let merged = ProgrammeMerger.merge([guide], [xmltv])
        #expect(merged.count == 1)
        #expect(merged[0].start == guide.start)
        #expect(merged[0].description == "La familia Alcántara.")
        #expect(merged[0].provenance.map(\.source) == ["guide", "xmltv"])
    }

    @Test func otherChannelsAndOtherTitlesStayApart() {
        let a = programme("La1.es", "2026-11-20T20:00:00Z", 60, "Telediario", source: "guide")
        let otherChannel = programme("La2.es", "2026-11-20T20:00:00Z", 60, "Telediario", source: "xmltv")
        let otherTitle = programme("La1.es", "2026-11-20T20:00:00Z", 60, "El tiempo", source: "xmltv")
        #expect(ProgrammeMerger.merge([a], [otherChannel, otherTitle]).count == 3)
    }

    @Test func aNewScrapeReplacesWhatTheSameSourceSaidInItsWindow() {
        let window = Timestamp(iso8601: "2026-11-20T00:00:00Z")!...Timestamp(iso8601: "2026-11-21T00:00:00Z")!
        let cancelled = programme("La1.es", "2026-11-20T10:00:00Z", 30, "Programa cancelado", source: "guide")
        let shared = programme("La1.es", "2026-11-20T12:00:00Z", 30, "Noticias", source: "guide")
        var sharedWithOther = shared
        sharedWithOther.provenance.append(Provenance(source: "xmltv"))
        let outside = programme("La1.es", "2026-11-21T10:00:00Z", 30, "Mañana", source: "guide")
        let fresh = programme("La1.es", "2026-11-20T10:00:00Z", 30, "Programa nuevo", source: "guide")
        var warnings: [String] = []
        let result = ProgrammeMerger.replace(existing: [cancelled, sharedWithOther, outside], with: [fresh], from: "guide", window: window, warnings: &warnings)
        #expect(warnings.isEmpty)
        #expect(result.map(\.title) == ["Programa nuevo", "Noticias", "Mañana"])
        #expect(result[1].provenance.map(\.source) == ["xmltv"])
    }
}

@Suite struct GenreMapperTests {
    @Test(arguments: [
        (["Película de acción"], [Genre.action], ProgrammeType.film),
        (["Comedia dramática"], [.comedy, .drama], nil),
        (["Serie"], [], .series),
        (["Informativos"], [.news], .news),
        (["Fútbol"], [.sport], .sport),
        (["Documental"], [.documentary], .documentary),
        (["Science Fiction", "Thriller"], [.scienceFiction, .thriller], nil),
    ])
    func labelsMapOntoTheTaxonomy(labels: [String], genres: [Genre], type: ProgrammeType?) {
        #expect(GenreMapper.genres(for: labels) == genres)
        #expect(GenreMapper.type(for: labels) == type)
    }

    @Test func unknownLabelsMapToNothing() {
        #expect(GenreMapper.genres(for: ["Zzzz"]).isEmpty)
        #expect(GenreMapper.type(for: ["Zzzz"]) == nil)
    }
}

@Suite struct TextFoldingTests {
    @Test func accentsAndCaseFoldAway() {
        #expect(TextFolding.fold("  Acción  EN   Alcalá ") == "accion en alcala")
        #expect(TextFolding.fold("ÑANDÚ") == "nandu")
    }

    @Test func similarTitlesIgnorePunctuationAndAccents() {
        #expect(ProgrammeMerger.similarTitles("Cine: Mar adentro", "Mar Adentro"))
        #expect(ProgrammeMerger.similarTitles("Cuéntame cómo pasó", "Cuentame como paso (T22)"))
        #expect(!ProgrammeMerger.similarTitles("Telediario 1", "El tiempo"))
    }
}

@Suite struct SanityFloorTests {
    @Test func withoutHistoryOnlyTheMinimumApplies() {
        let floor = SanityFloor(fraction: 0.5, minimum: 1)
        #expect(!floor.accepts(0, recentCounts: []))
        #expect(floor.accepts(1, recentCounts: []))
    }

    @Test func farFewerItemsThanUsualAreRefused() {
        let floor = SanityFloor(fraction: 0.5, minimum: 1)
        let history = [200, 210, 190, 205]
        #expect(floor.threshold(recentCounts: history) == 102)
        #expect(!floor.accepts(40, recentCounts: history))
        #expect(floor.accepts(150, recentCounts: history))
    }
}
