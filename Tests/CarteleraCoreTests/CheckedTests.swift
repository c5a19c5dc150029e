import CarteleraCore
import Testing

@Suite struct CheckedTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, 9.3e18])
    func doublesBeyondIntAreRefusedNotTrapped(value: Double) {
        #expect(Checked.rounded(value) == nil)
        #expect(Checked.floor(value) == nil)
    }

    @Test func doublesInRangeRoundAsExpected() {
        #expect(Checked.rounded(2.5) == 3)
        #expect(Checked.rounded(-2.4) == -2)
        #expect(Checked.floor(-0.5) == -1)
    }

    @Test func twentyDigitsOverflowOneDigitAtATime() {
        var value: Int? = 0
        for digit in Array(repeating: 9, count: 20) { value = value.flatMap { Checked.appendingDigit($0, digit) } }
        #expect(value == nil)
        #expect(Checked.appendingDigit(922_337_203_685_477_580, 7) == Int.max)
        #expect(Checked.appendingDigit(922_337_203_685_477_580, 8) == nil)
    }

    @Test func productsAndSumsReportOverflow() {
        #expect(Checked.multiply(Int.max / 2 + 1, 2) == nil)
        #expect(Checked.multiply(3_600, 24) == 86_400)
        #expect(Checked.add(Int.max, 1) == nil)
    }

    @Test func millisecondsAreClampedForTimers() {
        #expect(Checked.milliseconds(.nan) == 0)
        #expect(Checked.milliseconds(-3) == 0)
        #expect(Checked.milliseconds(.infinity) == Int(Int32.max))
        #expect(Checked.milliseconds(1.5) == 1_500)
    }
}
