import CarteleraTesting
import Foundation
import Testing

/// A value shared between threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// `cartelera serve` as a process: answers that stay whole while `cartelera scrape` commits, and a graceful SIGTERM.
@Suite struct ServeLoadTests {
    /// A folder with one XMLTV source whose file alternates between two versions, served on loopback.
    final class ChurningSource: @unchecked Sendable {
        let root: TemporaryFolder
        let server: LoopbackServer
        let version = Locked("A")

        init() throws {
            root = try TemporaryFolder("serve-churn")
            try FileManager.default.createDirectory(atPath: root.path + "/Scrapers/churn.example", withIntermediateDirectories: true)
            try """
                kind: xmltv
                name: Churn
                site: https://churn.example
                timezone: Europe/Madrid
                request:
                  url: "https://churn.example/guia.xml"
                days: 1
                """.write(toFile: root.path + "/Scrapers/churn.example/source.yaml", atomically: true, encoding: .utf8)
            let version = self.version
            server = try LoopbackServer { request in
                guard request.path.hasSuffix("guia.xml") else { return .status(404) }
                return .ok(Self.guide(version: version.withLock { $0 }), contentType: "application/xml")
            }
        }

        /// Today's programmes on two channels, every title marked with the version.
        static func guide(version: String) -> String {
            let midnight = Int(Date().timeIntervalSince1970) / 86_400 * 86_400
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMddHHmmss"
            var programmes = ""
            for channel in ["Uno.es", "Dos.es"] {
                for hour in 0..<24 {
                    let start = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(midnight + hour * 3600)))
                    let stop = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(midnight + (hour + 1) * 3600)))
                    programmes += "<programme start=\"\(start) +0000\" stop=\"\(stop) +0000\" channel=\"\(channel)\"><title>Programa \(hour) \(version)</title></programme>\n"
                }
            }
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <tv><channel id="Uno.es"><display-name>Uno</display-name></channel><channel id="Dos.es"><display-name>Dos</display-name></channel>
                \(programmes)</tv>
                """
        }

        /// Scrapes the source once into the folder's store.
        func scrape() throws -> CLIRunner.Result {
            try CLIRunner.run(["scrape", "--sample-server", server.baseURL, "--source", "churn.example", "--scrapers", root.path + "/Scrapers",
                               "--store", root.path + "/store"], in: root.path)
        }
    }

    /// Starts `cartelera serve` on a free port over `store` and returns the process and its port.
    static func serve(store: String, output: String, arguments: [String] = []) throws -> (Process, Int) {
        let process = try CLIRunner.start(["serve", "--store", store, "--output", output, "--port", "0", "--json", "--no-access-log"] + arguments)
        let handle = try #require((process.standardOutput as? Pipe)?.fileHandleForReading)
        var line = Data()
        while let byte = try handle.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") { line.append(first) }
        let text = String(decoding: line, as: UTF8.self)
        let port = try #require(text.split(separator: ":").last.flatMap { Int($0.filter(\.isNumber)) }, "no port in \(text)")
        return (process, port)
    }

    @Test func answersDuringCommitsAreWholeAndFromTheOldOrTheNewStore() async throws {
        let source = try ChurningSource()
        #expect(try source.scrape().status == 0)
        let (server, port) = try Self.serve(store: source.root.path + "/store", output: source.root.path + "/public", arguments: ["--reads-per-minute", "1000000"])
        defer { server.terminate() }
        let target = "/api/query/programmes?limit=100&sort=title"
        let answerA = try LoopbackClient.send("GET", target, port: port)
        source.version.withLock { $0 = "B" }
        #expect(try source.scrape().status == 0)
        // The server opens a commit in the background: answers stay whole and from the old store until it has.
        var answerB = try LoopbackClient.send("GET", target, port: port)
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !answerB.text.contains("Programa 3 B"), ContinuousClock.now < deadline {
            #expect(answerB.body == answerA.body)
            try await Task.sleep(for: .milliseconds(50))
            answerB = try LoopbackClient.send("GET", target, port: port)
        }
        #expect(answerA.status == 200 && answerB.status == 200)
        #expect(answerA.text.contains("Programa 3 A") && answerB.text.contains("Programa 3 B"))
        #expect(answerA.body != answerB.body)

        let done = Locked(false)
        let answers = Locked([LoopbackClient.Reply?]())
        let clients = (0..<8).map { _ in
            Thread {
                while !done.withLock({ $0 }) {
                    let reply = try? LoopbackClient.send("GET", target, port: port)
                    answers.withLock { $0.append(reply) }
                }
            }
        }
        clients.forEach { $0.start() }
        var commits = 0
        for round in 0..<6 {
            source.version.withLock { $0 = round % 2 == 0 ? "A" : "B" }
            if try source.scrape().status == 0 { commits += 1 }
        }
        done.withLock { $0 = true }
        try await Task.sleep(for: .milliseconds(300))
        let all = answers.withLock { $0 }
        #expect(commits == 6)
        #expect(all.count > 50)
        #expect(all.allSatisfy { $0 != nil })
        let replies = all.compactMap { $0 }
        #expect(replies.allSatisfy { $0.status == 200 }, "\(Set(replies.map(\.status)))")
        #expect(replies.allSatisfy { $0.body == answerA.body || $0.body == answerB.body })
        #expect(replies.contains { $0.body == answerA.body } && replies.contains { $0.body == answerB.body })
    }

    @Test func sigtermLetsAnInFlightRequestEnd() async throws {
        let source = try ChurningSource()
        #expect(try source.scrape().status == 0)
        let (server, port) = try Self.serve(store: source.root.path + "/store", output: source.root.path + "/public")
        let socket = try LoopbackSocket(port: port)
        let body = Array("{\"name\":\"Ana\",\"party_size\":1,\"contact\":\"ana@example.com\"}".utf8)
        try socket.write(Array("POST /api/nights/none/guestlist HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
            + body.prefix(10))
        try await Task.sleep(for: .milliseconds(200))
        kill(server.processIdentifier, SIGTERM)
        try await Task.sleep(for: .milliseconds(300))
        try socket.write(Array(body.dropFirst(10)))
        let reply = try #require(socket.readReply(within: 10))
        #expect(reply.status == 404)
        #expect(reply.text.contains("no night none"))
        server.waitUntilExit()
        #expect(server.terminationStatus == 0)
        #expect(throws: (any Error).self) { try LoopbackSocket(port: port) }
    }
}

@Suite struct GuestListCommandTests {
    @Test func theDoorListIsCSVOrJSONAndPruneDeletesNightsThatAreOver() throws {
        let folder = try TemporaryFolder("door")
        let store = folder.path + "/store"
        let signups = store + "/signups"
        try FileManager.default.createDirectory(atPath: signups, withIntermediateDirectories: true)
        let night = "madrid/sala@2026-11-27#fiesta"
        // A night the store does not hold and nobody signed up for is a mistyped id (a held one prints the header only:
        // FailureCommandLineTests.aMistypedNightIsAnErrorNotAnEmptyDoorList).
        let unknown = try CLIRunner.run(["guestlist", night, "--store", store])
        #expect(unknown.status == 2)
        #expect(unknown.stdout.isEmpty)
        let usage = try CLIRunner.run(["guestlist", "--store", store])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("give the night's id"))
        let pruned = try CLIRunner.run(["guestlist", "--prune", "--store", store])
        #expect(pruned.status == 0)
        #expect(pruned.stdout.contains("0 night(s) of sign-ups removed"))
    }
}
