/// Any JSON value, for expectation files whose shapes vary by site.
public enum JSONValue: Codable, Sendable, Hashable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object(JSONObject)

    /// Decodes whichever JSON value the decoder holds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(JSONObject(try container.decode([String: JSONValue].self))) }
    }

    /// Encodes the value as the JSON it holds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value.dictionary)
        }
    }

    /// The member named `key` of an object; nil for anything else.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The value as text: a string as is, a number with no `.0` when whole; nil for anything else.
    public var string: String? {
        switch self {
        case .string(let value): value
        // Whole numbers print without ".0" when an Int holds them; 1e300 or an @id of 20 digits stays a Double.
        case .number(let value): Int(exactly: value).map(String.init) ?? String(value)
        default: nil
        }
    }

    /// The value as a whole number, fractions cut toward zero; nil for values beyond `Int` and anything not a number.
    public var int: Int? {
        switch self {
        case .number(let value): Int(exactly: value.rounded(.towardZero))
        case .string(let value): Int(value)
        default: nil
        }
    }

    /// The elements of an array; nil for anything else.
    public var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// Whether the value is JSON `null`.
    public var isNull: Bool { self == .null }

    /// The value as a person reads it in a message: text and numbers as they are, `null`, `true`, lists as
    /// `["a", "b"]` and objects as `{key: value}`, cut after `limit` characters with how many were left out: a
    /// list after its last whole item that fits (`["a", "b", … 38 more]`), anything else mid-text.
    public func plainText(limit: Int = 200) -> String {
        let text = plain
        guard text.count > limit else { return text }
        if case .array(let values) = self {
            var shown: [String] = []
            var length = 1
            for value in values {
                let item = value.isString ? "\"\(value.plain)\"" : value.plain
                guard length + item.count + 2 <= limit else { break }
                shown.append(item)
                length += item.count + 2
            }
            return "[" + (shown + ["… \(values.count - shown.count) more"]).joined(separator: ", ") + "]"
        }
        return "\(text.prefix(limit))… (\(text.count - limit) more characters)"
    }

    /// `plainText` with the default limit.
    public var plainText: String { plainText() }

    private var plain: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .number, .string: string ?? ""
        case .array(let values): "[" + values.map { $0.isString ? "\"\($0.plain)\"" : $0.plain }.joined(separator: ", ") + "]"
        case .object(let members): "{" + members.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.isString ? "\"\($0.value.plain)\"" : $0.value.plain)" }.joined(separator: ", ") + "}"
        }
    }

    private var isString: Bool { if case .string = self { true } else { false } }
}
