import CarteleraModel
import Foundation
import Logging
import Synchronization

/// The JSON-files store.
///
/// ```
/// <root>/manifest.json                       shard index: items, FNV-1a hash, last change
/// <root>/lock                                writer lock (flock), holds the writer's pid
/// <root>/tv/channels.json
/// <root>/tv/programmes/<YYYY-MM-DD>/<channel>.json   UTC day of the start
/// <root>/tv/audiences/<YYYY-MM-DD>.json
/// <root>/tv/news/<YYYY-MM-DD>.json
/// <root>/nightlife/venues/<city-slug>.json   venues of a city, kept when no longer listed (notSeenSince)
/// <root>/nightlife/nights/<YYYY-MM-DD>.json  the evening's nights and guest lists (local date a night starts on)
/// <root>/nightlife/promotions.json           every promotion, with its paid flag
/// <root>/sources/<source>.json               SourceState
/// <root>/reports/<YYYY-MM-DDTHHMMSSZ>.json   run reports, the last 50
/// ```
/// Reads take no lock: every file is replaced by rename, so a reader sees a whole shard, old or new.
public final class FileStore: Store {
    /// The store's folder, as an absolute path.
    public let root: String
    /// Tells this instance's locks from those of another instance on the same folder.
    let identity = UUID()
    let logger: Logger
    /// Serialises writes made through one lock from several tasks; the flock only excludes other holders.
    let writeGate = Mutex(())

    /// Opens the store at `root`, creating its folders; throws `.schemaMismatch` for a store of another schema.
    ///
    /// A manifest that cannot be parsed does not stop the open: reading it throws `.corrupt`, and the next
    /// commit rebuilds it from the shard files present.
    public init(root: String, logger: Logger = Logger(label: "cartelera.store")) throws(StoreError) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.logger = logger
        for folder in ["tv/programmes", "tv/audiences", "tv/news", "nightlife/venues", "nightlife/nights", "sources", "reports"] {
            try POSIX.makeDirectory(path(folder))
        }
        try checkSchemaVersion()
    }

    /// The absolute path of a file inside the store.
    func path(_ relativePath: String) -> String { root + "/" + relativePath }

    /// Reads `tv/programmes/<day>/<channel>.json`; [] when absent.
    public func programmes(day: Day, channel: ChannelID) throws(StoreError) -> [Programme] {
        try read(.programmes(day: day, channel: channel), as: [Programme].self) ?? []
    }

    /// Reads every channel file of the day, channel by channel.
    public func programmes(day: Day) throws(StoreError) -> [Programme] {
        var all: [Programme] = []
        for channel in try channelsWithProgrammes(day: day) {
            all += try programmes(day: day, channel: channel)
        }
        return all
    }

    /// Lists the day folder; no file is opened.
    public func channelsWithProgrammes(day: Day) throws(StoreError) -> [ChannelID] {
        POSIX.list(path("tv/programmes/\(day)")).compactMap { name in
            if case .programmes(_, let channel) = ShardKey(relativePath: "tv/programmes/\(day)/\(name)") { channel } else { nil }
        }.sorted()
    }

    /// Lists the day folders that hold at least one shard.
    public func programmeDays() throws(StoreError) -> [Day] {
        // A folder left empty by a crash between deleting its last shard and the folder is not a day.
        var days: [Day] = []
        for day in POSIX.list(path("tv/programmes")).compactMap(Day.init) where try !channelsWithProgrammes(day: day).isEmpty {
            days.append(day)
        }
        return days.sorted()
    }

    /// Lists the shard files under `tv/` and `nightlife/`, skipping temp files and anything else.
    public func shardKeys() throws(StoreError) -> [ShardKey] {
        var keys = [ShardKey.channels, .promotions].filter { POSIX.exists(path($0.relativePath)) }
        for folder in POSIX.list(path("tv/programmes")) where Day(folder) != nil {
            keys += POSIX.list(path("tv/programmes/\(folder)")).compactMap { ShardKey(relativePath: "tv/programmes/\(folder)/\($0)") }
        }
        for folder in ["tv/audiences", "tv/news", "nightlife/venues", "nightlife/nights"] {
            keys += POSIX.list(path(folder)).compactMap { ShardKey(relativePath: "\(folder)/\($0)") }
        }
        return keys.sorted()
    }

    /// Reads `tv/channels.json`; [] when absent.
    public func channels() throws(StoreError) -> [Channel] {
        try read(.channels, as: [Channel].self) ?? []
    }

    /// Reads `tv/audiences/<day>.json`; nil when absent.
    public func audiences(day: Day) throws(StoreError) -> AudienceDay? {
        try read(.audiences(day: day), as: AudienceDay.self)
    }

    /// Reads `tv/news/<day>.json`; [] when absent.
    public func news(day: Day) throws(StoreError) -> [NewsItem] {
        try read(.news(day: day), as: [NewsItem].self) ?? []
    }

    /// Reads `nightlife/venues/<city-slug>.json`; [] when absent.
    public func venues(city: String) throws(StoreError) -> [Venue] {
        try read(.venues(city: Slug.make(city)), as: [Venue].self) ?? []
    }

    /// Lists `nightlife/venues/`; no file is opened.
    public func venueCities() throws(StoreError) -> [String] {
        POSIX.list(path("nightlife/venues")).compactMap { name in
            if case .venues(let city) = ShardKey(relativePath: "nightlife/venues/\(name)") { city } else { nil }
        }.sorted()
    }

    /// Reads `nightlife/nights/<day>.json`; nil when absent.
    public func nights(day: Day) throws(StoreError) -> NightsDay? {
        try read(.nights(day: day), as: NightsDay.self)
    }

    /// Lists `nightlife/nights/`; no file is opened.
    public func nightDays() throws(StoreError) -> [Day] {
        POSIX.list(path("nightlife/nights")).compactMap { name in
            if case .nights(let day) = ShardKey(relativePath: "nightlife/nights/\(name)") { day } else { nil }
        }.sorted()
    }

    /// Reads `nightlife/promotions.json`; [] when absent.
    public func promotions() throws(StoreError) -> [Promotion] {
        try read(.promotions, as: [Promotion].self) ?? []
    }

    /// A shard's items; nil when the file is absent.
    private func read<Items: Codable>(_ key: ShardKey, as type: Items.Type) throws(StoreError) -> Items? {
        guard let data = try POSIX.readFile(path(key.relativePath)) else { return nil }
        return try ShardCodec.decode(data, as: type, for: key)
    }
}
