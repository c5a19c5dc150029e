import CarteleraCore
import CarteleraModel
import Foundation

/// Maps a source's own category labels onto the canonical genres and a programme type.
public enum GenreMapper {
    /// Folded keyword → genre; a label maps to every genre whose keyword it contains as a word prefix.
    static let keywords: [(String, Genre)] = [
        ("accion", .action), ("action", .action), ("aventura", .adventure), ("adventure", .adventure),
        ("animacion", .animation), ("animation", .animation), ("dibujos", .animation), ("anime", .animation),
        ("comedia", .comedy), ("comedy", .comedy), ("humor", .comedy), ("sitcom", .comedy),
        ("policiac", .crime), ("policial", .crime), ("crimen", .crime), ("crime", .crime), ("thriller", .thriller),
        ("suspense", .thriller), ("intriga", .mystery), ("misterio", .mystery), ("mystery", .mystery),
        ("documental", .documentary), ("documentary", .documentary), ("docu", .documentary),
        ("drama", .drama), ("famili", .family), ("family", .family), ("fantas", .fantasy),
        ("historia", .history), ("historic", .history), ("history", .history), ("terror", .horror), ("horror", .horror),
        ("musica", .music), ("musical", .music), ("music", .music), ("concierto", .music), ("concert", .music),
        ("romantic", .romance), ("romance", .romance), ("ciencia ficcion", .scienceFiction), ("sci-fi", .scienceFiction),
        ("science fiction", .scienceFiction), ("belico", .war), ("guerra", .war), ("war", .war), ("western", .western),
        ("oeste", .western), ("informativo", .news), ("noticia", .news), ("noticiero", .news), ("news", .news),
        ("telediario", .news), ("jornalismo", .news), ("actualidad", .news),
        ("deporte", .sport), ("sport", .sport), ("futbol", .sport), ("football", .sport), ("soccer", .sport),
        ("baloncesto", .sport), ("tenis", .sport), ("motor", .sport), ("ciclismo", .sport), ("esporte", .sport),
        ("tertulia", .talkShow), ("talk", .talkShow), ("debate", .talkShow), ("magazine", .entertainment),
        ("reality", .reality), ("telerrealidad", .reality), ("concurso", .gameShow), ("quiz", .gameShow),
        ("game show", .gameShow), ("infantil", .kids), ("kids", .kids), ("children", .kids), ("ninos", .kids),
        ("juvenil", .kids), ("estilo de vida", .lifestyle), ("lifestyle", .lifestyle), ("moda", .lifestyle),
        ("cocina", .cooking), ("cooking", .cooking), ("gastronom", .cooking), ("viaje", .travel), ("travel", .travel),
        ("naturaleza", .nature), ("nature", .nature), ("animales", .nature), ("wildlife", .nature),
        ("ciencia", .science), ("science", .science), ("religi", .religion), ("misa", .religion),
        ("cultura", .culture), ("culture", .culture), ("arte", .culture), ("arts", .culture),
        ("entretenimiento", .entertainment), ("entertainment", .entertainment), ("variedades", .entertainment),
        ("educa", .education), ("education", .education), ("tiempo", .weather), ("weather", .weather),
        ("adulto", .adult), ("adult", .adult), ("biograf", .biography), ("biopic", .biography),
        ("politic", .politics), ("parlament", .politics), ("elecciones", .politics),
    ]

    /// Whole words that name a genre on their own and must not fall to a shorter keyword's prefix ("musical" is not "música").
    static let wholeWords: [String: Genre] = ["musical": .musical, "musicales": .musical, "musicals": .musical]

    /// Folded keyword → programme type, checked in order.
    static let typeKeywords: [(String, ProgrammeType)] = [
        ("cine", .film), ("pelicula", .film), ("film", .film), ("movie", .film), ("largometraje", .film),
        ("serie", .series), ("series", .series), ("telenovela", .series), ("episod", .series), ("sitcom", .series),
        ("documental", .documentary), ("documentary", .documentary),
        ("informativo", .news), ("noticia", .news), ("noticiero", .news), ("news", .news), ("telediario", .news),
        ("deporte", .sport), ("sport", .sport), ("futbol", .sport), ("esporte", .sport),
        ("infantil", .kids), ("kids", .kids), ("children", .kids), ("dibujos", .kids),
    ]

    /// The canonical genres the labels name, without duplicates, in label order.
    public static func genres(for labels: [String]) -> [Genre] {
        var result: [Genre] = []
        for label in labels {
            var folded = TextFolding.words(label).joined(separator: " ")
            // Phrases first, and taken out, so "science fiction" does not also count as "science".
            for (keyword, genre) in keywords where keyword.contains(" ") && folded.contains(keyword) {
                if !result.contains(genre) { result.append(genre) }
                folded = folded.replacingOccurrences(of: keyword, with: " ")
            }
            var words: [String] = []
            for word in folded.split(separator: " ").map(String.init) {
                if let genre = wholeWords[word] {
                    if !result.contains(genre) { result.append(genre) }
                } else {
                    words.append(word)
                }
            }
            for (keyword, genre) in keywords where !keyword.contains(" ") && matches(keyword, folded: words.joined(separator: " "), words: words) && !result.contains(genre) {
                result.append(genre)
            }
        }
        return result
    }

    /// The programme type the labels suggest, if any.
    public static func type(for labels: [String]) -> ProgrammeType? {
        let prepared = labels.map { label -> (String, [String]) in
            let words = TextFolding.words(label)
            return (words.joined(separator: " "), words)
        }
        for (keyword, type) in typeKeywords where prepared.contains(where: { matches(keyword, folded: $0.0, words: $0.1) }) {
            return type
        }
        return nil
    }

    private static func matches(_ keyword: String, folded: String, words: [String]) -> Bool {
        if keyword.contains(" ") || keyword.contains("-") { return folded.contains(keyword) }
        return words.contains { $0.hasPrefix(keyword) }
    }
}
