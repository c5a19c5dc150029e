/// The id of a configured source: its folder name under `Scrapers/`, usually the site's domain.
public struct SourceID: RawRepresentable, Hashable, Comparable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
    public static func < (lhs: SourceID, rhs: SourceID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A channel's stable id, XMLTV style (`La1.es`), shared by every source that carries the channel.
public struct ChannelID: RawRepresentable, Hashable, Comparable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
    public static func < (lhs: ChannelID, rhs: ChannelID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The id made safe for a file name: anything but letters, digits, `.`, `-` and `_` becomes `_`.
    public var fileSafe: String {
        String(rawValue.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_": return Character(scalar)
            default: return "_"
            }
        })
    }
}

/// A programme's stable id: its channel and its start instant, never the start alone.
public struct ProgrammeID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Builds `<channel>@<start as seconds since 1970>`.
    public init(channel: ChannelID, start: Timestamp) {
        self.rawValue = "\(channel.rawValue)@\(start.secondsSince1970)"
    }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
    public static func < (lhs: ProgrammeID, rhs: ProgrammeID) -> Bool { lhs.rawValue < rhs.rawValue }
}
