import CarteleraStore
import Foundation
import Testing

/// Numbers are written as `JSONEncoder` writes them, whole ones as integers: the store's shards, and the answer rows that
/// share `CanonicalJSON.wholeNumber`, depend on it.
@Suite struct CanonicalNumberTests {
    static let values: [Double] = [0, -0.0, 1, -3, 2.5, 0.1, -0.25, 1e-7, 123_456.789, 999_999_999_999_999, 1e15, -1e15, 4.2e21,
                                   40.4168, -3.7038, 0.3333333333333333, .greatestFiniteMagnitude, .leastNonzeroMagnitude]

    @Test(arguments: values)
    func aNumberIsWrittenAsJSONEncoderWritesIt(value: Double) throws {
        var written: [UInt8] = []
        CanonicalJSON.append(number: value, to: &written)
        let encoded = try JSONEncoder().encode([value])
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: encoded.dropFirst().dropLast(), as: UTF8.self))
    }

    @Test func onlyWholeNumbersUnderTenToTheFifteenthOtherThanMinusZeroAreIntegers() {
        #expect(CanonicalJSON.wholeNumber(3) == 3)
        #expect(CanonicalJSON.wholeNumber(-999_999_999_999_999) == -999_999_999_999_999)
        #expect(CanonicalJSON.wholeNumber(0) == 0)
        #expect(CanonicalJSON.wholeNumber(-0.0) == nil)
        #expect(CanonicalJSON.wholeNumber(1e15) == nil)
        #expect(CanonicalJSON.wholeNumber(2.5) == nil)
        #expect(CanonicalJSON.wholeNumber(.infinity) == nil)
        #expect(CanonicalJSON.wholeNumber(.nan) == nil)
    }
}
