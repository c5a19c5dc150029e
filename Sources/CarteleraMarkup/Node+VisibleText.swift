import CLibxml2

extension Node {
    /// The text a reader sees, whitespace as written: in an HTML document the content of `<script>`, `<style>` and
    /// `<template>` elements inside the node is left out, and `<br>` and the block elements (`<p>`, `<div>`, `<li>`,
    /// headings, …) end a line, so words they separate stay apart. Elsewhere (XML, attributes, text nodes) it is the
    /// XPath string value, as `rawText`.
    ///
    /// The walk follows libxml2's own child and sibling links without recursing, so no nesting depth can exhaust a stack.
    public var visibleText: String {
        guard document.isHTML, pointer.pointee.type == XML_ELEMENT_NODE || pointer.pointee.type == XML_HTML_DOCUMENT_NODE else {
            return rawText
        }
        var bytes: [UInt8] = []
        var next = pointer.pointee.children
        while let node = next {
            var descend = false
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content {
                    var byte = content
                    while byte.pointee != 0 {
                        bytes.append(byte.pointee)
                        byte += 1
                    }
                }
            case XML_ELEMENT_NODE:
                switch Self.role(node.pointee.name) {
                case .hidden: break
                case .lineBreak: bytes.append(0x0A)
                case .block:
                    bytes.append(0x0A)
                    descend = true
                case .inline: descend = true
                }
            default: break
            }
            if descend, let child = node.pointee.children {
                next = child
                continue
            }
            // On to the next sibling, or up to the first ancestor that has one; leaving a block ends its line.
            var current = node
            next = nil
            while true {
                if let sibling = current.pointee.next {
                    next = sibling
                    break
                }
                guard let parent = current.pointee.parent, parent != pointer else { break }
                if parent.pointee.type == XML_ELEMENT_NODE, Self.role(parent.pointee.name) == .block { bytes.append(0x0A) }
                current = parent
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How an HTML element's content reads.
    private enum Role {
        /// Not text a reader sees: scripts, styles, templates.
        case hidden
        /// `<br>`: a line ends here.
        case lineBreak
        /// A block: its content is a line of its own.
        case block
        /// Anything else: its text runs on with its neighbours'.
        case inline
    }

    private static func role(_ name: UnsafePointer<xmlChar>?) -> Role {
        guard let name else { return .inline }
        switch String(cString: name) {
        case "script", "style", "template": return .hidden
        case "br": return .lineBreak
        case "p", "div", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article": return .block
        default: return .inline
        }
    }
}
