import CarteleraModel

/// Reads the numeric fields of one scraped item: a value that cannot be held is dropped with a message naming
/// the item and the field, never trapped on or stored; the scraper adds the source and page to each message.
struct NumberFields {
    /// What the values belong to, first in every message: `La1.es 2026-11-27 "Telediario"`, `event "Noche techno"`.
    let item: String
    /// One message per value dropped, in field order.
    private(set) var dropped: [ScrapeMessage] = []

    init(item: String) { self.item = item }

    /// A whole number (`NumberParsing.integer`); nil when absent, without a number, or dropped.
    mutating func integer(_ field: String, _ text: String?) -> Int? {
        read(field, text, NumberParsing.checkedInteger)
    }

    /// A decimal number (`NumberParsing.decimal`); nil when absent, without a number, or dropped.
    mutating func decimal(_ field: String, _ text: String?) -> Double? {
        read(field, text, NumberParsing.checkedDecimal)
    }

    /// A length in seconds (`NumberParsing.duration`), a bare number counting `unit`s (minutes unless given); nil when
    /// absent, without a duration, or dropped.
    mutating func duration(_ field: String, _ text: String?, unit: DurationUnit? = nil) -> Int? {
        guard let unit, let text, let number = Double(text.trimmingWhitespace()), number.isFinite else {
            return read(field, text, NumberParsing.checkedDuration)
        }
        let seconds = unit.seconds(number).rounded()
        guard let whole = Int(exactly: seconds), (0...Self.longestDuration).contains(whole) else {
            drop(field, "\"\(text)\" \(unit.rawValue) is not a length from 0 to 100 years")
            return nil
        }
        return whole
    }

    /// The longest length read from a bare number: a hundred years, in seconds.
    static let longestDuration = 100 * 366 * 86_400

    /// Records that `field` was dropped because of `problem` (`"1e+300 is over 1000000"`).
    mutating func drop(_ field: String, _ problem: String) {
        dropped.append(ScrapeMessage("\(item): \(field) \(problem): dropped"))
    }

    /// Each message as a warning line of `source` reading `url`.
    func warnings(source: SourceID, url: String) -> [String] {
        dropped.map { "\(source): \(url): \($0.description)" }
    }

    private mutating func read<Value>(_ field: String, _ text: String?, _ parse: (String) throws(ScrapeMessage) -> Value?) -> Value? {
        guard let text else { return nil }
        do {
            return try parse(text)
        } catch {
            drop(field, error.description)
            return nil
        }
    }
}
