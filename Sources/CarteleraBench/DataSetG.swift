import CarteleraCore

/// Data set G of `../shared/BENCHMARKS.md`: 1,004,095 programmes on 900 channels over 14 days and 5,000 venues,
/// drawn exactly as the reference generator `../shared/bench/cartelera_gen.py` draws them.
///
/// The reference's docstring specifies every draw; this is a port of it, checked by the SHA-256 of the JSON
/// Lines it writes (`DataSetG.referenceHashes`).
public enum DataSetG {
    /// One programme of G.
    public struct Programme: Sendable, Hashable {
        /// 1 to 1,004,095, in generation order (day, then channel, then time).
        public var id: Int
        /// `ch001` to `ch900`.
        public var channel: String
        /// Epoch seconds.
        public var start: Int64
        /// Epoch seconds; the last programme of a day stops at midnight.
        public var stop: Int64
        /// One of the 20,000 titles.
        public var title: String
        /// film, series, show, documentary, sport, news or kids.
        public var type: String
        /// One to three of `genres`, distinct, in draw order.
        public var genres: [String]
        /// Films only.
        public var year: Int?
        /// 1.0 to 10.0 in tenths.
        public var rating: Double
    }

    /// One venue of G.
    public struct Venue: Sendable, Hashable {
        /// 1 to 5,000.
        public var id: Int
        /// A Spanish-looking venue name.
        public var name: String
        /// Degrees, around Madrid.
        public var latitude: Double
        /// Degrees, around Madrid.
        public var longitude: Double
        /// Music genre labels.
        public var music: [String]
        /// Whether entry is free.
        public var freeEntry: Bool
        /// 1.0 to 5.0 in tenths.
        public var rating: Double
    }

    /// The SHA-256 of the reference JSON Lines files.
    public static let referenceHashes = [
        "programmes.jsonl": "62785bfc1be69d25d111c772d69a576ad6e2438acbc395a54b6d971b80a655d3",
        "venues.jsonl": "317d6376dd895907ce0d38cd39a7f5ce6edfbb5658923b3bf9c99fe71022890a",
    ]

    /// 2026-11-23T00:00:00Z, where day 0 starts.
    public static let base: Int64 = 1_795_392_000
    /// The query shapes' "now": 2026-11-25T18:00Z.
    public static let now: Int64 = 1_795_629_600
    /// Days of programmes.
    public static let dayCount = 14
    /// Channels, `ch001` to `ch900`.
    public static let channelCount = 900
    /// Venues.
    public static let venueCount = 5000

    /// The genres, in the reference's order (q2 run i uses `genres[i % 25]`).
    public static let genres = [
        "Acción", "Aventura", "Animación", "Biografía", "Ciencia ficción", "Comedia", "Crimen", "Deporte", "Documental",
        "Drama", "Familia", "Fantasía", "Guerra", "Historia", "Infantil", "Misterio", "Música", "Musical", "Noticias",
        "Política", "Romance", "Suspense", "Terror", "Viajes", "Western",
    ]
    static let types = ["film", "series", "show", "documentary", "sport", "news", "kids"]
    static let typeWeights = [15, 25, 15, 10, 10, 15, 10]
    static let durations = [15, 20, 30, 45, 60, 90, 120]
    static let durationWeights = [860, 50, 40, 20, 20, 7, 3]
    static let venuePrefixes = ["Sala", "Club", "Bar", "Discoteca", "Teatro", "Café", "Terraza", "Espacio"]
    static let music = [
        "techno", "house", "reggaetón", "salsa", "rock", "indie", "jazz", "flamenco", "pop", "hip hop", "latino", "electrónica",
        "bachata", "funk", "soul",
    ]

    /// The whole set would hold ~150 MB: programmes are generated one at a time.
    /// Every programme of the first `days` days (or the first `limit` programmes), in id order, handed to `body` one at a time.
    public static func forEachProgramme(days: Int = dayCount, limit: Int = .max, _ body: (Programme) throws -> Void) rethrows {
        let titles = Vocabulary.shared.titles
        var id = 0
        for day in 0..<min(max(days, 0), dayCount) {
            let dayStart = base + 86_400 * Int64(day)
            let dayEnd = dayStart + 86_400
            for channel in 0..<channelCount {
                var random = SplitMix64(2, UInt64(day), UInt64(channel))
                let channelID = channelName(channel)
                var start = dayStart
                while start < dayEnd {
                    let minutes = random.weighted(durations, durationWeights)
                    let type = random.weighted(types, typeWeights)
                    let title = titles[random.below(titles.count)]
                    let count = 1 + random.below(3)
                    let genres = random.pickDistinct(Self.genres, count)
                    let year = type == "film" ? 1950 + random.below(77) : nil
                    let rating = Double(10 + random.below(91)) / 10
                    let stop = min(start + 60 * Int64(minutes), dayEnd)
                    id += 1
                    try body(Programme(id: id, channel: channelID, start: start, stop: stop, title: title, type: type,
                                       genres: genres, year: year, rating: rating))
                    if id >= limit { return }
                    start = stop
                }
            }
        }
    }

    /// Every venue, in id order.
    public static func venues() -> [Venue] {
        let words = Vocabulary.shared.generatedWords
        var random = SplitMix64(3)
        return (1...venueCount).map { id in
            let prefix = venuePrefixes[random.below(venuePrefixes.count)]
            let word = words[random.below(words.count)]
            let latitude = roundedToSixDecimals(40.35 + random.uniform() * 0.15)
            let longitude = roundedToSixDecimals(-3.80 + random.uniform() * 0.20)
            let count = 1 + random.below(3)
            let music = random.pickDistinct(Self.music, count)
            let free = random.below(100) < 30
            let rating = Double(10 + random.below(41)) / 10
            return Venue(id: id, name: prefix + " " + capitalizingFirst(word), latitude: latitude, longitude: longitude,
                         music: music, freeEntry: free, rating: rating)
        }
    }

    /// `ch001` … `ch900` for channel index 0 … 899.
    public static func channelName(_ index: Int) -> String {
        let number = String(index + 1)
        return "ch" + String(repeating: "0", count: max(0, 3 - number.count)) + number
    }

    /// Python's `round(x, 6)`: the double nearest the decimal rounding of x's exact value.
    static func roundedToSixDecimals(_ value: Double) -> Double {
        Double(String(format: "%.6f", value)) ?? value
    }

    /// The text with its first character upper-cased, as Python's `s[0].upper() + s[1:]`.
    static func capitalizingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
