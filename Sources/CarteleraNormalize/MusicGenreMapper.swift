import CarteleraCore
import CarteleraModel

/// Maps a venue's or night's own music labels onto the canonical music genres.
public enum MusicGenreMapper {
    /// Folded keyword → genre; a label maps to every genre whose keyword starts one of its words.
    static let keywords: [(String, MusicGenre)] = [
        ("techno", .techno), ("tecno", .techno), ("house", .house), ("electronica", .electronic), ("electronic", .electronic),
        ("edm", .electronic), ("reggaeton", .reggaeton), ("regueton", .reggaeton), ("latin", .latin), ("latina", .latin),
        ("bachata", .latin), ("merengue", .latin), ("salsa", .salsa), ("pop", .pop), ("rock", .rock), ("indie", .indie),
        ("hip hop", .hipHop), ("hiphop", .hipHop), ("rap", .hipHop), ("r&b", .rnb), ("rnb", .rnb), ("funk", .funk),
        ("soul", .soul), ("jazz", .jazz), ("blues", .blues), ("flamenco", .flamenco), ("rumba", .rumba),
        ("comercial", .commercial), ("commercial", .commercial), ("mainstream", .commercial), ("80", .eighties),
        ("ochenta", .eighties), ("90", .nineties), ("noventa", .nineties), ("disco", .disco), ("drum", .drumAndBass),
        ("dnb", .drumAndBass), ("trap", .trap), ("metal", .metal), ("punk", .punk), ("directo", .live), ("live", .live),
        ("concierto", .live), ("conciertos", .live),
    ]

    /// The canonical genres the labels name, without duplicates, in label order.
    public static func genres(for labels: [String]) -> [MusicGenre] {
        var result: [MusicGenre] = []
        for label in labels {
            let folded = TextFolding.fold(label)
            let words = folded.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "&" }).map(String.init)
            for (keyword, genre) in keywords where !result.contains(genre) {
                let matched = keyword.contains(" ") ? folded.contains(keyword) : words.contains { $0.hasPrefix(keyword) }
                if matched { result.append(genre) }
            }
        }
        return result
    }
}
