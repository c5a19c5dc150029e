/// Reads numbers as listings write them: "1.234.000", "1,234,000", "14,2 %", "14.2%", "2,1 M".
public enum NumberParsing {
    /// A decimal number; thousands separators and a decimal comma are told apart by their positions.
    public static func decimal(_ text: String) -> Double? {
        var digits = ""
        var started = false
        var negative = false
        for c in text {
            if c.isNumber, c.isASCII { digits.append(c); started = true }
            else if (c == "." || c == ",") && started { digits.append(c) }
            else if c == "-" && !started { negative = true }
            else if c == " " || c == "\u{00A0}" || c == "\u{202F}" || c == "'" { if started { continue } }
            else if started { break }
        }
        while let last = digits.last, last == "." || last == "," { digits.removeLast() }
        guard !digits.isEmpty else { return nil }
        let dots = digits.filter { $0 == "." }.count
        let commas = digits.filter { $0 == "," }.count
        var normalized: String
        switch (dots, commas) {
        case (0, 0): normalized = digits
        case (_, 0) where dots > 1: normalized = digits.replacingAll(".", with: "")
        case (0, _) where commas > 1: normalized = digits.replacingAll(",", with: "")
        case (1, 0): normalized = isThousandsGroup(digits, separator: ".") ? digits.replacingAll(".", with: "") : digits
        case (0, 1): normalized = isThousandsGroup(digits, separator: ",") ? digits.replacingAll(",", with: "") : digits.replacingAll(",", with: ".")
        default:
            // Both: the last one is the decimal separator.
            let lastDot = digits.lastIndex(of: ".")!, lastComma = digits.lastIndex(of: ",")!
            if lastComma > lastDot {
                normalized = digits.replacingAll(".", with: "").replacingAll(",", with: ".")
            } else {
                normalized = digits.replacingAll(",", with: "")
            }
        }
        guard let value = Double(normalized) else { return nil }
        return negative ? -value : value
    }

    /// A whole number such as a viewer count.
    public static func integer(_ text: String) -> Int? {
        guard let value = decimal(text) else { return nil }
        return Int(value.rounded())
    }

    /// "1.234" with exactly three digits after a single separator reads as a thousands group (1234).
    private static func isThousandsGroup(_ digits: String, separator: Character) -> Bool {
        guard let index = digits.firstIndex(of: separator) else { return false }
        return digits[digits.index(after: index)...].count == 3 && digits[..<index].count <= 3
    }

    /// A length in seconds: "90", "90 min", "1h 30", "1 h 30 min", "01:30", "01h00", "PT1H30M".
    public static func duration(_ text: String) -> Int? {
        let lower = text.lowercased()
        if lower.hasPrefix("pt") {
            var total = 0, value = 0, seen = false
            for c in lower.dropFirst(2) {
                if let digit = c.wholeNumberValue { value = value * 10 + digit; seen = true; continue }
                switch c {
                case "h": total += value * 3600
                case "m": total += value * 60
                case "s": total += value
                default: return nil
                }
                value = 0
            }
            return seen ? total : nil
        }
        var numbers: [Int] = []
        var units: [Character?] = []
        var current: Int?
        var colon = false
        for c in lower {
            if let digit = c.wholeNumberValue, c.isASCII {
                current = (current ?? 0) * 10 + digit
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
        guard !numbers.isEmpty else { return nil }
        if colon && numbers.count >= 2 { return numbers[0] * 3600 + numbers[1] * 60 + (numbers.count > 2 ? numbers[2] : 0) }
        if units.contains(where: { $0 == "h" }) {
            var total = 0
            for (index, value) in numbers.enumerated() {
                switch units[index] {
                case "h": total += value * 3600
                case "s": total += value
                default: total += value * 60
                }
            }
            return total
        }
        return numbers[0] * 60
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(count)
        for c in self {
            if c == target { result += replacement } else { result.append(c) }
        }
        return result
    }
}
