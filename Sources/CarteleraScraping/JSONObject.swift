/// A JSON object's members, looked up by name and kept in the order the document writes them.
///
/// Sites' APIs mean something by their order (`{"morning": […], "afternoon": […], "evening": […]}`), so `.*` and
/// `..*` walk members as written. Two objects with the same members are equal whatever their order, as in JSON.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The member names in document order, each once.
    public private(set) var keys: [String] = []
    private var members: [String: JSONValue] = [:]

    /// An empty object.
    public init() {}

    /// An object from a dictionary, whose order is unknown: members in name order.
    public init(_ dictionary: [String: JSONValue]) {
        keys = dictionary.keys.sorted()
        members = dictionary
    }

    /// An object written as a literal, members in the literal's order (a repeated name keeps its first place).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The member named `key`; setting a new name appends it, setting an existing one keeps its place.
    public subscript(key: String) -> JSONValue? {
        get { members[key] }
        set {
            if let newValue {
                if members.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if members.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The number of members.
    public var count: Int { keys.count }
    /// Whether the object has no member.
    public var isEmpty: Bool { keys.isEmpty }
    /// The members' values in document order.
    public var values: [JSONValue] { keys.compactMap { members[$0] } }
    /// The members as a dictionary (order dropped).
    public var dictionary: [String: JSONValue] { members }

    /// The members in document order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        keys.compactMap { key in members[key].map { (key: key, value: $0) } }.makeIterator()
    }

    /// Equal when the members are, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.members == rhs.members }

    /// Hashes the members, not their order.
    public func hash(into hasher: inout Hasher) { hasher.combine(members) }
}
