/// A query that cannot be asked, naming the parameter and the forms it accepts.
///
/// Each surface says it in its own words: the command line prints
/// `--year 2025-1990: the range runs backwards (use FROM-TO such as 1990-2005, or one year)`, the HTTP API answers
/// the message with `parameter` beside it, and a message naming another parameter writes it as the surface does
/// (`use --type film`, `use type=film`, `use type: film`).
public struct QueryError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The parameter's name (`year`, `near`, `within`).
    public var parameter: String
    /// The value given.
    public var value: String
    /// What is wrong and what would be right.
    public var message: QueryMessage

    /// An error from its parts.
    public init(parameter: String, value: String, message: QueryMessage) {
        self.parameter = parameter
        self.value = value
        self.message = message
    }

    /// The command line's line: `--parameter value: message`.
    public var description: String {
        let text = message.text(.commandLine)
        return value.isEmpty ? "--\(parameter): \(text)" : "--\(parameter) \(value): \(text)"
    }
}

/// A message about a query that may name parameters, written as the surface that shows it writes them.
public struct QueryMessage: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// How a surface writes a parameter with a value.
    public enum Style: Sendable {
        /// `--near LAT,LON`.
        case commandLine
        /// `near=LAT,LON`, as an HTTP API query string.
        case queryString
        /// `near: LAT,LON`, as a feed definition's `query:` mapping.
        case definition
    }

    fileprivate enum Part: Sendable, Hashable {
        case text(String)
        case parameter(String, value: String?)
    }

    private var parts: [Part]

    public typealias StringInterpolation = Interpolation

    public init(stringLiteral value: String) {
        parts = [.text(value)]
    }

    public init(stringInterpolation: Interpolation) {
        parts = stringInterpolation.parts
    }

    /// The message as `style` writes parameters.
    public func text(_ style: Style) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .parameter(let name, let value):
                switch style {
                case .commandLine: return value.map { "--\(name) \($0)" } ?? "--\(name)"
                case .queryString: return value.map { "\(name)=\($0)" } ?? name
                case .definition: return value.map { "\(name): \($0)" } ?? name
                }
            }
        }.joined()
    }

    /// The command line's wording.
    public var description: String { text(.commandLine) }

    /// Text with `\(parameter: "near", "LAT,LON")` naming a parameter and, optionally, a value.
    public struct Interpolation: StringInterpolationProtocol {
        fileprivate var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            parts.append(.text(literal))
        }

        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            parts.append(.text(value.description))
        }

        public mutating func appendInterpolation(_ message: QueryMessage) {
            parts.append(contentsOf: message.parts)
        }

        public mutating func appendInterpolation(parameter: QueryParameter, _ value: String? = nil) {
            parts.append(.parameter(parameter.name, value: value))
        }
    }
}
