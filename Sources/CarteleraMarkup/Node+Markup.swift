import CLibxml2

extension Node {
    /// The node serialized with its tags (HTML serialization for HTML documents), as UTF-8 text.
    public var outerMarkup: String {
        serialize(pointer)
    }

    /// The serialized children of the node, without the node's own tags.
    public var innerMarkup: String {
        var markup = ""
        var child = pointer.pointee.type == XML_ATTRIBUTE_NODE ? nil : pointer.pointee.children
        while let current = child {
            markup += serialize(current)
            child = current.pointee.next
        }
        return markup
    }

    /// Serializes through a save context: HTML rules (void elements, no self-closing tags) for HTML documents.
    private func serialize(_ node: xmlNodePtr) -> String {
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        let format = document.isHTML ? XML_SAVE_AS_HTML : XML_SAVE_AS_XML
        guard let context = xmlSaveToBuffer(buffer, "UTF-8", Int32(format.rawValue | XML_SAVE_NO_DECL.rawValue)) else {
            return ""
        }
        xmlSaveTree(context, node)
        xmlSaveClose(context)
        return LibXML.string(xmlBufferContent(buffer))
    }
}
