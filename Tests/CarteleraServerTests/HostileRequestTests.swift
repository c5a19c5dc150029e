import CarteleraTesting
import Foundation
import Testing

@Suite struct HostileRequestTests {
    @Test func oversizedHeadsBodiesAndTargetsAre4xxAndTheServerGoesOn() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let hugeHeader = LoopbackClient.request("GET", "/healthz", headers: ["X-Padding": String(repeating: "a", count: 40_000)])
        let manyHeaders = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8)
            + (0..<300).flatMap { Array("X-H\($0): v\r\n".utf8) } + Array("Connection: close\r\n\r\n".utf8)
        let hugeTarget = LoopbackClient.request("GET", "/api/query/programmes?text=" + String(repeating: "b", count: 12_000))
        let declaredHuge = Array("POST /api/nights/x/guestlist HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\n\r\n{".utf8)
        let garbage = Array("\u{0}\u{1}GARBAGE\r\n\r\n".utf8)
        let badUTF8Path = Array("GET /caf".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        let injection = LoopbackClient.request("GET", "/api/query/programmes?text=x%0D%0ALocation:%20http://evil.example")
        let replies = try await fixture.concurrently([hugeHeader, manyHeaders, hugeTarget, declaredHuge, garbage, badUTF8Path, injection])
        let statuses = replies.map { $0?.status }
        #expect(statuses[0] == 400)
        #expect(statuses[1] == 400)
        #expect(statuses[2] == 414)
        #expect(statuses[3] == 413)
        #expect(statuses[4] == 400)
        #expect(statuses[5].map { (400..<500).contains($0) } == true, "\(statuses)")
        #expect(statuses[6] == 400)
        #expect(replies[6]?.headers["location"] == nil)
        #expect(try await fixture.get("/healthz").status == 200)
    }

    @Test func slowClientsAreCutOffWithoutStallingOthers() async throws {
        let fixture = try await Self.serverWithOneSecondDeadlines()
        defer { Task { await fixture.stop() } }
        let port = fixture.port
        // Twenty clients each trickle a request head one byte at a time (slowloris), and one opens and says nothing.
        let slow = try (0..<20).map { _ in try LoopbackSocket(port: port) }
        let silent = try LoopbackSocket(port: port)
        let trickle = Task.detached {
            let head = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
            for byte in head + Array(repeating: UInt8(ascii: "z"), count: 40) {
                for socket in slow { try? socket.write([byte]) }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        // Meanwhile everyone else is answered promptly.
        let started = Date()
        for _ in 0..<10 {
            #expect(try await fixture.get("/api/query/programmes?limit=5").status == 200)
        }
        #expect(Date().timeIntervalSince(started) < 3)
        let closed = try await OffPool.run { slow.allSatisfy { $0.closesWithin(4) } && silent.closesWithin(4) }
        #expect(closed)
        trickle.cancel()
        // A keep-alive connection left idle after its answer is closed too.
        let idle = try LoopbackSocket(port: port)
        try idle.write(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        #expect(try await OffPool.run { idle.closesWithin(4) })
        #expect(try await fixture.get("/healthz").status == 200)
    }

    @Test func aKeepAliveConnectionInUseOutlivesItsFirstDeadlines() async throws {
        let fixture = try await Self.serverWithOneSecondDeadlines()
        defer { Task { await fixture.stop() } }
        let socket = try LoopbackSocket(port: fixture.port)
        // A request every 0.4 s for 2.8 s: the first deadlines pass while the connection is busy, and it stays open.
        let answered = try await OffPool.run { () throws -> [Int] in
            var statuses: [Int] = []
            for _ in 0..<7 {
                try socket.write(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                let reply = socket.readAvailable()
                statuses.append(reply.starts(with: Array("HTTP/1.1 200".utf8)) ? 200 : reply.isEmpty ? 0 : -1)
                Thread.sleep(forTimeInterval: 0.4)
            }
            return statuses
        }
        #expect(answered == Array(repeating: 200, count: 7))
        // Once left alone, it is closed after the idle time.
        #expect(try await OffPool.run { socket.closesWithin(3) })
    }

    @Test func aBodyThatNeverEndsIsCutOff() async throws {
        let fixture = try ServerFixture()
        try await fixture.start { $0.requestSeconds = 1 }
        defer { Task { await fixture.stop() } }
        let socket = try LoopbackSocket(port: fixture.port)
        let target = "/api/nights/\(ServerFixture.segment(ServerFixture.openNight))/guestlist"
        try socket.write(Array("POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"na".utf8))
        #expect(try await OffPool.run { socket.closesWithin(4) })
        #expect(ServerFixture.object(try await fixture.get(target))["placesLeft"] as? Int == 50)
    }

    /// A server that gives a request head and an idle connection one second each.
    static func serverWithOneSecondDeadlines() async throws -> ServerFixture {
        let fixture = try ServerFixture()
        try await fixture.start {
            $0.requestSeconds = 1
            $0.idleSeconds = 1
        }
        return fixture
    }
}
