@testable import CarteleraServer
import Testing

/// The query string's rules, each answered with the same status and message however the string is read: a name given
/// twice, empty values, broken escapes, names the endpoint does not take, bytes that are not UTF-8, several faults at once.
@Suite struct QueryStringRuleTests {
    /// Every name the query endpoints take, as their 400 lists them.
    static let queryNames = "all-genres, at, channel, channel-list, city, day, featured, free, from, genre, guest-list-open, limit, match, "
        + "min-rating, music, near, next, now, offset, sort, text, to, tonight, type, window, within, year"

    @Test func eachRuleIsAnsweredWithItsOwnMessage() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        let cases: [(target: String, code: String, parameter: String?, message: String)] = [
            // Given twice: a single value or a flag is refused with every value; a list takes them all.
            ("/api/query/programmes?limit=1&limit=2", "bad_parameter", "limit", "limit=1,2: give it once"),
            ("/api/query/venues?free=&free=", "bad_parameter", "free", "free=,: give it once"),
            ("/api/query/programmes?channel-list=a&channel-list=b", "bad_parameter", "channel-list", "channel-list=a,b: give it once"),
            ("/api/shake/programmes?seed=1&seed=2&genre=comedy", "bad_parameter", "seed", "seed: give it once"),
            ("/api/now?at=2026-11-25T18:00Z&at=2026-11-25T18:00Z", "bad_parameter", "at", "at: give it once"),
            // Several faults: the first by name is named, whatever their order in the string.
            ("/api/query/programmes?text=x&text=y&limit=1&limit=2", "bad_parameter", "limit", "limit=1,2: give it once"),
            ("/api/query/programmes?zeta=1&alpha=2", "bad_parameter", "alpha", "alpha: unknown parameter here (this endpoint takes \(Self.queryNames))"),
            // Empty values.
            ("/api/query/programmes?limit=", "bad_parameter", "limit", "limit: use a number of rows from 1 to 10000"),
            ("/api/query/programmes?text=", "bad_parameter", "text", "text: give one to 200 characters of text"),
            ("/api/query/programmes?sort=time,", "bad_parameter", "sort",
             "sort=time,: an empty order: programmes sort by time, title, rating, year, channel, relevance, or several comma-separated to break ties"),
            ("/api/query/programmes?=1", "bad_parameter", "", ": unknown parameter here (this endpoint takes \(Self.queryNames))"),
            // Broken escapes, in a value or a name, before anything else is read.
            ("/api/query/programmes?limit=5&text=%zz&limit=6", "bad_parameter", "text", "text: is not valid percent-encoded UTF-8"),
            ("/api/query/programmes?text=abc%4", "bad_parameter", "text", "text: is not valid percent-encoded UTF-8"),
            ("/api/query/programmes?%zz=1", "bad_parameter", "%zz", "a parameter name: is not valid percent-encoded UTF-8"),
            ("/api/query/programmes?limit%3D1", "bad_parameter", "limit=1", "limit=1: unknown parameter here (this endpoint takes \(Self.queryNames))"),
            // Not UTF-8, raw (arriving as U+FFFD) or escaped, and control characters.
            ("/api/query/programmes?text=%ff%fe", "bad_parameter", "text", "text: is not valid percent-encoded UTF-8"),
            ("/api/query/programmes?text=%ED%A0%80", "bad_parameter", "text", "text: is not valid percent-encoded UTF-8"),
            ("/api/query/programmes?text=a%EF%BF%BD%01", "bad_parameter", "text", "text: is not valid percent-encoded UTF-8"),
            ("/api/query/programmes?%ff=1", "bad_parameter", "%ff", "a parameter name: is not valid percent-encoded UTF-8"),
            ("/api/query/programmes?text=%C2%85", "bad_parameter", "text", "text: holds a control character"),
            ("/api/query/programmes?a%0a=1", "bad_parameter", "parameter name", "a parameter name: holds a control character"),
            // Names another endpoint takes.
            ("/api/query/programmes?seed=1", "bad_parameter", "seed", "seed: unknown parameter here (this endpoint takes \(Self.queryNames))"),
            ("/api/now?limit=1", "bad_parameter", "limit", "limit: unknown parameter here (this endpoint takes at, channel, channel-list)"),
            // A comma followed by a combining mark is one character with it: no place to split a list.
            ("/api/query/programmes?genre=comedy,%CC%81drama", "bad_parameter", "genre", "genre=comedy,\u{301}drama: unknown genre; the closest are comedy, drama, adventure"),
            ("/api/query/programmes?channel=La1.es,%CC%81La2.es", "bad_parameter", "channel",
             "channel=La1.es,\u{301}La2.es: no such channel in the store; the closest are La1.es, La2.es"),
            ("/api/query/programmes?" + (1...65).map { "p\($0)=1" }.joined(separator: "&"), "too_many_parameters", nil, "at most 64 parameters"),
        ]
        for (target, code, parameter, message) in cases {
            let reply = try await fixture.get(target)
            #expect(reply.status == 400, "\(target)")
            let error = ServerFixture.object(reply)["error"] as? [String: Any]
            #expect(error?["code"] as? String == code, "\(target): \(reply.text)")
            #expect(error?["parameter"] as? String == parameter, "\(target): \(reply.text)")
            #expect(error?["message"] as? String == message, "\(target): \(reply.text)")
        }
    }

    @Test func emptyPartsRepeatedListsAndEscapedNamesAreAccepted() async throws {
        let fixture = try ServerFixture()
        try await fixture.start()
        defer { Task { await fixture.stop() } }
        // The same query written four ways: one answer.
        let plain = try await fixture.get("/api/query/programmes?channel=La1.es,La2.es&limit=5")
        #expect(plain.status == 200, "\(plain.text)")
        for same in ["/api/query/programmes?&&channel=La1.es&&channel=La2.es&limit=5&", "/api/query/programmes?channel=La1.es,,+La2.es+,&li%6Dit=5",
                     "/api/query/programmes?channel=%4Ca1.es%2CLa2.es&limit=5"] {
            let reply = try await fixture.get(same)
            #expect(reply.status == 200 && reply.body == plain.body, "\(same): \(reply.text)")
        }
        // An empty list and a flag given without a value.
        #expect(try await fixture.get("/api/query/programmes?channel=,&genre=&limit=1").status == 200)
        #expect(try await fixture.get("/api/query/venues?free&limit=1").status == 200)
    }
}
