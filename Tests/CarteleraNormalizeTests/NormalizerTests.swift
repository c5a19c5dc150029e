import CarteleraModel
import CarteleraNormalize
import Testing

@Suite struct NormalizerTests {
    let source: SourceID = "guide.example"

    func programme(_ title: String, at seconds: Int64, categories: [String], episode: Int? = nil) -> Programme {
        Programme(channel: "La1.es", start: Timestamp(secondsSince1970: 1_795_000_000 + seconds), timeZone: "Europe/Madrid", title: title,
                  categories: categories, episode: episode, provenance: [Provenance(source: source)])
    }

    @Test func programmeLabelsBecomeCanonicalGenresAndATypeKeepingTheLabels() {
        let extraction = Extraction(source: source, programmes: [
            programme("Telediario 2", at: 0, categories: ["Informativos"]),
            programme("Mar adentro", at: 3600, categories: ["Cine", "Drama"]),
            programme("La noche en 24h", at: 7200, categories: [], episode: 14),
            programme("Sin etiquetas", at: 9000, categories: []),
        ])
        let normalized = Normalizer.standard.normalize(extraction).programmes
        #expect(normalized.map(\.genres) == [[.news], [.drama], [], []])
        #expect(normalized.map(\.type) == [.news, .film, .series, nil])
        #expect(normalized[1].categories == ["Cine", "Drama"])
    }

    @Test func musicLabelsAndKeywordsBecomeMusicGenres() {
        let venue = Venue(id: VenueID(name: "Club", city: "Madrid"), name: "Club", city: "Madrid",
                          musicLabels: ["Techno", "House"], keywords: ["terraza", "reggaetón"], provenance: [Provenance(source: source)])
        let night = Night(venue: venue.id, date: Day("2026-11-27")!, title: "Noche", timeZone: "Europe/Madrid",
                          musicLabels: ["Indie"], keywords: ["conciertos"], provenance: [Provenance(source: source)])
        let normalized = Normalizer.standard.normalize(Extraction(source: source, venues: [venue], nights: [night]))
        #expect(normalized.venues[0].musicGenres == [.techno, .house, .reggaeton])
        #expect(normalized.venues[0].keywords == ["terraza", "reggaetón"])
        #expect(normalized.nights[0].musicGenres == [.indie, .live])
    }

    @Test func theSameAiringTwiceInOneExtractionIsStoredOnceWithItsGapsFilled() {
        var repeated = programme("Telediario 2", at: 0, categories: ["Noticias"])
        repeated.description = "Noticias del día"
        let extraction = Extraction(source: source, programmes: [programme("Telediario 2", at: 0, categories: ["Informativos"]), repeated])
        let normalized = Normalizer.standard.normalize(extraction).programmes
        #expect(normalized.count == 1)
        #expect(normalized[0].description == "Noticias del día")
        #expect(normalized[0].categories == ["Informativos", "Noticias"])
    }

    @Test func aDamagedTitleDoesNotReplaceTheStoredOneOfTheSameAiring() {
        let window = Timestamp(secondsSince1970: 1_795_000_000)...Timestamp(secondsSince1970: 1_795_086_400)
        let stored = programme("España directo", at: 0, categories: [])
        let damaged = programme("Espa\u{FFFD}a directo", at: 0, categories: [])
        var warnings: [String] = []
        let merged = ProgrammeMerger.replace(existing: [stored], with: [damaged], from: source, window: window, warnings: &warnings)
        #expect(merged.map(\.title) == ["España directo"])
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("kept the stored \"España directo\"") == true)
    }

    @Test func aDamagedTitleWithNothingGoodStoredIsStoredAndSaidSo() {
        let window = Timestamp(secondsSince1970: 1_795_000_000)...Timestamp(secondsSince1970: 1_795_086_400)
        var warnings: [String] = []
        let merged = ProgrammeMerger.replace(existing: [], with: [programme("Espa\u{FFFD}a", at: 0, categories: [])], from: source, window: window, warnings: &warnings)
        #expect(merged.count == 1)
        // Nothing stored to protect: the merge keeps it and the scrape's decoding warning is the place that says so.
        #expect(warnings.isEmpty)
    }
}

@Suite struct GenreLabelTests {
    /// Data set G's 25 labels, each to its own canonical genre: a genre filter must not merge two of them.
    @Test func everyLabelOfTheLargeGuideMapsToOneGenreOfItsOwn() {
        let labels = [
            "Acción", "Aventura", "Animación", "Biografía", "Ciencia ficción", "Comedia", "Crimen", "Deporte", "Documental",
            "Drama", "Familia", "Fantasía", "Guerra", "Historia", "Infantil", "Misterio", "Música", "Musical", "Noticias",
            "Política", "Romance", "Suspense", "Terror", "Viajes", "Western",
        ]
        let mapped = labels.map { GenreMapper.genres(for: [$0]) }
        #expect(mapped.allSatisfy { $0.count == 1 }, "\(zip(labels, mapped).filter { $0.1.count != 1 })")
        #expect(Set(mapped.compactMap(\.first)).count == labels.count)
        #expect(GenreMapper.genres(for: ["Musical"]) == [.musical])
        #expect(GenreMapper.genres(for: ["Música"]) == [.music])
    }
}
