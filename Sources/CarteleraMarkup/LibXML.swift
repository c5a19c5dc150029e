import CLibxml2

/// Process-wide libxml2 setup and small helpers shared by the module.
enum LibXML {
    /// `xmlInitParser` is not safe to race, so it runs exactly once, before the first parse or compile.
    private static let initialized: Void = xmlInitParser()

    static func ensureInitialized() {
        _ = initialized
    }

    /// Takes ownership of a libxml2-allocated string and returns it as a Swift string.
    static func consume(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        defer { release(pointer) }
        return string(pointer)
    }

    /// Frees memory libxml2 allocated with `xmlFree`, the deallocator libxml2 is set up with.
    ///
    /// `xmlFree` itself is a mutable C global that Swift 6 cannot read safely; `xmlMemGet` returns it through a
    /// function call. Should it ever be missing, leaking the string is safer than freeing it with the wrong allocator.
    static func release(_ pointer: UnsafeMutableRawPointer) {
        var free: xmlFreeFunc?
        xmlMemGet(&free, nil, nil, nil)
        free?(pointer)
    }

    /// Copies a libxml2 string that stays owned by libxml2.
    static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// Copies a libxml2 error message without its trailing newline.
    static func message(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        let text = String(cString: pointer)
        return String(text.reversed().drop(while: \.isNewline).reversed())
    }

    /// A structured error handler that ignores the error; libxml2 has already stored it in the owning context.
    static let ignoreError: xmlStructuredErrorFunc = { _, _ in }
}
