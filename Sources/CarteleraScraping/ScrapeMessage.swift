/// A plain explanation, used inside the typed errors of this module.
public struct ScrapeMessage: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
