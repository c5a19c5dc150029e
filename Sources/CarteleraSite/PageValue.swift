/// A page's context sorted once into the kinds pages are built from, so hashing and rendering it switch over an enum
/// instead of casting every value they meet from `Any` (the casts, with the retains of the boxes, were most of rendering).
///
/// An object keeps its entries in an array, searched in order: a page's objects hold a few dozen short keys at most, which
/// compare faster than they hash. The labels (`t`) stay the one dictionary every page shares.
indirect enum PageValue {
    case text(String)
    case flag(Bool)
    case integer(Int)
    case real(Double)
    case object([(key: String, value: PageValue)])
    case labels([String: String])
    case list([PageValue])
    /// A value of another kind: hashed by its description; the compiled templates leave its page to swift-mustache.
    case other(Any)

    /// The value sorted by kind; lists and dictionaries of any element type are read as swift-mustache reads them.
    init(_ value: Any) {
        switch ContextValue(value) {
        case .text(let text): self = .text(text)
        case .flag(let flag): self = .flag(flag)
        case .integer(let number): self = .integer(number)
        case .real(let number): self = .real(number)
        case .object(let dictionary): self = .object(dictionary.map { ($0.key, PageValue($0.value)) })
        case .labels(let dictionary): self = .labels(dictionary)
        case .list(let list): self = .list(list.map(PageValue.init))
        case .objects(let list): self = .list(list.map { .object($0.map { ($0.key, PageValue($0.value)) }) })
        case .texts(let list): self = .list(list.map(PageValue.text))
        case .other: self = .other(value)
        }
    }

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

extension PageValue {
    /// The value as swift-mustache reads it: strings, numbers, booleans, `[String: Any]` and `[Any]` (it reads lists and
    /// dictionaries of any element type alike).
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
        case .other(let original): original
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
}
