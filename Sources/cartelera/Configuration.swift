import CarteleraModel
import Foundation
import Yams

/// The optional configuration file, `cartelera.yaml`: the guide's zone, what "tonight" means, named channel lists.
///
/// ```yaml
/// timezone: Europe/Madrid              # the guide's zone: "tonight", "today" and local times in queries
/// tonight: {from: "20:00", to: "06:00"}
/// channel_lists:
///   mine: [La1.es, La2.es, Antena3.es]  # cartelera query programmes --channel-list mine
/// ```
/// Found at `--config FILE`, else `$CARTELERA_CONFIG`, else `./cartelera.yaml`; without one the defaults apply.
struct Configuration {
    /// The guide's zone.
    var zone: ZoneConverter
    /// "Tonight", in seconds after local midnight.
    var tonight: (start: Int, end: Int)
    /// Named channel lists.
    var channelLists: [String: [ChannelID]]

    static let defaultZone = "Europe/Madrid"

    private struct File: Decodable {
        struct Tonight: Decodable {
            var from: String?
            var to: String?
        }

        var timezone: String?
        var tonight: Tonight?
        var channelLists: [String: [String]]?

        enum CodingKeys: String, CodingKey {
            case timezone, tonight
            case channelLists = "channel_lists"
        }
    }

    /// The configuration at `path` (or found as the type's documentation says); the defaults when there is none.
    static func load(_ path: String?) throws -> Configuration {
        let environment = ProcessInfo.processInfo.environment["CARTELERA_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        let chosen = path ?? environment ?? (FileManager.default.fileExists(atPath: "cartelera.yaml") ? "cartelera.yaml" : nil)
        guard let chosen else { return try Configuration(file: File(), name: "defaults") }
        guard let data = FileManager.default.contents(atPath: chosen) else {
            throw CommandFailure(description: "\(chosen): no such configuration file", status: .usage)
        }
        do {
            let file = try YAMLDecoder().decode(File.self, from: String(decoding: data, as: UTF8.self))
            return try Configuration(file: file, name: chosen)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(description: "\(chosen): \(error)", status: .usage)
        }
    }

    private init(file: File, name: String) throws {
        let zoneName = file.timezone ?? Self.defaultZone
        guard let zone = ZoneConverter(identifier: zoneName) else {
            throw CommandFailure(description: "\(name) timezone: unknown IANA time zone \"\(zoneName)\" (for example Europe/Madrid)", status: .usage)
        }
        self.zone = zone
        func clock(_ text: String?, _ fallback: Int, key: String) throws -> Int {
            guard let text else { return fallback }
            let parts = text.split(separator: ":")
            guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute) else {
                throw CommandFailure(description: "\(name) tonight.\(key): expected a time such as 20:00, not \"\(text)\"", status: .usage)
            }
            return hour * 3600 + minute * 60
        }
        tonight = (try clock(file.tonight?.from, 20 * 3600, key: "from"), try clock(file.tonight?.to, 6 * 3600, key: "to"))
        channelLists = (file.channelLists ?? [:]).mapValues { $0.map { ChannelID($0) } }
    }
}
