import CarteleraModel

/// A definition file that cannot be used, with the file and key path at fault.
public struct DefinitionError: Error, Sendable, CustomStringConvertible {
    /// The source whose definition is at fault.
    public var source: SourceID
    /// The file, relative to the sources folder when possible (`gatotv.com/source.yaml`).
    public var file: String
    /// Dotted key path inside the file (`schedule.fields.start.regex`), when known.
    public var keyPath: String?
    /// What is wrong.
    public var message: String

    /// An error in `file`, at `keyPath` when known.
    public init(source: SourceID, file: String, keyPath: String? = nil, message: String) {
        self.source = source
        self.file = file
        self.keyPath = keyPath
        self.message = message
    }

    /// One line: `gatotv.com: source.yaml schedule.fields.start.regex: invalid pattern …`.
    public var description: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        if let keyPath, !keyPath.isEmpty { return "\(source): \(name) \(keyPath): \(message)" }
        return "\(source): \(name): \(message)"
    }
}
