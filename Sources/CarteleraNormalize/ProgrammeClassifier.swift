import CarteleraModel

/// Maps each programme's own labels onto the canonical genres and a programme type.
///
/// A programme with a season or episode number and no type from its labels is a series.
public struct ProgrammeClassifier: NormalizeStep {
    /// The classifier.
    public init() {}

    /// Sets `genres` and, when the source gave none, `type` from the categories.
    public func apply(to extraction: inout Extraction, warnings: inout [String]) {
        for index in extraction.programmes.indices {
            var programme = extraction.programmes[index]
            for genre in GenreMapper.genres(for: programme.categories) where !programme.genres.contains(genre) {
                programme.genres.append(genre)
            }
            if programme.type == nil {
                programme.type = GenreMapper.type(for: programme.categories)
                    ?? (programme.season != nil || programme.episode != nil ? .series : nil)
            }
            extraction.programmes[index] = programme
        }
    }
}
