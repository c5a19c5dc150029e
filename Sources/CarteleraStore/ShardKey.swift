import CarteleraModel

/// Where a shard lives.
///
/// Programmes are sharded by the UTC day of their start and by channel, audiences and news by day,
/// venues by city and nights by evening, so a reader opens only the files of the day (or the channel's
/// day, or the city) it needs.
public enum ShardKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    case channels
    case programmes(day: Day, channel: ChannelID)
    case audiences(day: Day)
    case news(day: Day)
    /// The venues of a city; `city` is the city's slug (`Slug.make("A Coruña")` = `a-coruna`).
    case venues(city: String)
    /// The nights and guest lists of an evening (the venues' local date a night starts on).
    case nights(day: Day)
    /// Every promotion, paid flag kept.
    case promotions

    /// The shard's path under the store's root, with `/` separators.
    public var relativePath: String {
        switch self {
        case .channels: "tv/channels.json"
        case .programmes(let day, let channel): "tv/programmes/\(day)/\(FileName.encode(channel.rawValue)).json"
        case .audiences(let day): "tv/audiences/\(day).json"
        case .news(let day): "tv/news/\(day).json"
        case .venues(let city): "nightlife/venues/\(city).json"
        case .nights(let day): "nightlife/nights/\(day).json"
        case .promotions: "nightlife/promotions.json"
        }
    }

    /// The key a relative path names; nil for paths that are not shards (temp files, other folders).
    public init?(relativePath: String) {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 2 where parts == ["tv", "channels.json"]:
            self = .channels
        case 2 where parts == ["nightlife", "promotions.json"]:
            self = .promotions
        case 3 where parts[0] == "nightlife" && parts[1] == "venues":
            // Only a slug names a city, so one city never has two files.
            guard let city = FileName.stem(ofJSON: parts[2]), Slug.make(city) == city else { return nil }
            self = .venues(city: city)
        case 3 where parts[0] == "nightlife" && parts[1] == "nights":
            guard let day = Self.day(fromFileName: parts[2]) else { return nil }
            self = .nights(day: day)
        case 3 where parts[0] == "tv":
            guard let day = Self.day(fromFileName: parts[2]) else { return nil }
            switch parts[1] {
            case "audiences": self = .audiences(day: day)
            case "news": self = .news(day: day)
            default: return nil
            }
        case 4 where parts[0] == "tv" && parts[1] == "programmes":
            guard let day = Day(parts[2]), let stem = FileName.stem(ofJSON: parts[3]),
                  let channel = FileName.decode(stem) else { return nil }
            self = .programmes(day: day, channel: ChannelID(channel))
        default:
            return nil
        }
    }

    /// The `kind` written in the shard file's header.
    var kind: String {
        switch self {
        case .channels: "channels"
        case .programmes: "programmes"
        case .audiences: "audiences"
        case .news: "news"
        case .venues: "venues"
        case .nights: "nights"
        case .promotions: "promotions"
        }
    }

    /// The day the shard holds, if it is sharded by day.
    public var day: Day? {
        switch self {
        case .channels, .venues, .promotions: nil
        case .programmes(let day, _), .audiences(let day), .news(let day), .nights(let day): day
        }
    }

    /// The shard's relative path.
    public var description: String { relativePath }

    /// Path order, which is also day order within a folder.
    public static func < (lhs: ShardKey, rhs: ShardKey) -> Bool { lhs.relativePath < rhs.relativePath }

    private static func day(fromFileName name: String) -> Day? {
        FileName.stem(ofJSON: name).flatMap { Day($0) }
    }
}
