/// A query that cannot be asked, naming the parameter and the forms it accepts.
///
/// Its `description` is the one line the command line prints and the HTTP API returns:
/// `--year 2025-1990: the range runs backwards (use FROM-TO such as 1990-2005, or one year)`.
public struct QueryError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The parameter, as the command line writes it without dashes (`year`, `near`, `within`).
    public var parameter: String
    /// The value given.
    public var value: String
    /// What is wrong and what would be right.
    public var message: String

    /// An error from its parts.
    public init(parameter: String, value: String, message: String) {
        self.parameter = parameter
        self.value = value
        self.message = message
    }

    /// `--parameter value: message`.
    public var description: String {
        value.isEmpty ? "--\(parameter): \(message)" : "--\(parameter) \(value): \(message)"
    }
}
