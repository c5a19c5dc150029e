#if canImport(Glibc)
import Glibc
#endif
import CarteleraModel
import CarteleraQuery
import CarteleraTesting
import Foundation
import Synchronization
import Testing

@Suite struct APITests {
    /// The engine's own answer, encoded as the API encodes it.
    private func expected(_ fixture: ServerFixture, _ kind: Query.Kind, _ build: (inout QueryParameters) -> Void) throws -> [UInt8] {
        var parameters = QueryParameters()
        build(&parameters)
        let query = try parameters.query(kind: kind, context: QueryContext(now: ServerFixture.now, guideZone: fixture.madrid))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(try QueryEngine.open(fixture.store).answer(query)))
    }

    @Test func queriesAnswerWhatTheEngineAnswersForTheSameParameters() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let films = try await fixture.get("/api/query/programmes?type=film&sort=title&limit=3")
        #expect(films.status == 200)
        #expect(films.headers["content-type"] == "application/json; charset=utf-8")
        #expect(films.body == (try expected(fixture, .programmes) { $0[.type] = ["film"]; $0[.sort] = ["title"]; $0[.limit] = ["3"] }))
        let text = try await fixture.get("/api/query/programmes?text=accion&channel=La2.es&next=3h")
        #expect(text.body == (try expected(fixture, .programmes) { $0[.text] = ["accion"]; $0[.channel] = ["La2.es"]; $0[.next] = ["3h"] }))
        #expect((ServerFixture.object(text)["total"] as? Int ?? 0) > 0)
        let nights = try await fixture.get("/api/query/nights?guest-list-open&near=40.4168,-3.7038&within=2km")
        #expect(nights.body == (try expected(fixture, .nights) { $0[.guestListOpen] = ["true"]; $0[.near] = ["40.4168,-3.7038"]; $0[.within] = ["2km"] }))
        #expect(ServerFixture.object(nights)["total"] as? Int == 1)
    }

    @Test func badParametersAre400sNamingTheParameter() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let cases: [(String, String)] = [
            ("/api/query/programmes?year=2025-1990", "year"),
            ("/api/query/programmes?limit=99999999999999999999", "limit"),
            ("/api/query/programmes?limit=10001", "limit"),
            ("/api/query/programmes?offset=-1", "offset"),
            ("/api/query/programmes?colour=red", "colour"),
            ("/api/query/programmes?day=someday", "day"),
            ("/api/query/programmes?at=yesterday", "at"),
            ("/api/query/programmes?free=maybe", "free"),
            ("/api/query/venues?genre=drama", "genre"),
            ("/api/query/programmes?text=%ff%fe", "text"),
            ("/api/query/programmes?text=a%0d%0aSet-Cookie:%20x=1", "text"),
            ("/api/shake/programmes?seed=-3", "seed"),
            ("/api/airings", "title"),
            ("/api/now?channel-list=nope", "channel-list"),
            ("/api/now?channel=Foo.es", "channel"),
            ("/api/query/programmes?channel=La1.es,Foo.es", "channel"),
            ("/api/query/programmes?sort=title&sort=rating", "sort"),
            ("/api/query/programmes?sort=title,title", "sort"),
            ("/api/audiences/someday", "day"),
        ]
        for (target, parameter) in cases {
            let reply = try await fixture.get(target)
            #expect(reply.status == 400, "\(target)")
            let error = ServerFixture.object(reply)["error"] as? [String: Any]
            #expect(error?["parameter"] as? String == parameter, "\(target): \(reply.text)")
            #expect(reply.headers["set-cookie"] == nil)
            #expect(reply.headers["cache-control"] == "no-store")
        }
    }

    @Test func unknownThingsAre404sAndOtherMethods405s() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let spaceships = try await fixture.get("/api/query/spaceships")
        #expect(spaceships.status == 404)
        #expect(spaceships.text.contains("no kind spaceships: use programmes, audiences, shares, venues, nights, promotions"))
        #expect(try await fixture.get("/api/shake/spaceships").status == 404)
        // Every kind's own path, and a path of no kind, take the same methods.
        for target in ["/api/query/venues", "/api/shake/nights", "/api/query/spaceships"] {
            let put = try await fixture.send("PUT", target)
            #expect(put.status == 405)
            #expect(put.headers["allow"] == "GET, HEAD, OPTIONS")
            #expect(try await fixture.send("OPTIONS", target).headers["allow"] == "GET, HEAD, OPTIONS")
        }
        #expect(try await fixture.get("/api/nowhere").status == 404)
        #expect(try await fixture.get("/api/nights/\(ServerFixture.segment("madrid/none@2026-11-27#x"))/guestlist").status == 404)
        let post = try await fixture.send("POST", "/api/query/programmes")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD, OPTIONS")
        let delete = try await fixture.send("DELETE", "/index.html")
        #expect(delete.status == 405)
        #expect(delete.headers["allow"] == "GET, HEAD")
        let long = try await fixture.get("/api/query/programmes?text=" + String(repeating: "a", count: 9000))
        #expect(long.status == 414)
    }

    @Test func shakeNowAiringsAndAudiencesAnswer() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        for seed in 1...8 {
            let pick = try await fixture.get("/api/shake/programmes?type=film&seed=\(seed)")
            #expect(pick.status == 200)
            let rows = ServerFixture.object(pick)["rows"] as? [[String: Any]] ?? []
            #expect(rows.count == 1)
            #expect(rows.first?["type"] as? String == "film")
            #expect(try await fixture.get("/api/shake/programmes?type=film&seed=\(seed)").body == pick.body)
        }
        #expect(try await fixture.get("/api/shake/programmes?type=film").headers["cache-control"] == "no-store")
        #expect(try await fixture.get("/api/shake/programmes?text=zzzzqqq").status == 404)
        let now = try await fixture.get("/api/now")
        let channels = (try JSONSerialization.jsonObject(with: Data(now.body)) as? [[String: Any]]) ?? []
        #expect(channels.compactMap { $0["channel"] as? String }.sorted() == ["La1.es", "La2.es"])
        #expect(channels.allSatisfy { $0["now"] != nil && $0["next"] != nil })
        let airings = try await fixture.get("/api/airings?title=\("Noticias La 1 7".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
        #expect(airings.status == 200)
        #expect(ServerFixture.object(airings)["total"] as? Int == 1)
        let audiences = try await fixture.get("/api/audiences/2026-11-26")
        #expect(ServerFixture.object(audiences)["day"] as? String == "2026-11-26")
        #expect((ServerFixture.object(audiences)["ranking"] as? [Any])?.isEmpty == true)
    }

    @Test func validatorsCachingCorsAndCompressionApply() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let target = "/api/query/programmes?limit=20"
        let first = try await fixture.get(target, headers: ["Origin": "https://app.example"])
        let tag = try #require(first.headers["etag"])
        let modified = try #require(first.headers["last-modified"])
        #expect(first.headers["cache-control"] == "public, max-age=30, must-revalidate")
        #expect(first.headers["access-control-allow-origin"] == "*")
        #expect(first.headers["x-content-type-options"] == "nosniff")
        #expect(first.headers["x-cartelera-generation"] == "1")
        let again = try await fixture.get(target, headers: ["If-None-Match": tag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(try await fixture.get(target, headers: ["If-None-Match": "\"other\""]).status == 200)
        #expect(try await fixture.get(target, headers: ["If-Modified-Since": modified]).status == 304)
        #expect(try await fixture.get(target, headers: ["If-Modified-Since": "Thu, 01 Jan 2015 00:00:00 GMT"]).status == 200)

        let zipped = try await fixture.get(target, headers: ["Accept-Encoding": "br;q=1, gzip;q=0.8"])
        #expect(zipped.headers["content-encoding"] == "gzip")
        #expect(zipped.headers["vary"] == "Accept-Encoding")
        #expect(zipped.headers["etag"] != tag)
        #expect(zipped.body.count < first.body.count)
        let folder = try TemporaryFolder("gzip")
        try Data(zipped.body).write(to: URL(fileURLWithPath: folder.path + "/answer.gz"))
        #expect(try ExternalCommand.run("/bin/gzip", ["-dc", folder.path + "/answer.gz"]).output == first.text)
        #expect(try await fixture.get(target, headers: ["Accept-Encoding": "gzip;q=0"]).headers["content-encoding"] == nil)

        let preflight = try await fixture.send("OPTIONS", target, headers: ["Origin": "https://app.example", "Access-Control-Request-Method": "GET"])
        #expect(preflight.status == 204)
        #expect(preflight.headers["access-control-allow-methods"] == "GET, HEAD, OPTIONS")
        let head = try await fixture.send("HEAD", target)
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(first.body.count))
    }

    @Test func anAnswerAskedAgainIsTheSameBytesPlainAndGzipped() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let target = "/api/query/programmes?sort=title&limit=20"
        let first = try await fixture.get(target)
        let again = try await fixture.get(target)
        let tag = try #require(first.headers["etag"])
        #expect(again.status == 200 && again.body == first.body && again.headers["etag"] == tag)
        #expect(try await fixture.get(target + "&offset=1").body != first.body)
        // The second gzip is the one kept from the first, under the plain bytes' tag made weak.
        let zipped = try await fixture.get(target, headers: ["Accept-Encoding": "gzip"])
        let zippedAgain = try await fixture.get(target, headers: ["Accept-Encoding": "gzip"])
        #expect(zipped.headers["content-encoding"] == "gzip" && zippedAgain.headers["content-encoding"] == "gzip")
        #expect(zippedAgain.body == zipped.body && zippedAgain.headers["etag"] == "W/" + tag)
        #expect(try await fixture.get(target, headers: ["Accept-Encoding": "gzip", "If-None-Match": "W/" + tag]).status == 304)
        // A shake with a seed is the same pick every time, kept as a query's answer is; without one it is never stored.
        let seeded = try await fixture.get("/api/shake/programmes?seed=7")
        #expect(seeded.status == 200 && seeded.headers["cache-control"] == "public, max-age=30, must-revalidate")
        #expect(try await fixture.get("/api/shake/programmes?seed=7").body == seeded.body)
        #expect(try await fixture.get("/api/shake/programmes?seed=7&text=zzzzqqq").status == 404)
        #expect(try await fixture.get("/api/shake/programmes?seed=7&text=zzzzqqq").status == 404)
    }

    @Test func aRequestAskedAgainIsSentAsItWasOnlyWithinItsSecond() async throws {
        /// A clock the test moves.
        final class MovingClock: Sendable {
            private let time = Mutex(ServerFixture.now)
            var now: Timestamp { time.withLock { $0 } }
            func advance(seconds: Int64) { time.withLock { $0 = $0.adding(seconds: seconds) } }
        }
        let clock = MovingClock()
        let fixture = try ServerFixture()
        try await fixture.start { $0.clock = { clock.now } }
        defer { Task { await fixture.stop() } }
        // `now` is read from the clock: the same query string later is another question.
        let target = "/api/query/programmes?now&sort=channel"
        let first = try await fixture.get(target)
        let again = try await fixture.get(target)
        #expect(first.status == 200 && again.body == first.body && again.headers["etag"] == first.headers["etag"])
        clock.advance(seconds: 2 * 3600)
        let later = try await fixture.get(target)
        #expect(later.status == 200 && later.body != first.body)
        #expect(later.body == (try await fixture.get(target + "&at=" + clock.now.iso8601)).body)
        #expect(try await fixture.get(target).body == later.body)
    }

    @Test func aNewCommitIsPickedUpWithoutARestart() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let before = try await fixture.get("/api/query/programmes?type=news&limit=1")
        #expect(before.text.contains("Noticias La 1 1\""))
        try fixture.commit(titleSuffix: " (bis)", at: ServerFixture.now.adding(seconds: 60))
        // The reload service opens the commit in the background: answers come from the old one until it has.
        var after = try await fixture.get("/api/query/programmes?type=news&limit=1")
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !after.text.contains("(bis)"), ContinuousClock.now < deadline {
            #expect(after.text == before.text)
            try await Task.sleep(for: .milliseconds(50))
            after = try await fixture.get("/api/query/programmes?type=news&limit=1")
        }
        #expect(after.text.contains("Noticias La 1 1 (bis)\""))
        #expect(after.headers["x-cartelera-generation"] == "2")
        #expect(after.headers["etag"] != before.headers["etag"])
    }

    @Test func healthSaysWhetherTheStoreIsReadable() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let healthy = try await fixture.get("/healthz")
        #expect(healthy.status == 200)
        #expect(ServerFixture.object(healthy)["storeReadable"] as? Bool == true)
        #expect(ServerFixture.object(healthy)["generation"] as? Int == 1)
        #expect(healthy.headers["cache-control"] == "no-store")

        let empty = try TemporaryFolder("no-store")
        let other = try ServerFixture()
        try await other.start { $0.storeRoot = empty.path + "/missing" }
        defer { Task { await other.stop() } }
        let sick = try await other.get("/healthz")
        #expect(sick.status == 503)
        #expect(ServerFixture.object(sick)["status"] as? String == "unavailable")
        let answer = try await other.get("/api/query/programmes")
        #expect(answer.status == 503)
        #expect((ServerFixture.object(answer)["error"] as? [String: Any])?["code"] as? String == "store_unreadable")
    }

    @Test func errorsSpeakTheQueryStringNotTheCommandLine() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let cases: [(String, String, String)] = [
            ("/api/query/programmes?genre=film", "genre", "genre=film: film is a programme type, not a genre: use type=film"),
            ("/api/query/programmes?type=drama", "type", "type=drama: drama is a genre, not a programme type: use genre=drama"),
            ("/api/query/venues?within=2km", "within", "within=2km: needs near=LAT,LON to measure from"),
            ("/api/query/programmes?now&day=today", "day", "day=today: use one of now, tonight, day and next, not several"),
            ("/api/query/programmes?sort=title&sort=rating", "sort", "sort=title,rating: give it once; for tie-breaking orders, list them in one: sort=rating,distance"),
            ("/api/query/programmes?all-genres", "all-genres", "all-genres: needs genre=G: the genres a programme must all have"),
            ("/api/now?channel=Foo.es", "channel", "channel=Foo.es: no such channel in the store; the closest are La1.es, La2.es"),
        ]
        for (target, parameter, message) in cases {
            let reply = try await fixture.get(target)
            #expect(reply.status == 400, "\(target)")
            let error = ServerFixture.object(reply)["error"] as? [String: Any]
            #expect(error?["parameter"] as? String == parameter, "\(target)")
            #expect(error?["message"] as? String == message, "\(target): \(reply.text)")
            #expect(!reply.text.contains("--"), "\(target): \(reply.text)")
        }
        // Known channels, trimmed, answer as before.
        let now = try await fixture.get("/api/now?channel=%20La2.es%20")
        #expect(now.status == 200)
        let channels = (try JSONSerialization.jsonObject(with: Data(now.body)) as? [[String: Any]]) ?? []
        #expect(channels.compactMap { $0["channel"] as? String } == ["La2.es"])
    }

    @Test func healthChecksTheStoreOnEveryCall() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        #expect(try await fixture.get("/healthz").status == 200)
        let manifest = fixture.store.root + "/manifest.json"
        let good = try Data(contentsOf: URL(fileURLWithPath: manifest))
        try Data("\u{0}garbage{".utf8).write(to: URL(fileURLWithPath: manifest + ".tmp"))
        #expect(rename(manifest + ".tmp", manifest) == 0)
        let sick = try await fixture.get("/healthz")
        #expect(sick.status == 503)
        #expect(ServerFixture.object(sick)["status"] as? String == "unavailable")
        #expect(ServerFixture.object(sick)["storeReadable"] as? Bool == false)
        #expect((ServerFixture.object(sick)["storeError"] as? String)?.contains("manifest.json") == true, "\(sick.text)")
        // The API goes on answering from the last generation it opened.
        #expect(try await fixture.get("/api/query/programmes?limit=1").status == 200)
        try good.write(to: URL(fileURLWithPath: manifest + ".tmp"))
        #expect(rename(manifest + ".tmp", manifest) == 0)
        #expect(try await fixture.get("/healthz").status == 200)
        try FileManager.default.removeItem(atPath: manifest)
        let missing = try await fixture.get("/healthz")
        #expect(missing.status == 503)
        #expect((ServerFixture.object(missing)["storeError"] as? String)?.contains("manifest.json") == true, "\(missing.text)")
    }

    @Test func corsIsForTheReadOnlyAPIAndNotForSignUps() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let origin = ["Origin": "https://app.example"]
        #expect(try await fixture.get("/api/now", headers: origin).headers["access-control-allow-origin"] == "*")
        let list = try await fixture.get("/api/nights/\(ServerFixture.segment(ServerFixture.openNight))/guestlist", headers: origin)
        #expect(list.status == 200)
        #expect(list.headers["access-control-allow-origin"] == nil)
        let plain = try await fixture.send("OPTIONS", "/api/now")
        #expect(plain.status == 204)
        #expect(plain.headers["allow"] == "GET, HEAD, OPTIONS")
    }

    @Test func theReadmesErrorExamplesAreWhatTheServerSays() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let readme = try String(contentsOfFile: RepositoryPaths.packageRoot() + "/README.md", encoding: .utf8)
        let examples = readme.split(separator: "\n").filter { $0.hasPrefix("GET /api/") && $0.contains(" 400 ") }
        #expect(examples.count >= 5)
        for example in examples {
            let parts = example.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            let target = String(parts[1])
            let said = String(example[example.range(of: " 400 ")!.upperBound...])
            let reply = try await fixture.get(target)
            #expect(reply.status == 400, "\(target)")
            let message = (ServerFixture.object(reply)["error"] as? [String: Any])?["message"] as? String ?? ""
            // An example may elide what depends on the store with "…".
            #expect(said.hasSuffix("…") ? message.hasPrefix(String(said.dropLast())) : message == said, "\(target): \(message)")
        }
    }
}
