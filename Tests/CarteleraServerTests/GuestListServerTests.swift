import CarteleraSignUps
import CarteleraTesting
import Foundation
import Testing

@Suite struct GuestListServerTests {
    private let open = "/api/nights/\(ServerFixture.segment(ServerFixture.openNight))/guestlist"

    private func error(_ reply: LoopbackClient.Reply) -> (code: String?, parameter: String?) {
        let error = ServerFixture.object(reply)["error"] as? [String: Any]
        return (error?["code"] as? String, error?["parameter"] as? String)
    }

    @Test func aReaderSignsUpAndCancelsWithTheCode() async throws {
        let fixture = try ServerFixture()
        let log = CapturedLog()
        try await fixture.start(logger: log.logger)
        defer { Task { await fixture.stop() } }
        let state = try await fixture.get(open)
        #expect(ServerFixture.object(state)["status"] as? String == "open")
        #expect(ServerFixture.object(state)["placesLeft"] as? Int == 50)
        #expect(ServerFixture.object(state)["maximumParty"] as? Int == 4)

        let joined = try await fixture.postJSON(open, #"{"name":"Ana López","party_size":3,"contact":"ana.lopez@example.com"}"#)
        #expect(joined.status == 201)
        #expect(joined.headers["cache-control"] == "no-store")
        let receipt = ServerFixture.object(joined)
        let reference = try #require(receipt["reference"] as? String)
        let code = try #require(receipt["cancellationCode"] as? String)
        #expect(receipt["placesLeft"] as? Int == 47)
        #expect(code.count == 26)
        #expect(ServerFixture.object(try await fixture.get(open))["placesLeft"] as? Int == 47)

        let again = try await fixture.postJSON(open, #"{"name":"Ana","party_size":1,"contact":"ANA.LOPEZ@example.com"}"#)
        #expect(again.status == 409)
        #expect(error(again).code == "already_signed_up")

        let wrong = try await fixture.send("DELETE", "\(open)/\(reference)", headers: ["X-Cancellation-Code": "AAAAAAAAAAAAAAAAAAAAAAAAAA"])
        #expect(wrong.status == 403)
        let cancelled = try await fixture.send("DELETE", "\(open)/\(reference)", headers: ["Content-Type": "application/json"],
                                               body: Array("{\"code\":\"\(code)\"}".utf8))
        #expect(cancelled.status == 200)
        #expect(ServerFixture.object(cancelled)["cancelled"] as? Bool == true)
        #expect(ServerFixture.object(try await fixture.get(open))["placesLeft"] as? Int == 50)
        #expect(try await fixture.send("DELETE", "\(open)/\(reference)", headers: ["X-Cancellation-Code": code]).status == 404)

        // The personal data stays in the sign-ups area: not in API answers, published files or the log.
        let nights = try await fixture.get("/api/query/nights?limit=100").text
        let stored = try #require(FileManager.default.contentsOfDirectory(atPath: fixture.store.root + "/signups").first { $0.hasSuffix(".json") })
        let attributes = try FileManager.default.attributesOfItem(atPath: fixture.store.root + "/signups/" + stored)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        for secret in ["Ana López", "ana.lopez@example.com", code] {
            #expect(!nights.contains(secret))
            #expect(!log.text.contains(secret))
        }
        #expect(log.text.contains("path=/api/nights/"))
    }

    @Test func theListsOwnStateRefusesWithAReason() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let body = #"{"name":"Luis","party_size":1,"contact":"+34 600 123 456"}"#
        let cases: [(String, String)] = [
            (ServerFixture.fullNight, "full"), (ServerFixture.closedNight, "closed"), (ServerFixture.pastDeadlineNight, "deadline_passed"),
        ]
        for (night, reason) in cases {
            let reply = try await fixture.postJSON("/api/nights/\(ServerFixture.segment(night))/guestlist", body)
            #expect(reply.status == 409, "\(night)")
            #expect(error(reply).code == reason, "\(night)")
        }
        let none = try await fixture.postJSON("/api/nights/\(ServerFixture.segment(ServerFixture.plainNight))/guestlist", body)
        #expect(none.status == 404)
        #expect(error(none).code == "no_guest_list")
    }

    @Test func fieldsAreCheckedAndNamed() async throws {
        let fixture = try ServerFixture()
        try await fixture.start { $0.signUpsPerMinute = 1_000 }
        defer { Task { await fixture.stop() } }
        let cases: [(String, String)] = [
            (#"{"party_size":1,"contact":"a@b.es"}"#, "name"),
            (#"{"name":"<script>alert(1)</script>","party_size":1,"contact":"a@b.es"}"#, "name"),
            (#"{"name":"\#(String(repeating: "a", count: 81))","party_size":1,"contact":"a@b.es"}"#, "name"),
            (#"{"name":"Eva","party_size":5,"contact":"a@b.es"}"#, "party_size"),
            (#"{"name":"Eva","party_size":0,"contact":"a@b.es"}"#, "party_size"),
            (#"{"name":"Eva","party_size":1.5,"contact":"a@b.es"}"#, "party_size"),
            (#"{"name":"Eva","party_size":"-2","contact":"a@b.es"}"#, "party_size"),
            (#"{"name":"Eva","party_size":true,"contact":"a@b.es"}"#, "party_size"),
            (#"{"name":"Eva","party_size":1,"contact":"a@b"}"#, "contact"),
            (#"{"name":"Eva","party_size":1,"contact":"123"}"#, "contact"),
            (#"{"name":"Eva","party_size":1,"contact":"a@b.es\r\nBcc: x@y.z"}"#, "contact"),
        ]
        for (json, field) in cases {
            let reply = try await fixture.postJSON(open, json)
            #expect(reply.status == 400, "\(json)")
            #expect(error(reply).parameter == field, "\(json): \(reply.text)")
        }
        for bad in ["{\"name\":", "[1,2]", "\"text\"", "{\"name\":{\"x\":1}}"] {
            let reply = try await fixture.postJSON(open, bad)
            #expect(reply.status == 400, "\(bad)")
        }
        let invalidUTF8 = try await fixture.send("POST", open, headers: ["Content-Type": "application/json"],
                                                 body: Array(#"{"name":""#.utf8) + [0xC3, 0x28] + Array(#"","party_size":1,"contact":"a@b.es"}"#.utf8))
        #expect(invalidUTF8.status == 400)
        let plain = try await fixture.send("POST", open, headers: ["Content-Type": "text/plain"], body: Array("name=Eva".utf8))
        #expect(plain.status == 415)
        let huge = try await fixture.postJSON(open, "{\"name\":\"" + String(repeating: "a", count: 20_000) + "\"}")
        #expect(huge.status == 413)
        #expect(try await fixture.get(open).status == 200)
        #expect(ServerFixture.object(try await fixture.get(open))["placesLeft"] as? Int == 50)
    }

    @Test func aPlainHTMLFormSignsUpAndCancelsWithoutJavaScript() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let joined = try await fixture.send("POST", open, headers: form, body: Array("name=Mar%C3%ADa+Ruiz&party_size=2&contact=%2B34+611+222+333".utf8))
        #expect(joined.status == 201)
        #expect(joined.headers["content-type"] == "text/html; charset=utf-8")
        #expect(joined.headers["content-security-policy"] != nil)
        #expect(joined.text.contains("María Ruiz") == false)
        let reference = try #require(joined.text.firstMatch(of: /<code>(GL-[0-9A-Z]{8})<\/code>/)?.1)
        let code = try #require(joined.text.firstMatch(of: /name="code" value="([0-9A-Z]{26})"/)?.1)
        #expect(joined.text.contains("action=\"guestlist/\(reference)/cancel\""))
        let refused = try await fixture.send("POST", open, headers: form, body: Array("name=X&party_size=9&contact=x%40y.es".utf8))
        #expect(refused.status == 400)
        #expect(refused.headers["content-type"] == "text/html; charset=utf-8")
        let cancelled = try await fixture.send("POST", "\(open)/\(reference)/cancel", headers: form, body: Array("code=\(code)".utf8))
        #expect(cancelled.status == 200)
        #expect(cancelled.text.contains(String(reference)))
        #expect(ServerFixture.object(try await fixture.get(open))["placesLeft"] as? Int == 50)
    }

    @Test func signUpsAreRateLimitedPerClient() async throws {
        let fixture = try ServerFixture()
        try await fixture.start { $0.signUpsPerMinute = 3 }
        defer { Task { await fixture.stop() } }
        var statuses: [Int] = []
        var retryAfter: String?
        for index in 0..<5 {
            let reply = try await fixture.postJSON(open, "{\"name\":\"Cliente\",\"party_size\":1,\"contact\":\"c\(index)@example.com\"}")
            statuses.append(reply.status)
            if reply.status == 429 { retryAfter = reply.headers["retry-after"] }
        }
        #expect(statuses == [201, 201, 201, 429, 429])
        #expect(Int(retryAfter ?? "") ?? 0 >= 1)
        #expect(try await fixture.get(open).status == 200)
    }
}
