import CarteleraCore
import CarteleraModel

/// The names a query accepts for genres, music genres and programme types: canonical ids and Spanish and English labels.
enum QueryVocabulary {
    /// Every value with its canonical name and the folded names that mean it.
    struct Table<Value: Sendable>: Sendable {
        /// What the values are called in messages ("genre").
        let noun: String
        let entries: [(canonical: String, names: [String], value: Value)]

        /// The value a name means, accent- and case-insensitively; nil when it means none.
        func value(for name: String) -> Value? {
            let folded = TextFolding.fold(name)
            return entries.first { $0.names.contains(folded) }?.value
        }

        /// The three canonical names closest to `name` by edit distance over all their names, then alphabetically.
        func closest(to name: String) -> [String] {
            let folded = TextFolding.fold(name)
            return entries.map { entry in (entry.canonical, entry.names.map { EditDistance.between(folded, $0, limit: 64) }.min() ?? 64) }
                .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
                .prefix(3).map(\.0)
        }

        init(noun: String, _ values: [Value], canonical: (Value) -> String, labels: (Value) -> [String]) {
            self.noun = noun
            entries = values.map { value in (canonical(value), Array(Set(labels(value).map(TextFolding.fold))), value) }
        }
    }

    static let genre = Table(noun: "genre", Genre.allCases, canonical: \.rawValue) { [$0.rawValue, $0.spanishLabel, $0.englishLabel] }
    static let musicGenre = Table(noun: "music genre", MusicGenre.allCases, canonical: \.rawValue) { [$0.rawValue, $0.spanishLabel, $0.englishLabel] }
    static let programmeType = Table(noun: "programme type", ProgrammeType.allCases, canonical: \.rawValue) { [$0.rawValue, $0.spanishLabel, $0.englishLabel] }
}
