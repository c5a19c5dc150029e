import CarteleraModel
import Foundation
import Synchronization
import Yams

/// The configuration file, `cartelera.yaml`: what a deployment runs (sources, and the channels kept of each), where
/// its folders are, and how queries read local time.
///
/// ```yaml
/// store: /var/lib/cartelera/store      # folders, relative to this file; a flag or environment variable overrides each
/// output: /var/www/cartelera
/// days: 3                              # days to fetch, starting today (default: each source's own)
/// sources:                             # what `run` scrapes; without this list, every real definition (never samples)
///   telebilbao.es:                     # every channel the definition lists
///   energeek.cl:
///     channels: [EnerGeekRetro.cl, EnerGeek4.cl]  # only these, by the ids `cartelera sources list --channels` shows
/// timezone: Europe/Madrid              # the guide's zone: "tonight", "today" and local times in queries
/// tonight: {from: "20:00", to: "06:00"}
/// channel_lists:
///   mine: [La1.es, La2.es, Antena3.es]  # cartelera query programmes --channel-list mine
/// ```
/// Found at `--config FILE`, else `$CARTELERA_CONFIG`, else `./cartelera.yaml`, else the installed
/// `<prefix>/etc/cartelera/cartelera.yaml` beside the binary; without one the defaults apply. An unknown key,
/// a wrong value or (when running) an unknown source or channel is an error naming the file and line.
struct Configuration: Sendable {
    /// The file read; nil when none was found.
    var file: String?
    /// The guide's zone.
    var zone: ZoneConverter
    /// "Tonight", in seconds after local midnight.
    var tonight: (start: Int, end: Int)
    /// Named channel lists.
    var channelLists: [String: [ChannelID]]
    /// Folders set in the file, absolute.
    var folders: [Folder: String] = [:]
    /// The site's address (`--site-url`).
    var siteURL: String?
    /// Days to fetch (`--days`).
    var days: Int?
    /// A `demo --serve` server to fetch the sample sources from (`--sample-server`).
    var sampleServer: String?
    /// The sources to run, as the file lists them; nil when it lists none.
    var sources: [SourceChoice]?

    /// The folders the file may set, each also a flag.
    enum Folder: String, CaseIterable, Sendable {
        case store, scrapers, cache, output, feeds, web, batches
    }

    /// One source the file runs, and the channels it keeps of it.
    struct SourceChoice: Sendable {
        var id: SourceID
        /// Only these channels; nil for every channel the source lists.
        var channels: [ChannelID]?
        /// Where the file names it, `file:line`.
        var place: String
    }

    static let defaultZone = "Europe/Madrid"
    static let fileName = "cartelera.yaml"
    /// Where `make install` puts the configuration, relative to the binary's folder.
    static let installedPath = "../etc/cartelera/cartelera.yaml"

    /// The defaults, without a file.
    static let defaults = Configuration(file: nil, zone: ZoneConverter(identifier: defaultZone)!, tonight: (20 * 3600, 6 * 3600), channelLists: [:])

    /// The file in use: `flag`, else `$CARTELERA_CONFIG`, else `./cartelera.yaml`, else the installed one; nil when none exists.
    static func locate(flag: String?, environment: [String: String]) -> String? {
        if let flag { return flag }
        if let configured = environment["CARTELERA_CONFIG"], !configured.isEmpty { return configured }
        if FileManager.default.fileExists(atPath: fileName) { return fileName }
        if let executable = DefaultPaths.executablePath() {
            let installed = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(installedPath).standardizedFileURL.path
            if FileManager.default.fileExists(atPath: installed) { return installed }
        }
        return nil
    }

    private static let loaded = Mutex<[String: Configuration]>([:])

    /// The configuration at `path` (read once per process); the defaults when `path` is nil.
    static func load(_ path: String?) throws -> Configuration {
        guard let path else { return defaults }
        if let known = loaded.withLock({ $0[path] }) { return known }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(description: "\(path): no such configuration file (or not readable)", status: .usage)
        }
        let configuration = try ConfigurationReader(file: path, text: String(decoding: data, as: UTF8.self)).read()
        loaded.withLock { $0[path] = configuration }
        return configuration
    }
}

/// Reads `cartelera.yaml` node by node, so every mistake names its line and an unknown key is refused, never ignored.
private struct ConfigurationReader {
    let file: String
    let text: String

    private static let keys = ["timezone", "tonight", "channel_lists", "site_url", "days", "sample_server", "sources"]
        + Configuration.Folder.allCases.map(\.rawValue)

