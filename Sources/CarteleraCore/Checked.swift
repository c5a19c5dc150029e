/// Conversions of numbers that came from outside (a page, a header, a file) that never trap.
///
/// `Int(someDouble)` traps on NaN, infinities and values beyond `Int`'s range, and `a * 10 + d` traps on
/// overflow; these return nil instead, so a caller reports the value rather than crashing the run.
public enum Checked {
    /// The nearest whole number, or nil for NaN, an infinity or a value beyond `Int`'s range.
    public static func rounded(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int(exactly: value.rounded())
    }

    /// The whole number below or equal, or nil for NaN, an infinity or a value beyond `Int`'s range.
    public static func floor(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int(exactly: value.rounded(.down))
    }

    /// `value * 10 + digit`, or nil when it overflows: for reading numbers one digit at a time.
    public static func appendingDigit(_ value: Int, _ digit: Int) -> Int? {
        let (tens, overflowTens) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflowSum) = tens.addingReportingOverflow(digit)
        return overflowTens || overflowSum ? nil : sum
    }

    /// `a * b`, or nil on overflow.
    public static func multiply(_ a: Int, _ b: Int) -> Int? {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : product
    }

    /// `a + b`, or nil on overflow.
    public static func add(_ a: Int, _ b: Int) -> Int? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : sum
    }

    /// Milliseconds for a duration in seconds, clamped to `0...limit`; NaN counts as 0.
    public static func milliseconds(_ seconds: Double, limit: Int = Int(Int32.max)) -> Int {
        guard !seconds.isNaN else { return 0 }
        let millis = seconds * 1000
        if millis <= 0 { return 0 }
        if millis >= Double(limit) { return limit }
        return Int(millis)
    }
}
