/// The venues and events a page's JSON-LD describes, found wherever they sit: single objects, top-level lists,
/// `@graph` arrays, an ItemList's items, a venue's `event` list or an event's `location`.
struct JSONLDGraph: Sendable {
    /// An event and the venue it is nested in, if any (a position in `venues`).
    struct Event: Sendable {
        var node: JSONLDNode
        var host: Int?
    }

    private(set) var venues: [JSONLDNode] = []
    private(set) var events: [Event] = []
    /// The types of top-level objects that are neither, for the message of a page that yields nothing.
    private(set) var otherTypes: [String] = []

    /// Collects the typed objects of every block; the blocks' depth is bounded by the parser, so the walk is too.
    init(_ blocks: [JSONValue]) {
        var references: [String: [String: JSONValue]] = [:]
        func index(_ value: JSONValue) {
            switch value {
            case .object(let object):
                // An object that is only an @id is a reference, not the definition.
                if let id = object["@id"]?.string, object.count > 1, references[id] == nil { references[id] = object }
                object.values.forEach(index)
            case .array(let items): items.forEach(index)
            default: break
            }
        }
        blocks.forEach(index)

        func walk(_ value: JSONValue, host: Int?, topLevel: Bool) {
            switch value {
            case .object(let object):
                let node = JSONLDNode(object, references: references)
                var host = host
                if node.isA(JSONLDVenueReader.types) {
                    host = venues.count
                    venues.append(node)
                } else if node.isA(JSONLDNightReader.types) {
                    events.append(Event(node: node, host: host))
                } else if topLevel, object["@graph"] == nil {
                    otherTypes += node.types.isEmpty ? ["untyped object"] : node.types
                }
                // Keys sorted: a dictionary's order is random, and the items keep page order across runs.
                for (key, member) in object.sorted(by: { $0.key < $1.key }) where key != "@context" {
                    walk(member, host: host, topLevel: topLevel && key == "@graph")
                }
            case .array(let items):
                for item in items { walk(item, host: host, topLevel: topLevel) }
            default:
                break
            }
        }
        for block in blocks { walk(block, host: nil, topLevel: true) }
    }
}
