import CarteleraCore

/// Data set G's words and titles, drawn once from stream (1,) as the reference does.
final class Vocabulary: Sendable {
    /// Built on first use: 4,000 generated words and 20,000 titles take a moment.
    static let shared = Vocabulary()

    /// The reference's real Spanish words, repeats dropped with first occurrences kept (207 words).
    static let realWords: [String] = {
        var seen = Set<String>()
        return listedRealWords.filter { seen.insert($0).inserted }
    }()

    /// The list as the reference writes it, repeats included.
    private static let listedRealWords = [
        "acción", "amor", "noche", "día", "corazón", "canción", "pasión", "música", "película", "último", "héroes",
        "aventura", "misión", "ciudad", "camino", "secreto", "mar", "sol", "luna", "tierra", "fuego", "agua", "viento",
        "isla", "montaña", "río", "cielo", "estrella", "guerra", "paz", "vida", "muerte", "tiempo", "historia",
        "leyenda", "sueño", "destino", "familia", "hermanos", "amigos", "casa", "jardín", "escuela", "policía",
        "detective", "crimen", "justicia", "verdad", "mentira", "silencio", "sombra", "luz", "oscuridad", "rey",
        "reina", "príncipe", "princesa", "dragón", "caballero", "pirata", "tesoro", "viaje", "regreso", "fútbol",
        "baloncesto", "tenis", "carrera", "campeón", "partido", "liga", "copa", "gol", "noticias", "informe", "diario",
        "mañana", "tarde", "invierno", "verano", "otoño", "primavera", "árbol", "bosque", "desierto", "océano",
        "volcán", "pájaro", "león", "tigre", "lobo", "caballo", "perro", "gato", "ratón", "pequeño", "grande", "nuevo",
        "viejo", "joven", "último", "primero", "segundo", "tercero", "rojo", "azul", "verde", "negro", "blanco",
        "dorado", "plata", "oro", "hierro", "cristal", "espejo", "puerta", "ventana", "calle", "plaza", "mercado",
        "cocina", "receta", "sabor", "fiesta", "baile", "salsa", "tango", "flamenco", "guitarra", "piano", "orquesta",
        "teatro", "cine", "cámara", "foto", "imagen", "mundo", "país", "nación", "región", "pueblo", "aldea",
        "frontera", "norte", "sur", "este", "oeste", "capitán", "doctor", "médico", "enfermera", "abogado", "juez",
        "ladrón", "espía", "agente", "código", "clave", "enigma", "misterio", "fantasma", "ángel", "demonio",
        "milagro", "magia", "bruja", "hechizo", "poción", "castillo", "torre", "puente", "túnel", "tren", "avión",
        "barco", "coche", "motor", "velocidad", "explosión", "rescate", "huida", "venganza", "traición", "honor",
        "gloria", "éxito", "fracaso", "esperanza", "miedo", "valor", "razón", "corazón", "alma", "cuerpo", "mente",
        "memoria", "olvido", "recuerdo", "nostalgia", "canción", "poema", "novela", "capítulo", "episodio",
        "temporada", "estación", "compañía", "revolución", "evolución", "ilusión", "emoción",
    ]

    static let onsets = ["", "b", "c", "d", "f", "g", "l", "m", "n", "ñ", "p", "r", "s", "t", "v", "ch", "ll", "br", "cr", "tr", "pl", "gr",
                         "fl", "qu", "z"]
    static let nuclei = ["a", "e", "i", "o", "u", "ia", "ie", "ue", "io", "au"]
    static let codas = ["", "", "", "", "n", "s", "r", "l", "z", "d"]
    static let acute: [Character: Character] = ["a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú"]
    static let articles = ["El", "La", "Los", "Las", "Un", "Una"]

    /// 4,000 distinct generated words, in order of first appearance.
    let generatedWords: [String]
    /// 20,000 distinct titles, in order of first appearance.
    let titles: [String]

    private init() {
        var random = SplitMix64(1)
        let real = Set(Self.realWords)
        var words: [String] = []
        var seenWords = Set<String>()
        while words.count < 4000 {
            let word = Self.generatedWord(&random)
            if real.contains(word) || !seenWords.insert(word).inserted { continue }
            words.append(word)
        }
        var titles: [String] = []
        var seenTitles = Set<String>()
        while titles.count < 20_000 {
            let title: String
            switch random.below(6) {
            case 0: title = Self.pickWord(&random, words)
            case 1: title = Self.articles[random.below(Self.articles.count)] + " " + Self.pickWord(&random, words)
            case 2:
                let first = Self.pickWord(&random, words)
                title = first + " de " + Self.pickWord(&random, words)
            case 3:
                let first = Self.pickWord(&random, words)
                title = first + " y " + Self.pickWord(&random, words)
            case 4:
                let article = Self.articles[random.below(Self.articles.count)]
                let first = Self.pickWord(&random, words)
                title = article + " " + first + " " + Self.pickWord(&random, words)
            default:
                let first = Self.pickWord(&random, words)
                let second = Self.pickWord(&random, words)
                title = first + " " + second + " " + Self.pickWord(&random, words)
            }
            let capitalized = DataSetG.capitalizingFirst(title)
            if seenTitles.insert(capitalized).inserted { titles.append(capitalized) }
        }
        generatedWords = words
        self.titles = titles
    }

    /// A real word 35 times in 100, else a generated one.
    static func pickWord(_ random: inout SplitMix64, _ generated: [String]) -> String {
        if random.below(100) < 35 { return realWords[random.below(realWords.count)] }
        return generated[random.below(generated.count)]
    }

    /// Two or three syllables of onset, nucleus and coda, one of them (maybe) stressed with an acute accent.
    static func generatedWord(_ random: inout SplitMix64) -> String {
        let syllables = 2 + random.below(2)
        let stressed = random.below(syllables + 2)
        var word = ""
        for index in 0..<syllables {
            let onset = onsets[random.below(onsets.count)]
            var nucleus = nuclei[random.below(nuclei.count)]
            let coda = codas[random.below(codas.count)]
            if index == stressed, let first = nucleus.first, let accented = acute[first] {
                nucleus = String(accented) + nucleus.dropFirst()
            }
            word += onset + nucleus + coda
        }
        return word
    }
}
