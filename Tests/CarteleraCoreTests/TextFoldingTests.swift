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
}
