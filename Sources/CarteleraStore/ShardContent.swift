import CarteleraModel
import Foundation

/// One shard's new content.
///
/// Empty content removes the shard: a commit never leaves a file with no items.
public enum ShardContent: Sendable, Hashable {
    case channels([Channel])
    case programmes([Programme])
    case audiences(AudienceDay)
    case news([NewsItem])
    /// A city's venues.
    case venues([Venue])
    /// An evening's nights and guest lists.
    case nights(NightsDay)
    /// Every promotion.
    case promotions([Promotion])

    /// How many items the content holds; an audience day counts entries and shares, an evening nights and guest lists.
    public var itemCount: Int {
        switch self {
        case .channels(let channels): channels.count
        case .programmes(let programmes): programmes.count
        case .audiences(let day): day.entries.count + day.shares.count
        case .news(let items): items.count
        case .venues(let venues): venues.count
        case .nights(let day): day.nights.count + day.guestLists.count
        case .promotions(let promotions): promotions.count
        }
    }

    /// True when committing this content removes the shard.
    public var isEmpty: Bool { itemCount == 0 }

    /// Empty content of the kind a key holds, which removes that shard when committed.
    public static func empty(for key: ShardKey) -> ShardContent {
        switch key {
        case .channels: .channels([])
        case .programmes: .programmes([])
        case .audiences: .audiences(AudienceDay())
        case .news: .news([])
        case .venues: .venues([])
        case .nights: .nights(NightsDay())
        case .promotions: .promotions([])
        }
    }

    /// Programmes grouped into the shards they belong to: the UTC day of their start and their channel.
    public static func programmeShards(_ programmes: [Programme]) -> [ShardKey: ShardContent] {
        Dictionary(grouping: programmes) { ShardKey.programmes(day: $0.start.utcDay, channel: $0.channel) }
            .mapValues { .programmes($0) }
    }

    /// The content of a shard file's bytes, checked against the key it was read for; `.corrupt` naming the file when it cannot be.
    static func decode(_ data: Data, for key: ShardKey, decoding: ShardDecoding = .canonical) throws(StoreError) -> ShardContent {
        switch decoding {
        case .canonical: return try ShardCodec.decode(data, for: key)
        case .foundation: return try ShardCodec.decodeWithFoundation(data, for: key)
        case .canonicalOnly:
            guard let content = CanonicalShardReader.content(data, for: key) else {
                throw StoreError(kind: .corrupt, file: key.relativePath, detail: "is not in the canonical form this build writes")
            }
            return content
        }
    }
}
