/// The venues and events a page's JSON-LD describes, found wherever they sit: single objects, top-level lists,
/// `@graph` arrays, an ItemList's items, a venue's `event` list or an event's `location`.
struct JSONLDGraph: Sendable {
    /// An event and the venue it is nested in, if any (a position in `venues`).
    struct Event: Sendable {
        var node: JSONLDNode
        var host: Int?
    }

    private(set) var venues: [JSONLDNode] = []
    /// The positions in `venues` of those that are an event's `location`: the event's reading may place them.
    private(set) var locations: Set<Int> = []
    private(set) var events: [Event] = []
    /// The types of top-level objects that are neither, for the message of a page that yields nothing.
    private(set) var otherTypes: [String] = []

    /// Types that only hold the page's items: venues inside them are the page's.
    static let containers: Set<String> = ["ItemList", "ListItem", "WebPage", "CollectionPage", "AboutPage", "ContactPage", "SearchResultsPage", "Organization"]

    /// Properties whose value is a party to something, never the place where it happens.
    static let nonVenueRoles: Set<String> = [
        "seller", "broker", "provider", "organizer", "author", "publisher", "brand", "manufacturer", "offers", "customer", "creator",
        "funder", "sponsor", "performer", "performers", "attendee", "contributor", "producer", "review", "itemOffered",
        "parentOrganization", "subOrganization", "memberOf", "affiliation", "worksFor", "founder", "vendor", "recipient",
    ]

    /// Collects the typed objects of every block; the blocks' depth is bounded by the parser, so the walk is too.
    init(_ blocks: [JSONValue]) {
        var references: [String: JSONObject] = [:]
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

        func walk(_ value: JSONValue, host: Int?, topLevel: Bool, venuesHere: Bool = true, location: Bool = false) {
            switch value {
            case .object(let object):
                let node = JSONLDNode(object, references: references)
                var host = host
                if venuesHere, node.isA(JSONLDVenueReader.types) {
                    host = venues.count
                    if location { locations.insert(venues.count) }
                    venues.append(node)
                } else if node.isA(JSONLDNightReader.types) {
                    events.append(Event(node: node, host: host))
                } else if topLevel, object["@graph"] == nil {
                    otherTypes += node.types.isEmpty ? ["untyped object"] : node.types
                }
                // Keys sorted: a dictionary's order is random, and the items keep page order across runs.
                // A business nested in an unrelated item (an invoice's broker, an offer's seller) is not a venue of the page.
                let related = node.types.isEmpty || node.isA(JSONLDVenueReader.types) || node.isA(JSONLDNightReader.types) || node.isA(Self.containers)
                for (key, member) in object.sorted(by: { $0.key < $1.key }) where key != "@context" {
                    walk(member, host: host, topLevel: topLevel && key == "@graph",
                         venuesHere: venuesHere && related && !Self.nonVenueRoles.contains(key),
                         location: key == "location" && node.isA(JSONLDNightReader.types))
                }
            case .array(let items):
                for item in items { walk(item, host: host, topLevel: topLevel, venuesHere: venuesHere, location: location) }
            default:
                break
            }
        }
        for block in blocks { walk(block, host: nil, topLevel: true) }
    }
}
