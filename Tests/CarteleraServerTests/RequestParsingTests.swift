@testable import CarteleraServer
import CarteleraModel
import CarteleraQuery
import Testing

/// The request path's own readers: the query string's decoder, the request target's quick check, and the key an answer
/// is kept under.
@Suite struct RequestParsingTests {
    @Test func aQueryStringDecodesPlusPercentAndUTF8AsFormsDo() throws {
        let given = try QueryString(request: "text=acci%C3%B3n+en+Alcal%c3%a1&channel=La1.es&channel=La2.es&free&sign=%2B1&plain=abc")
        #expect(given.values("text") == ["acción en Alcalá"])
        #expect(given.values("channel") == ["La1.es", "La2.es"])
        #expect(given.values("free") == [""])
        // An escaped plus is a plus, not a space.
        #expect(given.values("sign") == ["+1"])
        #expect(given.values("plain") == ["abc"])
        #expect(try QueryString(request: "na%6De=x").values("name") == ["x"])
        // Names in the order first given, each with its values; a declared name is known as one.
        #expect(given.entries.map(\.name) == ["text", "channel", "free", "sign", "plain"])
        #expect(given.entries.map(\.isDeclared) == [true, true, true, false, false])
    }

    @Test func aQueryStringRefusesBrokenEscapesBadUTF8AndControlCharacters() {
        for raw in ["text=%zz", "text=abc%4", "text=%", "text=%ff%fe", "text=%C3", "text=%ED%A0%80", "text=\u{FFFD}",
                    "text=a%0d%0ab", "text=%00", "text=%7F", "text=%C2%85", "%zz=1"] {
            #expect(throws: APIError.self, "\(raw)") { try QueryString(request: raw) }
        }
    }

    @Test func onlyPathsWithEscapesDotSegmentsBackslashesOrNonASCIINeedTheFullCheck() throws {
        for plain in ["/", "/api/query/programmes", "/canales/la-1.html", "/a.b/c..d/...x", "/feeds/", "//x"] {
            #expect(!RequestTargetMiddleware.needsDecoding(plain), "\(plain)")
        }
        for suspect in ["/.", "/..", "/a/../b", "/a/./b", "/a/..", "/%2e%2e/x", "/a%2Fb", "/a\\b", "/a\u{0}b", "/caña"] {
            #expect(RequestTargetMiddleware.needsDecoding(suspect), "\(suspect)")
        }
        // What the quick check passes, the full check passes too.
        for plain in ["/api/query/programmes", "/a.b/c..d/...x"] {
            #expect(try RequestTargetMiddleware.segments(plain).count == plain.split(separator: "/").count)
        }
    }

    @Test func anAnswerIsKeptApartFromTheInstantOnlyWhereItsRowsReadIt() {
        let one = Timestamp(secondsSince1970: 1_795_000_000), later = Timestamp(secondsSince1970: 1_795_000_001)
        for kind in [Query.Kind.programmes, .venues, .audiences, .shares] {
            #expect(AnswerKey(query: Query(kind: kind, at: one)) == AnswerKey(query: Query(kind: kind, at: later)), "\(kind)")
        }
        // A night's guest-list status and a promotion's validity move with the instant.
        for kind in [Query.Kind.nights, .promotions] {
            #expect(AnswerKey(query: Query(kind: kind, at: one)) != AnswerKey(query: Query(kind: kind, at: later)), "\(kind)")
        }
        #expect(AnswerKey(query: Query(kind: .programmes, at: one), seed: 1) != AnswerKey(query: Query(kind: .programmes, at: one), seed: 2))
    }
}
