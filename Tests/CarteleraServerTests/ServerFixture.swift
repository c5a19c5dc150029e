import CarteleraModel
import CarteleraQuery
import CarteleraServer
import CarteleraSite
import CarteleraStore
import CarteleraTesting
import Foundation
import Logging

/// A small store (two channels, a club with nights and guest lists) and a server over it on a free loopback port.
final class ServerFixture: @unchecked Sendable {
    let folder: TemporaryFolder
    let store: FileStore
    let output: String
    private(set) var port = 0
    private var task: Task<Void, any Error>?
    let madrid = ZoneConverter(identifier: "Europe/Madrid")!
    /// Titles of more nights the club holds, each with an open list (hostile ones, for escaping tests).
    let moreNights: [String]

    /// "Now" for every request: Friday 2026-11-27 21:00 in Madrid.
    static let now = Timestamp(iso8601: "2026-11-27T20:00:00Z")!
    static let evening = Day("2026-11-27")!
    static let club = VenueID(name: "Sala Prueba", city: "Madrid")
    static let openNight = Night.id(venue: club, date: evening, title: "Noche Abierta")
    static let fullNight = Night.id(venue: club, date: evening, title: "Noche Llena")
    static let closedNight = Night.id(venue: club, date: evening, title: "Noche Cerrada")
    static let pastDeadlineNight = Night.id(venue: club, date: evening, title: "Noche Tardía")
    static let plainNight = Night.id(venue: club, date: evening, title: "Noche Sin Lista")

    /// The store committed, the output folder made; the server is not started yet.
    init(places: Int = 50, conditions: [String] = ["Gratis hasta la 1:30", "Máximo 4 personas"], moreNights: [String] = []) throws {
        self.moreNights = moreNights
        folder = try TemporaryFolder("server")
        store = try FileStore(root: folder.path + "/store", indexer: QueryIndexer())
        output = folder.path + "/public"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try commit(titleSuffix: "", places: places, conditions: conditions)
    }

    /// Commits the fixture's content; `titleSuffix` changes every programme title so a second commit differs.
    func commit(titleSuffix: String, places: Int = 50, conditions: [String] = ["Gratis hasta la 1:30", "Máximo 4 personas"],
                at time: Timestamp = ServerFixture.now) throws {
        let source = [Provenance(source: "server.example")]
        let channels = [Channel(id: "La1.es", name: "La 1"), Channel(id: "La2.es", name: "La 2")]
        var programmes: [Programme] = []
        for (index, channel) in channels.enumerated() {
            for slot in 0..<12 {
                let start = Self.now.adding(seconds: Int64(slot - 6) * 3600 + Int64(index) * 600)
                programmes.append(Programme(channel: channel.id, start: start, stop: start.adding(seconds: 3600), timeZone: "Europe/Madrid",
                                            title: "\(slot % 3 == 0 ? "Cine: Acción" : "Noticias") \(channel.name) \(slot)\(titleSuffix)",
                                            genres: slot % 3 == 0 ? [.action] : [], type: slot % 3 == 0 ? .film : .news, year: slot % 3 == 0 ? 1990 + slot : nil,
                                            provenance: source))
            }
        }
        let venue = Venue(id: Self.club, name: "Sala Prueba", address: "Calle Mayor 1", city: "Madrid", location: GeoPoint(latitude: 40.4168, longitude: -3.7038),
                          provenance: source)
        let ends = Self.now.adding(seconds: 9 * 3600)
        func night(_ title: String) -> Night {
            Night(venue: Self.club, date: Self.evening, title: title, doors: Self.now.adding(seconds: 3600), closing: ends, timeZone: "Europe/Madrid",
                  provenance: source)
        }
        let nights = (["Noche Abierta", "Noche Llena", "Noche Cerrada", "Noche Tardía", "Noche Sin Lista"] + moreNights).map(night)
        let lists = moreNights.map { title in
            GuestList(venue: Self.club, night: Night.id(venue: Self.club, date: Self.evening, title: title), date: Self.evening, declared: .open,
                      capacity: places, placesLeft: places, nightEnds: ends, provenance: source)
        } + [
            GuestList(venue: Self.club, night: Self.openNight, date: Self.evening, declared: .open, conditions: conditions,
                      deadline: Self.now.adding(seconds: 4 * 3600), capacity: places, placesLeft: places, nightEnds: ends, provenance: source),
            GuestList(venue: Self.club, night: Self.fullNight, date: Self.evening, declared: .full, nightEnds: ends, provenance: source),
            GuestList(venue: Self.club, night: Self.closedNight, date: Self.evening, declared: .closed, nightEnds: ends, provenance: source),
            GuestList(venue: Self.club, night: Self.pastDeadlineNight, date: Self.evening, declared: .open, deadline: Self.now.adding(seconds: -60),
                      placesLeft: 10, nightEnds: ends, provenance: source),
        ]
        var shards = ShardContent.programmeShards(programmes)
        shards[.channels] = .channels(channels)
        shards[.venues(city: "madrid")] = .venues([venue])
        shards[.nights(day: Self.evening)] = .nights(NightsDay(nights: nights, guestLists: lists))
        let lock = try store.lock(at: time)
        defer { lock.release() }
        _ = try store.commit(shards, at: time, lock: lock)
    }

