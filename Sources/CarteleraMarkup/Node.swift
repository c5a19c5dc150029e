import CLibxml2

/// An element (or text/attribute node) of a Document; holds a strong reference to its document so it can never outlive it.
public struct Node {
    /// Keeps the tree alive as long as any node of it is reachable.
    public let document: Document
    let pointer: xmlNodePtr

    init(document: Document, pointer: xmlNodePtr) {
        self.document = document
        self.pointer = pointer
    }

    /// Whether this node comes before `other` in document order (false for the same node or another document's).
    public func precedes(_ other: Node) -> Bool {
        document === other.document && xmlXPathCmpNodes(pointer, other.pointer) == 1
    }

    /// The local name: the element or attribute name (lowercase for HTML), or "text", "comment" and so on.
    public var name: String {
        LibXML.string(pointer.pointee.name)
    }

    /// The text a reader sees (`visibleText`: no script or style content, words apart at `<br>` and blocks) with
    /// whitespace normalized: runs of any whitespace (NBSP included) become one space, and leading and trailing
    /// whitespace is dropped.
    public var text: String {
        visibleText.normalizingWhitespace()
    }

    /// The XPath string value as is: the concatenated text of all descendants, or an attribute's value.
    public var rawText: String {
        LibXML.consume(xmlXPathCastNodeToString(pointer))
    }

    /// The value of the attribute called `name` (case-insensitive for HTML), or nil when absent.
    public func attribute(_ name: String) -> String? {
        let wanted = document.isHTML ? name.lowercased() : name
        var attribute = pointer.pointee.type == XML_ELEMENT_NODE ? pointer.pointee.properties : nil
        while let current = attribute {
            if Self.qualifiedName(current) == wanted || LibXML.string(current.pointee.name) == wanted {
                return Self.value(current)
            }
            attribute = current.pointee.next
        }
        return nil
    }

    /// All attributes in document order, with prefixed names written `prefix:name`.
    public var attributes: [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var attribute = pointer.pointee.type == XML_ELEMENT_NODE ? pointer.pointee.properties : nil
        while let current = attribute {
            result.append((Self.qualifiedName(current), Self.value(current)))
            attribute = current.pointee.next
        }
        return result
    }

    /// The element children in document order.
    public var children: [Node] {
        var result: [Node] = []
        var child = pointer.pointee.type == XML_ATTRIBUTE_NODE ? nil : pointer.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                result.append(Node(document: document, pointer: current))
            }
            child = current.pointee.next
        }
        return result
    }

    /// The enclosing element (an attribute's owner element), or nil at the root.
    public var parent: Node? {
        guard let parent = pointer.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
        return Node(document: document, pointer: parent)
    }

    /// Whether this node is an element (as opposed to text, an attribute or a comment).
    public var isElement: Bool {
        pointer.pointee.type == XML_ELEMENT_NODE
    }

    private static func qualifiedName(_ attribute: xmlAttrPtr) -> String {
        let local = LibXML.string(attribute.pointee.name)
        guard let prefix = attribute.pointee.ns?.pointee.prefix else { return local }
        return LibXML.string(prefix) + ":" + local
    }

    private static func value(_ attribute: xmlAttrPtr) -> String {
        LibXML.consume(xmlNodeGetContent(xmlNodePtr(OpaquePointer(attribute))))
    }
}

@available(*, unavailable, message: "a Node points into a Document's libxml2 tree; use it within one task")
extension Node: Sendable {}
