/// One JSON-LD object, read leniently: schema.org lets any property be a string, a number, a list or a nested
/// object, and sites use all of them (`"4.5"` for a rating, one performer or a list of them).
struct JSONLDNode: Sendable {
    let members: JSONObject
    /// The page's objects by `@id`, so a reference such as `"location": {"@id": "#club"}` reads the object it names.
    let references: [String: JSONObject]

    init(_ members: JSONObject, references: [String: JSONObject]) {
        self.members = members
        self.references = references
    }

    /// The object's types without their vocabulary prefix (`schema:NightClub`, `https://schema.org/NightClub` → `NightClub`).
    var types: [String] {
        (members["@type"].map(Self.list) ?? []).compactMap(\.string).map(Self.localName)
    }

    /// Whether any of the object's types is in `names`.
    func isA(_ names: Set<String>) -> Bool { types.contains(where: names.contains) }

    /// The property's values, a single value read as a list of one.
    func values(_ key: String) -> [JSONValue] { members[key].map(Self.list) ?? [] }

    /// The property's first non-empty text.
    func text(_ key: String) -> String? { texts(key).first }

    /// Every non-empty text the property holds: strings, numbers, and `{"@value": …}` objects.
    func texts(_ key: String) -> [String] {
        values(key).compactMap { value in
            let raw: String? = switch value {
            case .string, .number: value.string
            case .object(let object): object["@value"]?.string
            default: nil
            }
            // Decoded once only, as JSON: a script's text is not HTML (JSON-LD 1.1, embedding in HTML), and microdata
            // values come already decoded by the HTML parser. A literal `&lt;b&gt;` stays as an HTML listing keeps it.
            let cleaned = raw.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            return cleaned?.isEmpty == false ? cleaned : nil
        }
    }

    /// The property's objects, references by `@id` replaced by the objects they name.
    func nodes(_ key: String) -> [JSONLDNode] {
        values(key).compactMap { value in
            guard case .object(var object) = value else { return nil }
            if object.count == 1, let id = object["@id"]?.string, let target = references[id] { object = target }
            return JSONLDNode(object, references: references)
        }
    }

    /// The property as a finite number: a JSON number, or a string such as `"4.5"`, `"40,41"` or `"15 €"`
    /// (`"NaN"`, `"inf"` and `"1e999"` are not numbers here).
    func number(_ key: String) -> Double? {
        for value in values(key) {
            switch value {
            case .number(let number) where number.isFinite: return number
            case .string(let text):
                let trimmed = text.trimmingWhitespace()
                // Plain decimal strings first: the listing parser would read "40.416" as forty thousand.
                if let plain = Double(trimmed) ?? Double(trimmed.replacingOccurrences(of: ",", with: ".")) {
                    if plain.isFinite { return plain }
                } else if let number = NumberParsing.decimal(trimmed) {
                    return number
                }
            default: continue
            }
        }
        return nil
    }

    /// The property as a yes or no: a JSON boolean, `"true"`/`"false"`, or schema.org's `True`/`False` URLs.
    func bool(_ key: String) -> Bool? {
        for value in values(key) {
            switch value {
            case .bool(let flag): return flag
            case .string(let text):
                switch Self.localName(text).lowercased() {
                case "true", "yes", "1": return true
                case "false", "no", "0": return false
                default: continue
                }
            default: continue
            }
        }
        return nil
    }

    /// An enumeration value's name (`https://schema.org/EventCancelled` → `EventCancelled`).
    func enumeration(_ key: String) -> String? { text(key).map(Self.localName) }

    static func list(_ value: JSONValue) -> [JSONValue] {
        if case .array(let items) = value { return items }
        return value.isNull ? [] : [value]
    }

    static func localName(_ name: String) -> String {
        let trimmed = name.trimmingWhitespace()
        guard let cut = trimmed.lastIndex(where: { $0 == "/" || $0 == "#" || $0 == ":" }) else { return trimmed }
        return String(trimmed[trimmed.index(after: cut)...])
    }
}
