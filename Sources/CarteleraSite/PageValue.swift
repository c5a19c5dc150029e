/// What a page shows, built as typed values: hashing and rendering it switch over an enum instead of casting every value
/// they meet from `Any` (the casts, with the retains of the boxes, were most of rendering).
///
/// An object keeps its entries in an array, searched in order: a page's objects hold a few dozen short keys at most, which
/// compare faster than they hash. Its keys are distinct. The labels (`t`) stay the one dictionary every page shares.
indirect enum PageValue: Sendable {
    case text(String)
    case flag(Bool)
    case integer(Int)
    case real(Double)
    case object(PageEntries)
    case labels([String: String])
    case list([PageValue])

    /// The value under `name` when this is an object or the labels.
    func child(_ name: String) -> PageValue? {
        switch self {
        case .object(let entries):
            for entry in entries where entry.key == name { return entry.value }
            return nil
        case .labels(let dictionary): return dictionary[name].map(PageValue.text)
        default: return nil
        }
    }
}

/// An object's entries, in the order they were built; their keys are distinct.
typealias PageEntries = [(key: String, value: PageValue)]

extension PageValue {
    /// The value as swift-mustache reads it: strings, numbers, booleans, `[String: Any]` and `[Any]`.
    var mustacheValue: Any {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag
        case .integer(let number): number
        case .real(let number): number
        case .object(let entries):
            Dictionary(entries.map { ($0.key, $0.value.mustacheValue) }, uniquingKeysWith: { first, _ in first }) as [String: Any]
        case .labels(let dictionary): dictionary
        case .list(let list): list.map(\.mustacheValue) as [Any]
        }
    }

    /// Whether this is a list: a page gets a `has_<name>` flag for each of its lists.
    var isList: Bool {
        if case .list = self { return true }
        return false
    }

    /// Whether this is a list with something in it.
    var isNonEmptyList: Bool {
        if case .list(let list) = self { return !list.isEmpty }
        return false
    }

    /// A list of objects.
    static func objects(_ list: [PageEntries]) -> PageValue { .list(list.map(PageValue.object)) }
}
