import Foundation

/// schema.org JSON-LD for a `<script type="application/ld+json">` block: JSON whose text can never end the script
/// element or open markup (`<`, `>`, `&` and the JavaScript line separators written as `\u` escapes).
enum JSONLD {
    /// The object as inline-safe JSON; nil when it cannot be encoded.
    static func script(_ object: [String: Any]) -> String? {
        var value = object
        value["@context"] = "https://schema.org"
        guard JSONSerialization.isValidJSONObject(value),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else { return nil }
        return inlineSafe(String(decoding: data, as: UTF8.self))
    }

    /// JSON text made safe inside a script element.
    static func inlineSafe(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
