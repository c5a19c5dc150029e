import CarteleraCore

/// Reads numbers as listings write them: "1.234.000", "1,234,000", "14,2 %", "14.2%", "2,1 M", and "1e6" or "2,5E3" with an
/// exponent (so "1e300" is a number too large for a count, never the count 1).
///
/// Each reading comes in two forms: the plain one gives nil both for text without a number and for a number
/// that cannot be held (beyond `Int`, or too long a duration); the `checked` one tells them apart by throwing
/// a message for the second, so a scraper can warn about a value it drops.
public enum NumberParsing {
    /// A decimal number; thousands separators and a decimal comma are told apart by their positions.
    public static func decimal(_ text: String) -> Double? {
        (try? checkedDecimal(text)) ?? nil
    }

    /// A whole number such as a viewer count; nil beyond `Int`'s range.
    public static func integer(_ text: String) -> Int? {
        (try? checkedInteger(text)) ?? nil
    }

    /// A length in seconds: "90", "90 min", "1h 30", "1 h 30 min", "01:30", "01h00", "PT1H30M"; nil when it overflows.
    public static func duration(_ text: String) -> Int? {
        (try? checkedDuration(text)) ?? nil
    }

    /// `decimal`, throwing for a number too large for a `Double` (over 308 digits, or "1e999") instead of giving infinity.
    /// A negative zero ("-0", "-0,0 %") is zero.
    static func checkedDecimal(_ text: String) throws(ScrapeMessage) -> Double? {
        guard let normalized = normalizedDecimal(text) else { return nil }
        guard let value = Double(normalized.digits + (normalized.exponent.map { "e\($0)" } ?? "")), value.isFinite else {
            throw ScrapeMessage("\"\(text)\" is too large a number")
        }
        return normalized.negative && value != 0 ? -value : value
    }

    /// `integer`, throwing for a number beyond `Int`'s range (a 20-digit viewer count) instead of trapping.
    static func checkedInteger(_ text: String) throws(ScrapeMessage) -> Int? {
        guard let value = try checkedDecimal(text) else { return nil }
        guard let whole = Checked.rounded(value) else {
            throw ScrapeMessage("\"\(text)\" is beyond the largest whole number")
        }
        return whole
    }

    /// `duration`, throwing when the digits or the total overflow (`PT99999999999999999999H`) instead of trapping.
    static func checkedDuration(_ text: String) throws(ScrapeMessage) -> Int? {
        let overflow = ScrapeMessage("\"\(text)\" is too long a duration")
        let lower = text.lowercased()
        if lower.hasPrefix("pt") {
            var total = 0, value = 0, seen = false
            for c in lower.dropFirst(2) {
                if let digit = c.asciiDigit {
                    guard let next = Checked.appendingDigit(value, digit) else { throw overflow }
                    value = next
                    seen = true
                    continue
                }
                let unit: Int
                switch c {
                case "h": unit = 3600
                case "m": unit = 60
                case "s": unit = 1
                default: return nil
                }
                guard let seconds = Checked.multiply(value, unit), let sum = Checked.add(total, seconds) else { throw overflow }
                total = sum
                value = 0
            }
            return seen ? total : nil
        }
        var numbers: [Int] = []
        var units: [Character?] = []
        var current: Int?
        var colon = false
        for c in lower {
            if let digit = c.asciiDigit {
                guard let next = Checked.appendingDigit(current ?? 0, digit) else { throw overflow }
                current = next
                continue
            }
            if let value = current {
                numbers.append(value)
                units.append(c == "h" || c == "m" || c == "s" ? c : nil)
                current = nil
            } else if (c == "h" || c == "m"), !units.isEmpty, units[units.count - 1] == nil {
                units[units.count - 1] = c
            }
            if c == ":" { colon = true }
        }
        if let value = current { numbers.append(value); units.append(nil) }
        guard let first = numbers.first else { return nil }
        // Each part in seconds: "01:30:15" is hours, minutes, seconds; with units, a bare number is minutes.
        var parts: [(value: Int, unit: Int)] = []
        if colon && numbers.count >= 2 {
            parts = zip(numbers.prefix(3), [3600, 60, 1]).map { ($0, $1) }
        } else if units.contains(where: { $0 == "h" }) {
            parts = zip(numbers, units).map { value, unit in (value, unit == "h" ? 3600 : unit == "s" ? 1 : 60) }
        } else {
            parts = [(first, 60)]
        }
        var total = 0
        for part in parts {
            guard let seconds = Checked.multiply(part.value, part.unit), let sum = Checked.add(total, seconds) else { throw overflow }
            total = sum
        }
        return total
    }

