import CLibxml2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Process-wide libxml2 setup and small helpers shared by the module.
enum LibXML {
    /// `xmlInitParser` is not safe to race, so it runs exactly once, before the first parse or compile.
    private static let initialized: Void = xmlInitParser()

    static func ensureInitialized() {
        _ = initialized
    }

    /// Takes ownership of a libxml2-allocated string and returns it as a Swift string.
    ///
    /// Calls `free` rather than `xmlFree`: the latter is a mutable C global that Swift 6 cannot read safely,
    /// and this module never installs custom allocators, so libxml2 allocates with `malloc`.
    static func consume(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        defer { free(pointer) }
        return string(pointer)
    }

    /// Copies a libxml2 string that stays owned by libxml2.
    static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: Int(xmlStrlen(pointer))), as: UTF8.self)
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
