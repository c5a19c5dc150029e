/// The canonical music taxonomy venues and nights are tagged with.
public enum MusicGenre: String, Codable, Sendable, CaseIterable, Comparable {
    case techno, house, electronic, reggaeton, latin, salsa, pop, rock, indie, hipHop = "hip-hop", rnb = "r-and-b",
         funk, soul, jazz, blues, flamenco, rumba, commercial, eighties = "80s", nineties = "90s", disco, drumAndBass = "drum-and-bass",
         trap, metal, punk, live

    /// The Spanish label shown to readers.
    public var spanishLabel: String {
        switch self {
        case .electronic: "Electrónica"
        case .latin: "Latina"
        case .hipHop: "Hip hop"
        case .rnb: "R&B"
        case .commercial: "Comercial"
        case .eighties: "Años 80"
        case .nineties: "Años 90"
        case .drumAndBass: "Drum and bass"
        case .live: "Música en directo"
        default: englishLabel
        }
    }

    /// The English label shown to readers.
    public var englishLabel: String {
        switch self {
        case .hipHop: "Hip hop"
        case .rnb: "R&B"
        case .eighties: "80s"
        case .nineties: "90s"
        case .drumAndBass: "Drum and bass"
        case .live: "Live music"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    /// Orders music genres by id.
    public static func < (lhs: MusicGenre, rhs: MusicGenre) -> Bool { lhs.rawValue < rhs.rawValue }
}