    /// The number's digits with one "." as the decimal point, its exponent ("e300" gives "300") and its sign; nil when the
    /// text has no digit.
    private static func normalizedDecimal(_ text: String) -> (digits: String, exponent: String?, negative: Bool)? {
        var digits = ""
        var started = false
        var negative = false
        var exponent: String?
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let c = characters[index]
            if c.asciiDigit != nil { digits.append(c); started = true }
            else if (c == "." || c == ",") && started { digits.append(c) }
            else if c == "-" && !started { negative = true }
            else if c == " " || c == "\u{00A0}" || c == "\u{202F}" || c == "'" { if started { index += 1; continue } }
            else if started {
                if c == "e" || c == "E" { exponent = Self.exponent(characters[(index + 1)...]) }
                break
            }
            index += 1
        }
        while let last = digits.last, last == "." || last == "," { digits.removeLast() }
        guard !digits.isEmpty else { return nil }
        let lastDot = digits.lastIndex(of: "."), lastComma = digits.lastIndex(of: ",")
        let dots = digits.filter { $0 == "." }.count
        let commas = digits.filter { $0 == "," }.count
        let normalized: String
        switch (lastDot, lastComma) {
        case (nil, nil):
            normalized = digits
        case (.some, nil):
            normalized = dots > 1 || isThousandsGroup(digits, separator: ".") ? digits.replacingAll(".", with: "") : digits
        case (nil, .some):
            normalized = commas > 1 || isThousandsGroup(digits, separator: ",")
                ? digits.replacingAll(",", with: "") : digits.replacingAll(",", with: ".")
        case (.some(let dot), .some(let comma)):
            // Both: the last one is the decimal separator.
            normalized = comma > dot
                ? digits.replacingAll(".", with: "").replacingAll(",", with: ".") : digits.replacingAll(",", with: "")
        }
        return (normalized, exponent, negative)
    }

    /// The signed digits right after an "e" ("+6", "-3", "300"), capped so `Double` reads them as infinity or zero
    /// rather than as a string of a million digits; nil when no digit follows.
    private static func exponent(_ text: ArraySlice<Character>) -> String? {
        var sign = ""
        var rest = text
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            rest = rest.dropFirst()
        }
        let digits = rest.prefix { $0.asciiDigit != nil }
        guard !digits.isEmpty else { return nil }
        return sign + String(digits.drop { $0 == "0" }.prefix(6)).ifEmpty("0")
    }

    /// "1.234" with exactly three digits after a single separator reads as a thousands group (1234).
    private static func isThousandsGroup(_ digits: String, separator: Character) -> Bool {
        guard let index = digits.firstIndex(of: separator) else { return false }
        return digits[digits.index(after: index)...].count == 3 && digits[..<index].count <= 3
    }
}

extension Character {
    /// The value of an ASCII digit; nil for anything else, other scripts' digits and "½" included.
    var asciiDigit: Int? {
        guard isASCII, let value = wholeNumberValue else { return nil }
        return value
    }
}

extension String {
    /// The string, or `other` when it is empty.
    func ifEmpty(_ other: String) -> String { isEmpty ? other : self }

    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(count)
        for c in self {
            if c == target { result += replacement } else { result.append(c) }
        }
        return result
    }
}
