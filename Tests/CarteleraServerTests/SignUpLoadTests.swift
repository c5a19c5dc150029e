import CarteleraSignUps
import CarteleraTesting
import Foundation
import Testing

@Suite struct SignUpLoadTests {
    @Test func twoHundredConcurrentSignUpsFillFiftyPlacesExactly() async throws {
        let fixture = try ServerFixture(places: 50)
        try await fixture.start {
            $0.signUpsPerMinute = 1_000_000
            $0.readsPerMinute = 1_000_000
        }
        defer { Task { await fixture.stop() } }
        let target = "/api/nights/\(ServerFixture.segment(ServerFixture.openNight))/guestlist"
        let book = SignUpBook(store: fixture.store.root)
        for repetition in 0..<20 {
            let requests = (0..<200).map { index in
                LoopbackClient.request("POST", target, headers: ["Content-Type": "application/json"],
                                       body: Array("{\"name\":\"Persona \(index)\",\"party_size\":1,\"contact\":\"p\(repetition)-\(index)@example.com\"}".utf8))
            }
            let replies = try await fixture.concurrently(requests)
            let statuses = replies.map { $0?.status ?? 0 }
            #expect(statuses.filter { $0 == 201 }.count == 50, "repetition \(repetition): \(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")
            #expect(statuses.filter { $0 == 409 }.count == 150, "repetition \(repetition)")
            let refusals = replies.compactMap { $0 }.filter { $0.status == 409 }
                .compactMap { (ServerFixture.object($0)["error"] as? [String: Any])?["code"] as? String }
            #expect(Set(refusals) == ["full"])
            let stored = try book.signUps(night: ServerFixture.openNight)
            #expect(stored.count == 50)
            #expect(Set(stored.map(\.contactKey)).count == 50)
            #expect(Set(stored.map(\.reference)).count == 50)
            let accepted = Set(replies.compactMap { $0 }.filter { $0.status == 201 }.compactMap { ServerFixture.object($0)["reference"] as? String })
            #expect(accepted == Set(stored.map(\.reference)))
            #expect(ServerFixture.object(try await fixture.get(target))["placesLeft"] as? Int == 0)
            #expect(ServerFixture.object(try await fixture.get(target))["status"] as? String == "full")
            try FileManager.default.removeItem(atPath: book.folder)
        }
    }
}
