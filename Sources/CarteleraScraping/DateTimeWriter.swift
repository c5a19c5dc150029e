import CarteleraModel

/// Writes an instant as a request wants it: `epoch`, `epoch-ms`, or a pattern of `yyyy MM dd HH mm ss SSS` and an
/// offset (`X` `+01`, `XX` `+0100`, `XXX` `+01:00`, `Z` for UTC with `X` forms; `xxx` always numeric), with `'text'`
/// quoted and other characters kept.
enum DateTimeWriter {
    /// The letters a pattern may use; any other letter must be quoted.
    private static let letters: Set<Character> = ["y", "M", "d", "H", "m", "s", "S", "X", "x"]

    /// Whether `format` can be written: a whole format (`epoch`, `epoch-ms`) or letters this writer knows.
    static func isValid(_ format: String) -> Bool {
        if format == "epoch" || format == "epoch-ms" { return true }
        var quoted = false
        for c in format {
            if c == "'" { quoted.toggle(); continue }
            if !quoted, c.isLetter, !letters.contains(c) { return false }
        }
        return !quoted
    }

    /// The instant written with `format`, clock fields in `zone`.
    static func write(_ instant: Timestamp, format: String, zone: ZoneConverter) -> String {
        switch format {
        case "epoch": return String(instant.secondsSince1970)
        // Timestamps stay within years 1…9999, so the product fits.
        case "epoch-ms": return String(instant.secondsSince1970 * 1000)
        default: break
        }
        let offset = zone.offset(at: instant)
        let local = zone.local(instant)
        let (y, m, d) = local.day.components
        let hour = local.secondOfDay / 3600, minute = local.secondOfDay / 60 % 60, second = local.secondOfDay % 60
        var result = ""
        let chars = Array(format)
        var index = 0
        while index < chars.count {
            let c = chars[index]
            if c == "'" {
                var end = index + 1
                while end < chars.count, chars[end] != "'" { end += 1 }
                result += String(chars[(index + 1)..<min(end, chars.count)])
                index = end + 1
                continue
            }
            var run = 1
            while index + run < chars.count, chars[index + run] == c { run += 1 }
            switch c {
            case "y": result += run >= 4 ? String(y).leftPadded(4) : String(y % 100).leftPadded(2)
            case "M": result += run >= 2 ? String(m).leftPadded(2) : String(m)
            case "d": result += run >= 2 ? String(d).leftPadded(2) : String(d)
            case "H": result += run >= 2 ? String(hour).leftPadded(2) : String(hour)
            case "m": result += run >= 2 ? String(minute).leftPadded(2) : String(minute)
            case "s": result += run >= 2 ? String(second).leftPadded(2) : String(second)
            case "S": result += String(repeating: "0", count: run)
            case "X", "x": result += offsetText(offset, width: run, zulu: c == "X")
            default: result += String(repeating: c, count: run)
            }
            index += run
        }
        return result
    }

    /// `+01`, `+0100` or `+01:00` by width; `Z` for a zero offset when `zulu`.
    private static func offsetText(_ seconds: Int, width: Int, zulu: Bool) -> String {
        if seconds == 0, zulu { return "Z" }
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        let hours = String(minutes / 60).leftPadded(2), rest = String(minutes % 60).leftPadded(2)
        switch width {
        case 1: return minutes % 60 == 0 ? sign + hours : sign + hours + rest
        case 2: return sign + hours + rest
        default: return sign + hours + ":" + rest
        }
    }
}
