import CarteleraCore
import Testing

@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("Acción", "accion"), ("ESPAÑA", "espana"), ("Straße", "strasse"), ("Ærø", "aero"), ("Œuvre", "oeuvre"),
        ("Łódź", "lodz"), ("Đakovo", "dakovo"), ("Þór", "thor"), ("  Sala   El\tSol  ", "sala el sol"), ("Ça", "ca"),
    ])
    func foldingDropsAccentsAndSpellsOutLettersThatDoNotDecompose(input: String, folded: String) {
        #expect(TextFolding.fold(input) == folded)
    }

    @Test func wordsAreTheFoldedRunsOfLettersAndDigits() {
        #expect(TextFolding.words("¡Hola, Señor! (1992)") == ["hola", "senor", "1992"])
        #expect(TextFolding.words(" ,;- ") == [])
    }

    @Test func foldingKeepsScriptsThatHaveNoLatinSpelling() {
        #expect(TextFolding.fold("Ελληνικά") == "ελληνικα")
    }

    /// ASCII text takes a byte-by-byte path: it must fold exactly as the Unicode path does, which one accented letter forces.
    @Test func asciiTextFoldsAsTheUnicodePathDoes() {
        var random = SplitMix64(seed: 7)
        let alphabet: [UInt8] = Array(0..<0x80)
        for _ in 0..<2_000 {
            let length = random.below(12)
            let text = String(decoding: (0..<length).map { _ in alphabet[random.below(alphabet.count)] }, as: UTF8.self)
            let ascii = TextFolding.fold(text)
            let startsWithSpace = text.unicodeScalars.first.map { $0.properties.isWhitespace } ?? false
            #expect(TextFolding.fold("é" + text) == "e" + (startsWithSpace && !ascii.isEmpty ? " " : "") + ascii, "\(Array(text.utf8))")
            let words = TextFolding.words(folded: ascii)
            #expect(words == ascii.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init), "\(Array(text.utf8))")
        }
    }
}
