@testable import CarteleraServer
import Testing

@Suite struct XXH64Tests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { XXH64.hex($0) }
    }

    /// Reference values from xxHash's own `xxhsum -H64`, over every path: short input, the four lanes, and each tail
    /// (eight bytes, four, single bytes).
    @Test func hashesAsTheReferenceImplementation() {
        #expect(hex([]) == "ef46db3751d8e999")
        #expect(hex(Array("a".utf8)) == "d24ec4f1a98c6e5b")
        #expect(hex(Array("abc".utf8)) == "44bc2cf5ad770999")
        #expect(hex(Array("Nobody inspects the spammish repetition".utf8)) == "fbcea83c8a378bf1")
        #expect(hex(Array((0...255).map { UInt8($0) }.prefix(45))) == "10fdd84d6409abdf")
        #expect(hex(Array(repeating: (0...255).map { UInt8($0) }, count: 3).flatMap { $0 }) == "8e03c838c596036f")
    }

    /// One changed byte anywhere changes the hash.
    @Test func aChangedByteChangesTheHash() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let original = hex(bytes)
        for position in [0, 31, 32, 500, 991, 996, 999] {
            var changed = bytes
            changed[position] ^= 1
            #expect(hex(changed) != original)
        }
    }
}
