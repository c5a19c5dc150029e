import CarteleraCore
import Testing

@Suite struct FNV1aTests {
    /// Reference values of 64-bit FNV-1a from the algorithm's authors' test suite.
    @Test func matchesTheReferenceValues() {
        #expect(FNV1a.hex([]) == "cbf29ce484222325")
        #expect(FNV1a.hex(Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(FNV1a.hex(Array("foobar".utf8)) == "85944171f73967e8")
    }

    @Test func combiningInPiecesEqualsHashingTheWhole() {
        var hash = FNV1a()
        hash.combine(Array("foo".utf8))
        hash.combine(Array("bar".utf8))
        #expect(hash.hex == FNV1a.hex(Array("foobar".utf8)))
    }
}
