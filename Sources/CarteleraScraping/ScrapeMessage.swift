/// A plain explanation, used inside the typed errors of this module.
public struct ScrapeMessage: Error, Hashable, Sendable, CustomStringConvertible {
    /// The explanation.
    public var description: String
    /// A message with this explanation.
    public init(_ description: String) { self.description = description }
}