    func read() throws -> Configuration {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else { return Configuration.defaults.with(file: file) }
            root = node
        } catch {
            throw CommandFailure(description: "\(file): not valid YAML: \(error)", status: .usage)
        }
        guard let mapping = root.mapping else { throw failure(root, nil, "expected keys such as store: and sources:") }
        var configuration = Configuration.defaults.with(file: file)
        var tonightFrom: Int?, tonightTo: Int?
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "timezone":
                let name = try string(value, key)
                guard let zone = ZoneConverter(identifier: name) else {
                    throw failure(value, key, "unknown IANA time zone \"\(name)\" (for example Europe/Madrid)")
                }
                configuration.zone = zone
            case "tonight":
                guard let times = value.mapping else { throw failure(value, key, "expected {from: \"20:00\", to: \"06:00\"}") }
                for (timeKey, time) in times {
                    switch timeKey.string {
                    case "from": tonightFrom = try clock(time, "tonight.from")
                    case "to": tonightTo = try clock(time, "tonight.to")
                    default: throw failure(timeKey, "tonight", "unknown key \"\(timeKey.string ?? "")\" (known: from, to)")
                    }
                }
            case "channel_lists":
                guard let lists = value.mapping else { throw failure(value, key, "expected named lists, such as mine: [La1.es, La2.es]") }
                for (name, list) in lists {
                    configuration.channelLists[name.string ?? ""] = try strings(list, "channel_lists.\(name.string ?? "")").map { ChannelID($0) }
                }
            case "site_url": configuration.siteURL = try string(value, key)
            case "sample_server": configuration.sampleServer = try string(value, key)
            case "days":
                guard let days = value.int, (1...31).contains(days) else { throw failure(value, key, "expected a number of days from 1 to 31") }
                configuration.days = days
            case "sources": configuration.sources = try sources(value)
            default:
                guard let folder = Configuration.Folder(rawValue: key) else {
                    throw failure(keyNode, nil, "unknown key \"\(key)\" (known: \(Self.keys.sorted().joined(separator: ", ")))")
                }
                configuration.folders[folder] = absolute(try string(value, key))
            }
        }
        configuration.tonight = (tonightFrom ?? configuration.tonight.start, tonightTo ?? configuration.tonight.end)
        return configuration
    }

    /// `sources:` as a mapping (id → nothing, or `channels:`) or a plain list of ids.
    private func sources(_ node: Node) throws -> [Configuration.SourceChoice] {
        if let list = node.sequence {
            return try list.map { Configuration.SourceChoice(id: SourceID(try string($0, "sources")), channels: nil, place: place($0)) }
        }
        guard let mapping = node.mapping else { throw failure(node, "sources", "expected source ids, each with its channels: [...] or nothing") }
        var choices: [Configuration.SourceChoice] = []
        for (idNode, settings) in mapping {
            let id = try string(idNode, "sources")
            var channels: [ChannelID]?
            if settings.null == nil {
                guard let keys = settings.mapping else { throw failure(settings, "sources.\(id)", "expected channels: [...] or nothing") }
                for (key, value) in keys {
                    guard key.string == "channels" else { throw failure(key, "sources.\(id)", "unknown key \"\(key.string ?? "")\" (known: channels)") }
                    let ids = try strings(value, "sources.\(id).channels")
                    guard !ids.isEmpty else { throw failure(value, "sources.\(id).channels", "an empty list keeps nothing: leave the source out instead") }
                    channels = ids.map { ChannelID($0) }
                }
            }
            guard !choices.contains(where: { $0.id.rawValue == id }) else { throw failure(idNode, "sources", "\(id) is listed twice") }
            choices.append(Configuration.SourceChoice(id: SourceID(id), channels: channels, place: place(idNode)))
        }
        return choices
    }

    private func string(_ node: Node, _ key: String) throws -> String {
        guard node.scalar != nil, let text = node.string, !text.isEmpty else { throw failure(node, key, "expected a value") }
        return text
    }

    private func strings(_ node: Node, _ key: String) throws -> [String] {
        guard let list = node.sequence else { throw failure(node, key, "expected a list such as [La1.es, La2.es]") }
        return try list.map { try string($0, key) }
    }

    private func clock(_ node: Node, _ key: String) throws -> Int {
        let text = try string(node, key)
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute) else {
            throw failure(node, key, "expected a time such as 20:00, not \"\(text)\"")
        }
        return hour * 3600 + minute * 60
    }

    /// A folder named in the file, relative to the file's own folder.
    private func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        return folder.appendingPathComponent(path).standardizedFileURL.path
    }

    private func place(_ node: Node) -> String { "\(file):\(node.mark?.line ?? 0)" }

    private func failure(_ node: Node, _ key: String?, _ message: String) -> CommandFailure {
        CommandFailure(description: "\(place(node)): \(key.map { "\($0): " } ?? "")\(message)", status: .usage)
    }
}

extension Configuration {
    fileprivate func with(file: String) -> Configuration {
        var copy = self
        copy.file = file
        return copy
    }
}
