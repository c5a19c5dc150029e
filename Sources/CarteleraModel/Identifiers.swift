/// An id that is a string in JSON and in text: Codable, comparable and printable as its raw value.
public protocol StringIdentifier: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible where RawValue == String {
    init(rawValue: String)
}

extension StringIdentifier {
    /// Decodes the id from a JSON string.
    public init(from decoder: any Decoder) throws { self.init(rawValue: try decoder.singleValueContainer().decode(String.self)) }

    /// Encodes the id as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw value.
    public var description: String { rawValue }
    /// Orders ids by their text.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The id of a configured source: its folder name under `Scrapers/`, usually the site's domain.
public struct SourceID: StringIdentifier, ExpressibleByStringLiteral {
    /// The id's text.
    public let rawValue: String
    /// An id from its text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An id from its text.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// An id written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }
}

/// A channel's stable id, XMLTV style (`La1.es`), shared by every source that carries the channel.
public struct ChannelID: StringIdentifier, ExpressibleByStringLiteral {
    /// The id's text.
    public let rawValue: String
    /// An id from its text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An id from its text.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// An id written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }
}

/// A programme's stable id: its channel and its start instant, never the start alone.
public struct ProgrammeID: StringIdentifier {
    /// The id's text.
    public let rawValue: String
    /// An id from its text.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Builds `<channel>@<start as seconds since 1970>`.
    public init(channel: ChannelID, start: Timestamp) {
        self.rawValue = "\(channel.rawValue)@\(start.secondsSince1970)"
    }

    /// The channel and start the id names; nil for text that is not `<channel>@<seconds>`.
    public var parts: (channel: ChannelID, start: Timestamp)? {
        guard let at = rawValue.lastIndex(of: "@"), at > rawValue.startIndex,
              let seconds = Int64(rawValue[rawValue.index(after: at)...]), let start = Timestamp(checkedSecondsSince1970: seconds) else { return nil }
        return (ChannelID(String(rawValue[..<at])), start)
    }
}