    /// The configuration the fixture's server runs with; `adjust` changes limits for a test.
    func configuration(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        var configuration = ServerConfiguration(storeRoot: store.root, outputFolder: output, context: QueryContext(now: Self.now, guideZone: madrid))
        configuration.port = 0
        configuration.clock = { ServerFixture.now }
        configuration.web = try? WebFolder(path: RepositoryPaths.packageRoot() + "/Web")
        adjust(&configuration)
        return configuration
    }

    /// Starts the server on a free port and waits until it listens.
    func start(logger given: Logger? = nil, _ adjust: (inout ServerConfiguration) -> Void = { _ in }) async throws {
        var logger = given ?? Logger(label: "cartelera.serve.test")
        if given == nil { logger.logLevel = .critical }
        let server = CarteleraServer(configuration: configuration(adjust), logger: logger)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        task = Task { try await server.run(handlesSignals: false) { continuation.yield($0) } }
        for await bound in ports {
            port = bound
            break
        }
    }

    /// Stops the server (cancelling its task ends it gracefully).
    func stop() async {
        task?.cancel()
        _ = await task?.result
    }

    /// A request through a fresh connection, sent from a thread of its own (the server needs the task pool).
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []) async throws -> LoopbackClient.Reply {
        let port = self.port
        return try await OffPool.run { try LoopbackClient.send(method, target, port: port, headers: headers, body: body) }
    }

    /// A GET through a fresh connection.
    func get(_ target: String, headers: [String: String] = [:]) async throws -> LoopbackClient.Reply {
        try await send("GET", target, headers: headers)
    }

    /// A JSON POST through a fresh connection.
    func postJSON(_ target: String, _ json: String, headers: [String: String] = [:]) async throws -> LoopbackClient.Reply {
        try await send("POST", target, headers: headers.merging(["Content-Type": "application/json"]) { given, _ in given }, body: Array(json.utf8))
    }

    /// Raw requests on as many connections at once, from a thread of their own.
    func concurrently(_ requests: [[UInt8]], timeout: Double = 60) async throws -> [LoopbackClient.Reply?] {
        let port = self.port
        return try await OffPool.run { try LoopbackClient.concurrently(requests, port: port, timeout: timeout) }
    }

    /// A night id as one path segment.
    static func segment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"))!
    }

    /// The JSON object of a reply's body.
    static func object(_ reply: LoopbackClient.Reply) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(reply.body))) as? [String: Any] ?? [:]
    }
}

/// A log handler that keeps every line with its metadata, to check what the server writes to its log.
final class CapturedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    /// A logger writing into this capture at info level.
    var logger: Logger {
        Logger(label: "captured") { _ in Handler(log: self) }
    }

    /// Every line so far, metadata included.
    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return lines.joined(separator: "\n")
    }

    fileprivate func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { _, given in given }
            log.append("\(event.level) \(event.message) \(all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
        }
    }
}
