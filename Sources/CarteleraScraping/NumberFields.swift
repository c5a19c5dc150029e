import CarteleraModel

/// Reads the numeric fields of one scraped item: a value that cannot be held, or that no such field can take (viewers
/// below 0, a share over 100), is dropped with a message naming the item and the field, never trapped on or stored;
/// the scraper adds the source and page to each message.
struct NumberFields {
    /// What the values belong to, first in every message: `La1.es 2026-11-27 "Telediario"`, `event "Noche techno"`.
    let item: String
    /// One message per value dropped, in field order.
    private(set) var dropped: [ScrapeMessage] = []
    /// The fields dropped, in the same order.
    private(set) var droppedFields: [String] = []

    init(item: String) { self.item = item }

    /// A whole number (`NumberParsing.integer`); nil when absent, without a number, or dropped.
    mutating func integer(_ field: String, _ text: String?) -> Int? {
        read(field, text, NumberParsing.checkedInteger)
    }

    /// A whole number within `range`; nil when absent, without a number, or dropped. `measured` as for `decimal`.
    mutating func integer(_ field: String, _ text: String?, in range: ClosedRange<Int>, measured: Bool = false) -> Int? {
        guard let value = integer(field, text) else {
            if measured { notANumber(field, text) }
            return nil
        }
        return within(field, text, value, range)
    }

    /// A decimal number (`NumberParsing.decimal`); nil when absent, without a number, or dropped.
    mutating func decimal(_ field: String, _ text: String?) -> Double? {
        read(field, text, NumberParsing.checkedDecimal)
    }

    /// A decimal number within `range`; nil when absent, without a number, or dropped. With `measured`, the field is a
    /// measure every row should have (viewers, a share): text that names no number ("NaN", "Infinity", "n/d") is dropped
    /// with a message too, while a cell of dashes or nothing is simply empty.
    mutating func decimal(_ field: String, _ text: String?, in range: ClosedRange<Double>, measured: Bool = false) -> Double? {
        guard let value = decimal(field, text) else {
            if measured { notANumber(field, text) }
            return nil
        }
        return within(field, text, value, range)
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
        droppedFields.append(field)
    }

    /// Whether `field` was dropped.
    func dropped(_ field: String) -> Bool { droppedFields.contains(field) }

    /// The dropped fields whose stored values a store keeps (`DroppedValue`), as values of the item `id` of `kind`.
    func droppedValues(_ kind: DroppedValue.Kind, id: String) -> [DroppedValue] {
        droppedFields.compactMap { field in
            let kept: DroppedValue.Field? = switch field {
            case "viewers": .viewers
            case "share": .share
            case "duration": .duration
            case "change": .change
            case "list_capacity": .capacity
            case "list_places": .placesLeft
            default: nil
            }
            return kept.map { DroppedValue(kind, id: id, field: $0) }
        }
    }

    /// Each message as a warning line of `source` reading `url`.
    func warnings(source: SourceID, url: String) -> [String] {
        dropped.map { "\(source): \(url): \($0.description)" }
    }

    /// Drops text that names no number, unless the field was dropped already or the cell holds only dashes or space.
    private mutating func notANumber(_ field: String, _ text: String?) {
        guard let text, !dropped(field), text.contains(where: { $0.isLetter || $0.isNumber }) else { return }
        drop(field, "\"\(text)\" is not a number")
    }

    private mutating func within<Value: Comparable>(_ field: String, _ text: String?, _ value: Value, _ range: ClosedRange<Value>) -> Value? {
        if value < range.lowerBound {
            drop(field, "\"\(text ?? "")\" is below \(Self.describe(range.lowerBound))")
        } else if value > range.upperBound {
            drop(field, "\"\(text ?? "")\" is over \(Self.describe(range.upperBound))")
        } else {
            return value
        }
        return nil
    }

    /// A bound as a message writes it: 100, not 100.0.
    private static func describe(_ bound: some Comparable) -> String {
        if let decimal = bound as? Double, let whole = Int(exactly: decimal) { return String(whole) }
        return "\(bound)"
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
