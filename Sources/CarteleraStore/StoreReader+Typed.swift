import CarteleraModel
import Foundation

/// How a shard's bytes are read into values.
public enum ShardDecoding: Sendable {
    /// The canonical reader, and `JSONDecoder` for a file it refuses: what every read uses.
    case canonical
    /// `JSONDecoder` alone, as every read went before the canonical reader: for comparisons and benchmarks.
    case foundation
    /// The canonical reader alone, `.corrupt` for a file not in its form: for checking it against `JSONDecoder`.
    case canonicalOnly
}

extension StoreReader {
    /// A shard's content decoded; nil when absent, `.corrupt` naming the file when it cannot be read as what its key holds.
    public func content(_ key: ShardKey, decoding: ShardDecoding = .canonical) throws(StoreError) -> ShardContent? {
        guard let data = try shardData(key) else { return nil }
        return try ShardContent.decode(data, for: key, decoding: decoding)
    }

    /// The programmes of one channel on one UTC day, by start; [] when absent.
    public func programmes(day: Day, channel: ChannelID) throws(StoreError) -> [Programme] {
        if case .programmes(let items)? = try content(.programmes(day: day, channel: channel)) { return items }
        return []
    }

    /// The programmes of every channel on one UTC day, channel by channel.
    public func programmes(day: Day) throws(StoreError) -> [Programme] {
        var all: [Programme] = []
        for channel in try channelsWithProgrammes(day: day) {
            all += try programmes(day: day, channel: channel)
        }
        return all
    }

    /// The channels with a programme shard on that day, in id order.
    public func channelsWithProgrammes(day: Day) throws(StoreError) -> [ChannelID] {
        try shardKeys().compactMap { key in
            if case .programmes(day, let channel) = key { channel } else { nil }
        }
    }

    /// The UTC days with at least one programme shard, oldest first.
    public func programmeDays() throws(StoreError) -> [Day] {
        Set(try shardKeys().compactMap { key in
            if case .programmes(let day, _) = key { day } else { nil }
        }).sorted()
    }

    /// The channel list; [] when absent.
    public func channels() throws(StoreError) -> [Channel] {
        if case .channels(let items)? = try content(.channels) { return items }
        return []
    }

    /// A day's audiences; nil when absent.
    public func audiences(day: Day) throws(StoreError) -> AudienceDay? {
        if case .audiences(let audiences)? = try content(.audiences(day: day)) { return audiences }
        return nil
    }

    /// A day's news, newest first; [] when absent.
    public func news(day: Day) throws(StoreError) -> [NewsItem] {
        if case .news(let items)? = try content(.news(day: day)) { return items }
        return []
    }

    /// The venues of a city (its name or slug), in id order, those not seen lately included; [] when absent.
    public func venues(city: String) throws(StoreError) -> [Venue] {
        if case .venues(let items)? = try content(.venues(city: Slug.make(city))) { return items }
        return []
    }

    /// The slugs of the cities with a venue shard, in order.
    public func venueCities() throws(StoreError) -> [String] {
        try shardKeys().compactMap { key in
            if case .venues(let city) = key { city } else { nil }
        }
    }

    /// An evening's nights and guest lists; nil when absent.
    public func nights(day: Day) throws(StoreError) -> NightsDay? {
        if case .nights(let evening)? = try content(.nights(day: day)) { return evening }
        return nil
    }

    /// The evenings with a nights shard, oldest first.
    public func nightDays() throws(StoreError) -> [Day] {
        try shardKeys().compactMap { key in
            if case .nights(let day) = key { day } else { nil }
        }
    }

    /// Every promotion, in id order, each with its paid flag; [] when absent.
    public func promotions() throws(StoreError) -> [Promotion] {
        if case .promotions(let items)? = try content(.promotions) { return items }
        return []
    }
}
