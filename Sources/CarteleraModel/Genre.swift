/// The canonical genre taxonomy every source's labels are mapped onto.
public enum Genre: String, Codable, Sendable, CaseIterable, Comparable {
    case action, adventure, animation, comedy, crime, documentary, drama, family, fantasy, history,
         horror, music, mystery, romance, scienceFiction = "science-fiction", thriller, war, western,
         news, sport, talkShow = "talk-show", reality, gameShow = "game-show", kids, lifestyle,
         cooking, travel, nature, science, religion, culture, entertainment, education, weather, adult,
         biography, politics, musical

    /// The Spanish label shown to readers.
    public var spanishLabel: String {
        switch self {
        case .action: "Acción"
        case .adventure: "Aventuras"
        case .animation: "Animación"
        case .comedy: "Comedia"
        case .crime: "Policíaco"
        case .documentary: "Documental"
        case .drama: "Drama"
        case .family: "Familiar"
        case .fantasy: "Fantasía"
        case .history: "Historia"
        case .horror: "Terror"
        case .music: "Música"
        case .mystery: "Misterio"
        case .romance: "Romántico"
        case .scienceFiction: "Ciencia ficción"
        case .thriller: "Suspense"
        case .war: "Bélico"
        case .western: "Western"
        case .news: "Informativos"
        case .sport: "Deportes"
        case .talkShow: "Tertulia"
        case .reality: "Telerrealidad"
        case .gameShow: "Concurso"
        case .kids: "Infantil"
        case .lifestyle: "Estilo de vida"
        case .cooking: "Cocina"
        case .travel: "Viajes"
        case .nature: "Naturaleza"
        case .science: "Ciencia"
        case .religion: "Religión"
        case .culture: "Cultura"
        case .entertainment: "Entretenimiento"
        case .education: "Educación"
        case .weather: "El tiempo"
        case .adult: "Adultos"
        case .biography: "Biografía"
        case .politics: "Política"
        case .musical: "Musical"
        }
    }

    /// The English label shown to readers.
    public var englishLabel: String {
        switch self {
        case .scienceFiction: "Science fiction"
        case .talkShow: "Talk show"
        case .gameShow: "Game show"
        case .kids: "Children"
        case .news: "News"
        case .sport: "Sport"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    /// Orders genres by id.
    public static func < (lhs: Genre, rhs: Genre) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What kind of programme an item is.
public enum ProgrammeType: String, Codable, Sendable, CaseIterable {
    case film, series, show, documentary, sport, news, kids

    /// The Spanish label shown to readers.
    public var spanishLabel: String {
        switch self {
        case .film: "Película"
        case .series: "Serie"
        case .show: "Programa"
        case .documentary: "Documental"
        case .sport: "Deportes"
        case .news: "Informativo"
        case .kids: "Infantil"
        }
    }

    /// The English label shown to readers.
    public var englishLabel: String {
        switch self {
        case .film: "Film"
        case .series: "Series"
        case .show: "Show"
        case .documentary: "Documentary"
        case .sport: "Sport"
        case .news: "News"
        case .kids: "Children"
        }
    }
}
