import CarteleraModel

/// Maps venues' and nights' music labels and keywords onto the canonical music genres.
public struct MusicClassifier: NormalizeStep {
    /// The classifier.
    public init() {}

    /// Adds the genres that the labels, then the keywords, name.
    public func apply(to extraction: inout Extraction, warnings: inout [String]) {
        for index in extraction.venues.indices {
            let venue = extraction.venues[index]
            extraction.venues[index].musicGenres = Self.adding(MusicGenreMapper.genres(for: venue.musicLabels + venue.keywords), to: venue.musicGenres)
        }
        for index in extraction.nights.indices {
            let night = extraction.nights[index]
            extraction.nights[index].musicGenres = Self.adding(MusicGenreMapper.genres(for: night.musicLabels + night.keywords), to: night.musicGenres)
        }
    }

    private static func adding(_ genres: [MusicGenre], to existing: [MusicGenre]) -> [MusicGenre] {
        existing + genres.filter { !existing.contains($0) }
    }
}
