import CarteleraFeeds
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import CarteleraTesting
import Foundation
import Testing

/// A store, a feeds folder and an output folder on disk, for publishing tests: items committed as given,
/// feeds written as YAML, builds run at a given Madrid time.
final class FeedFixture: @unchecked Sendable {
    let folder: TemporaryFolder
    let store: FileStore
    let madrid = ZoneConverter(identifier: "Europe/Madrid")!
    var feeds: String { folder.path + "/feeds" }
    var output: String { folder.path + "/public" }
    private var commits = 0

    init() throws {
        folder = try TemporaryFolder("feeds")
        store = try FileStore(root: folder.path + "/store", indexer: QueryIndexer())
        try FileManager.default.createDirectory(atPath: folder.path + "/feeds", withIntermediateDirectories: true)
    }

    /// Replaces the shards of these channels and days with `programmes` (an empty list empties them), with the channels.
    func commit(_ programmes: [Programme], emptying: [(Day, ChannelID)] = [], channels: [Channel]) throws {
        var shards = ShardContent.programmeShards(programmes)
        for (day, channel) in emptying where shards[.programmes(day: day, channel: channel)] == nil {
            shards[.programmes(day: day, channel: channel)] = .programmes([])
        }
        shards[.channels] = .channels(channels)
        commits += 1
        let time = Timestamp(secondsSince1970: 1_795_000_000 + Int64(commits) * 60)
        let lock = try store.lock(at: time)
        defer { lock.release() }
        _ = try store.commit(shards, at: time, lock: lock)
    }

    /// Commits these shards as given.
    func commit(_ shards: [ShardKey: ShardContent]) throws {
        commits += 1
        let time = Timestamp(secondsSince1970: 1_795_000_000 + Int64(commits) * 60)
        let lock = try store.lock(at: time)
        defer { lock.release() }
        _ = try store.commit(shards, at: time, lock: lock)
    }

    /// Writes `Feeds/<name>.yaml`.
    func feed(_ name: String, _ yaml: String) throws {
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: "\(feeds)/\(name).yaml"))
    }

    /// Builds at a local Madrid time, for a site published at `siteURL`.
    func build(at now: String, siteURL: String? = nil) throws -> BuildReport {
        let context = QueryContext(now: madrid(now), guideZone: madrid)
        return try FeedPublisher(engine: try QueryEngine.open(store), feeds: feeds, output: output, context: context, siteURL: siteURL).build()
    }

    /// A published file's text.
    func published(_ relative: String) throws -> String {
        try String(contentsOfFile: "\(output)/\(relative)", encoding: .utf8)
    }

    /// A local Madrid time (`2026-11-24 21:00`) as an instant.
    func madrid(_ text: String) -> Timestamp {
        let parts = text.split(separator: " ")
        let clock = parts[1].split(separator: ":").compactMap { Int($0) }
        return madrid.instant(LocalDateTime(day: Day(String(parts[0]))!, hour: clock[0], minute: clock[1]))
    }

    /// A programme from a local Madrid time for some minutes.
    func programme(_ channel: ChannelID, _ start: String, minutes: Int, _ title: String, type: ProgrammeType? = .film,
                   description: String? = nil, url: String? = nil, image: String? = nil) -> Programme {
        let begin = madrid(start)
        return Programme(channel: channel, start: begin, stop: begin.adding(seconds: Int64(minutes * 60)), timeZone: "Europe/Madrid", title: title,
                         description: description, categories: ["Cine"], genres: [.drama], type: type, year: 1999, season: nil, episode: nil,
                         image: image, url: url, directors: ["Pilar Miró"], rating: Rating(system: "ES", value: "12"), score: 7.5,
                         provenance: [Provenance(source: "guide.example")])
    }
}

/// The validators and parsers the feed tests read published files with.
enum ExternalTool {
    /// Runs a command from outside the project.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ExternalCommand.Result {
        try ExternalCommand.run(executable, arguments, environment: environment)
    }

    /// What Python's icalendar and jsonschema read in the files; an issue when they refuse one.
    static func checkFeeds(_ files: [String]) throws -> [String: Any] {
        let (result, errors) = try ExternalCommand.checkFeeds(files)
        #expect(errors.isEmpty, "check_feeds.py: \(errors)")
        return result
    }

    /// The events libical reads in a calendar file (`UID SEQUENCE STATUS DTSTART`), compiling the checker once.
    static func libical(_ file: String) throws -> [String] {
        let checker = try LibicalChecker.shared.path()
        let result = try run(checker, [file])
        #expect(result.status == 0, "libical: \(result.errors)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.last == "errors 0")
        return Array(lines.dropLast())
    }
}

/// `Validators/ical_check.c` compiled against libical (pkg-config), once per test process.
final class LibicalChecker: @unchecked Sendable {
    static let shared = LibicalChecker()
    private let lock = NSLock()
    private var compiled: String?
    private var folder: TemporaryFolder?

    func path() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let compiled { return compiled }
        let folder = try TemporaryFolder("ical-check")
        let flags = try ExternalTool.run("pkg-config", ["--cflags", "--libs", "libical"])
        #expect(flags.status == 0, "pkg-config libical: \(flags.errors) (make deps installs libical-dev)")
        let source = RepositoryPaths.packageRoot() + "/Tests/CarteleraFeedsTests/Validators/ical_check.c"
        let binary = folder.path + "/ical_check"
        let build = try ExternalTool.run("cc", ["-o", binary, source] + flags.output.split(whereSeparator: \.isWhitespace).map(String.init))
        #expect(build.status == 0, "cc ical_check.c: \(build.errors)")
        self.folder = folder
        compiled = binary
        return binary
    }
}
