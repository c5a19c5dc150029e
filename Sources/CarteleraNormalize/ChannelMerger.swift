import CarteleraModel

/// Merges the channel lists of several sources into one list, one entry per channel id.
public enum ChannelMerger {
    /// `stored` with `incoming` (from `source`) added: a known channel gains the source and fills its gaps, a new one is appended; in id order.
    public static func merge(stored: [Channel], incoming: [Channel], from source: SourceID) -> [Channel] {
        var byID: [ChannelID: Channel] = [:]
        for channel in stored { byID[channel.id] = channel }
        for channel in incoming {
            guard var known = byID[channel.id] else {
                var added = channel
                added.sources = Set(channel.sources + [source]).sorted()
                byID[channel.id] = added
                continue
            }
            known.sources = Set(known.sources + channel.sources + [source]).sorted()
            known.logo = known.logo ?? channel.logo
            known.website = known.website ?? channel.website
            known.language = known.language ?? channel.language
            byID[channel.id] = known
        }
        return byID.values.sorted { $0.id < $1.id }
    }
}
