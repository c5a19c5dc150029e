import CarteleraMarkup

/// Reads schema.org microdata (`itemscope`, `itemtype`, `itemprop`) and RDFa Lite (`typeof`, `property`) into
/// the JSON-LD shape, so one model reads events and venues however a page marks them up.
///
/// An item becomes an object with `@type` (the last segment of each type URL) and its properties: a nested item
/// is an object, a link or media element gives its URL, `<time>` its `datetime`, `<meta>` and `content` their
/// content, `<data>`/`<meter>` their value, anything else its text. Repeated properties become lists. The walk keeps
/// its own stack, items nest at most `maxDepth` deep, a page gives at most `maxItems` of them and at most
/// `maxCharacters` of property text (nested text-valued properties each hold their whole subtree's text).
enum MicrodataReader {
    /// Items nested deeper than this are read without their inner items.
    static let maxDepth = 32
    /// A page yields at most this many items (top-level and nested together).
    static let maxItems = 10_000
    /// A page's property values hold at most this many bytes of text in all; later ones are empty.
    static let maxCharacters = 8 << 20

    /// The page's top-level items, microdata first, then RDFa Lite; empty when it has none.
    static func items(in document: Document) throws(MarkupError) -> [JSONValue] {
        var budget = Budget(items: maxItems, characters: maxCharacters)
        var result: [JSONValue] = []
        for syntax in [Syntax.microdata, .rdfa] {
            for root in try document.xpath(syntax.topLevel) {
                guard budget.items > 0 else { return result }
                result.append(item(root, syntax: syntax, depth: 0, budget: &budget))
            }
        }
        return result
    }

    /// The attribute names of one syntax.
    struct Syntax {
        let scope: String?
        let type: String
        let property: String
        /// Items that are no other item's property.
        let topLevel: String

        static let microdata = Syntax(scope: "itemscope", type: "itemtype", property: "itemprop", topLevel: "//*[@itemscope][not(@itemprop)]")
        static let rdfa = Syntax(scope: nil, type: "typeof", property: "property", topLevel: "//*[@typeof][not(@property)][not(ancestor::*[@typeof])]")

        func isItem(_ node: Node) -> Bool { node.attribute(scope ?? type) != nil }
    }

    /// What a page may still yield.
    struct Budget {
        var items: Int
        var characters: Int
    }

    private static func item(_ element: Node, syntax: Syntax, depth: Int, budget: inout Budget) -> JSONValue {
        budget.items -= 1
        var members: [String: [JSONValue]] = [:]
        let types = (element.attribute(syntax.type) ?? "").split(whereSeparator: \.isWhitespace).map { type in
            String(type.split(separator: "/").last.map { $0.split(separator: ":").last ?? $0 } ?? type)
        }
        // Children still to visit, in reverse order.
        var pending = element.children.reversed().map { $0 }
        while let child = pending.popLast() {
            let names = (child.attribute(syntax.property) ?? "").split(whereSeparator: \.isWhitespace).map { name in
                String(name.split(separator: "/").last.map { $0.split(separator: ":").last ?? $0 } ?? name)
            }
            let nested = syntax.isItem(child)
            if !names.isEmpty {
                let value: JSONValue
                if nested, depth < maxDepth, budget.items > 0 {
                    value = item(child, syntax: syntax, depth: depth + 1, budget: &budget)
                } else if budget.characters > 0 {
                    let text = Self.value(of: child)
                    budget.characters -= text.utf8.count
                    value = .string(budget.characters >= 0 ? text : "")
                } else {
                    value = .string("")
                }
                for name in names { members[name, default: []].append(value) }
            }
            // A nested item's own properties are its own.
            if !nested { pending += child.children.reversed() }
        }
        var object = JSONObject(members.mapValues { $0.count == 1 ? $0[0] : .array($0) })
        if !types.isEmpty { object["@type"] = types.count == 1 ? .string(types[0]) : .array(types.map(JSONValue.string)) }
        if let id = element.attribute("itemid") ?? element.attribute("resource") { object["@id"] = .string(id) }
        return .object(object)
    }

    /// A property's value as the element carries it.
    private static func value(of element: Node) -> String {
        if let content = element.attribute("content") { return content }
        switch element.name {
        case "a", "area", "link": return element.attribute("href") ?? element.text
        case "img", "audio", "video", "source", "embed", "iframe", "track": return element.attribute("src") ?? ""
        case "object": return element.attribute("data") ?? ""
        case "time": return element.attribute("datetime") ?? element.text
        case "data", "meter": return element.attribute("value") ?? element.text
        default: return element.text
        }
    }
}
