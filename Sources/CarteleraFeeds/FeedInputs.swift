import CarteleraCore
import CarteleraModel
import CarteleraQuery
import CarteleraStore

/// What each output of a feed build is made from, as hashes taken from the snapshot's manifest alone (each shard's hash,
/// grouped the way the outputs read the shards), so a build can tell an unchanged output without reading the store.
struct FeedInputs {
    /// Whether the manifest holds a hash for every shard; when it does not, no output can be shown unchanged.
    let isKnown: Bool
    /// The UTC days with programme shards, oldest first, each with its channels in id order.
    let programmeDays: [(day: Day, channels: [ChannelID])]
    /// The channels with programme shards, in id order.
    let programmeChannels: [ChannelID]
    /// The days with an audiences shard, and the cities with a venues shard, in order.
    let audienceDays: [Day]
    let venueCities: [String]
    /// The channel list's hash.
    let channels: String
    /// Each channel's programme shards (paths and hashes) as one hash.
    let channelProgrammes: [ChannelID: String]
    /// Every programme shard as one hash.
    let allProgrammes: String
    /// Every shard but the programmes and the channel list (audiences, news, venues, nights, promotions) as one hash.
    let others: String
    private let hashes: [ShardKey: String]

    /// The inputs of `snapshot`.
    init(_ snapshot: any StoreSnapshot) throws(BuildError) {
        let keys = try snapshot.reading { store throws(StoreError) in try store.shardKeys() }.sorted()
        let manifest = snapshot.manifest
        var hashes: [ShardKey: String] = [:]
        var known = true
        var byDay: [Day: [ChannelID]] = [:]
        var byChannel: [ChannelID: FNV1a] = [:]
        var all = FNV1a(), others = FNV1a()
        var audienceDays: [Day] = [], venueCities: [String] = []
        for key in keys {
            guard let hash = manifest[key]?.hash else {
                known = false
                continue
            }
            hashes[key] = hash
            let line = Array("\(key.relativePath)=\(hash)\n".utf8)
            switch key {
            case .programmes(let day, let channel):
                byDay[day, default: []].append(channel)
                byChannel[channel, default: FNV1a()].combine(line)
                all.combine(line)
            case .channels:
                break
            case .audiences(let day):
                audienceDays.append(day)
                others.combine(line)
            case .venues(let city):
                venueCities.append(city)
                others.combine(line)
            case .news, .nights, .promotions:
                others.combine(line)
            }
        }
        isKnown = known
        self.hashes = hashes
        programmeDays = byDay.keys.sorted().map { ($0, byDay[$0] ?? []) }
        programmeChannels = byChannel.keys.sorted()
        self.audienceDays = audienceDays
        self.venueCities = venueCities
        channels = hashes[.channels] ?? "-"
        channelProgrammes = byChannel.mapValues(\.hex)
        allProgrammes = all.hex
        self.others = others.hex
    }

    /// The hash of one shard; `-` when the store has none.
    func hash(_ key: ShardKey) -> String { hashes[key] ?? "-" }

    /// A hash of `parts`, each kept apart from the next by its length.
    static func key(_ parts: [String]) -> String {
        var hash = FNV1a()
        for part in parts {
            hash.combine(Array("\(part.utf8.count):".utf8))
            hash.combine(Array(part.utf8))
        }
        return hash.hex
    }

    /// What a feed's file in one format is made from: the definition, the answer's items and the shards they come from,
    /// the site's address; for a format that follows items gone from the answer (a calendar cancels them), every shard
    /// of the feed's kind and the build's moment too.
    func feed(_ definition: FeedDefinition, writer: any FeedWriter, answer: QueryAnswer, context: QueryContext, siteURL: String?) -> String {
        var parts = [writer.name, definition.fingerprint, siteURL ?? "-", context.guideZone.identifier]
        switch answer {
        case .programmes(let page):
            parts += page.rows.map(\.id.rawValue)
            parts.append(channels)
            // A row's end may be the next start on its channel, so a feed reads its channels' whole schedules.
            for channel in Set(page.rows.map(\.channel)).sorted() { parts.append(channelProgrammes[channel] ?? "-") }
            if writer.followsVanishedItems { parts += [String(context.now.secondsSince1970), allProgrammes] }
        case .venues(let page):
            parts += page.rows.map(\.venue.id.rawValue)
        case .nights(let page):
            parts += page.rows.map(\.night.id)
        case .promotions(let page):
            parts += page.rows.map(\.promotion.id)
        case .audiences(let page):
            parts += page.rows.map(\.entry.id)
        case .shares(let page):
            parts += page.rows.map(\.share.id)
        }
        if definition.kind != .programmes {
            // Guest lists, promoted flags and opening hours are read at the build's moment.
            parts += [String(context.now.secondsSince1970), "\(context.tonight.start)-\(context.tonight.end)", others]
        }
        return Self.key(parts)
    }
}

extension FeedDefinition {
    /// Everything the definition says, as text that is the same in every process.
    var fingerprint: String {
        var parts = [name, title, description ?? "-", language, kind.rawValue, formats.map(\.name).joined(separator: ","),
                     alarmMinutes.map(String.init) ?? "-", homePage ?? "-"]
        for parameter in parameters.parameters { parts.append(parameter.name + "=" + parameters[parameter].joined(separator: "\u{1F}")) }
        return FeedInputs.key(parts)
    }
}
