import CarteleraCore
import CarteleraModel

/// The names a query accepts for genres, music genres and programme types: canonical ids and Spanish and English labels.
enum QueryVocabulary {
    /// Every value with its canonical name and the folded names that mean it.
    struct Table<Value: Sendable>: Sendable {
        /// What the values are called in messages ("genre").
        let noun: String
        let entries: [(canonical: String, names: [String], value: Value)]
        /// Each value's names as they are usually written (as labelled, in lower and in upper case), with the value
        /// `value(for:)` gives them: most names asked for are found here without being folded (a name with an accent
        /// costs Foundation's decomposition otherwise).
        private let spelled: [String: Value]

        /// The value a name means, accent- and case-insensitively; nil when it means none.
        func value(for name: String) -> Value? {
            if let value = spelled[name] { return value }
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
            let entries: [(canonical: String, names: [String], value: Value)] = values.map { value in
                (canonical(value), Array(Set(labels(value).map(TextFolding.fold))), value)
            }
            var spelled: [String: Value] = [:]
            for name in values.flatMap(labels).flatMap({ [$0, $0.lowercased(), $0.uppercased()] }) {
                // Each spelling keeps the value folding it gives, so a name means the same whichever way it is found.
                let folded = TextFolding.fold(name)
                if let value = entries.first(where: { $0.names.contains(folded) })?.value { spelled[name] = value }
            }
            self.entries = entries
            self.spelled = spelled
        }
    }

    static let genre = Table(noun: "genre", Genre.allCases, canonical: \.rawValue) { [$0.rawValue, $0.spanishLabel, $0.englishLabel] }
    static let musicGenre = Table(noun: "music genre", MusicGenre.allCases, canonical: \.rawValue) { [$0.rawValue, $0.spanishLabel, $0.englishLabel] }
    static let programmeType = Table(noun: "programme type", ProgrammeType.allCases, canonical: \.rawValue) { [$0.rawValue, $0.spanishLabel, $0.englishLabel] }
}
